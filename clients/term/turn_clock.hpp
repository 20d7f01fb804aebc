#pragma once
// The turn clock and the turn alerts, without a terminal: a seat's time as "m:ss" (marked "!"
// under 20 s while it runs), the seats whose time ran out since the last view (the server
// then played for them: `clock.timeouts` grew), and when to alert the player that their turn
// has come.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carc::term {

inline constexpr long long clock_warning_ms = 20000;

// The time left on `seat`'s clock at `now_ms` (Unix ms), counting down for the seat whose time
// runs; "" without one.
long long clock_remaining_ms(const nlohmann::json& clock, int seat, long long now_ms);
// "m:ss", or "!m:ss" while it runs with less than 20 s left; "" without a clock.
std::string clock_text(const nlohmann::json& clock, int seat, long long now_ms);
bool clock_low(const nlohmann::json& clock, int seat, long long now_ms);

// One seat per move the clock made since `before` (a game view's `clock`) in `after`.
std::vector<int> clock_moves(const nlohmann::json& before, const nlohmann::json& after);

// Says when the player's turn has come: true once each time `my_turn` turns true.
class TurnAlert {
public:
    bool update(bool my_turn) {
        const bool now = my_turn && !was_;
        was_ = my_turn;
        return now;
    }

private:
    bool was_ = false;
};

// The terminal's title as an xterm OSC 2 sequence, for terminals that take it (by `TERM`: xterm,
// rxvt, screen, tmux and their kin); "" for others.
std::string title_sequence(const std::string& term, const std::string& title);

}  // namespace carc::term

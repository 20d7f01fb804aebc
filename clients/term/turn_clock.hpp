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

// Says when to ring the bell: once when the player's turn begins (however many decisions the
// turn holds: the tile, its follower, a scoring order, ...) and once when their time runs low
// in it. `turn` is the game's turn number, `low` whether the player's clock runs under 20 s.
class TurnAlert {
public:
    bool update(bool my_turn, long long turn, bool low) {
        if (!my_turn) return false;
        bool ring = false;
        if (turn != alerted_turn_) {
            alerted_turn_ = turn;
            low_rung_ = false;
            ring = true;
        }
        if (low && !low_rung_) {
            low_rung_ = true;
            ring = true;
        }
        return ring;
    }

private:
    long long alerted_turn_ = -1;
    bool low_rung_ = false;
};

// The terminal's title as an xterm OSC 2 sequence, for terminals that take it (by `TERM`: xterm,
// rxvt, screen, tmux and their kin); "" for others.
std::string title_sequence(const std::string& term, const std::string& title);

}  // namespace carc::term

#pragma once
// The create-room form: a list of rows, each changed with left/right/space, turned into the
// `create_room` request (docs/protocol.md). It offers only what the server accepts (the
// engine's Game::create): Carcassonne 2-5 seats, 6 with The Tower; The Castle exactly 2 seats
// and no expansions; the tower rules only with The Tower. A row that cannot change says why.
// Pure, so its request can be tested.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carc::term {

// The bot kinds the form offers, weakest first, the order a change steps through them
// (docs/bots.md, "The ladder").
inline const std::vector<const char*>& bot_kinds() {
    static const std::vector<const char*> kinds = {"random",  "beginner", "greedy", "apprentice",
                                                   "amateur", "easy",     "medium", "hard"};
    return kinds;
}

struct CreateForm {
    bool castle = false;
    int seats = 2;
    int bots = 1;            // seats 2.. hold bots
    int bot_kind_index = 2;  // into bot_kinds(): greedy to start with
    bool tower = false;
    bool tower_rules = true;
    bool river2 = false;
    bool count = false;
    bool king_robber = false;
    bool cult = false;
    bool is_private = false;
    int clock = 0;  // index into clock_choices(): 0 none
    int row = 0;

    struct Row {
        std::string label;
        std::string value;
        bool enabled = true;
        std::string why;  // for a row that cannot change now: the reason; else a hint or ""
    };
    std::vector<Row> rows() const;  // the last row is the "Create" button
    void move(int delta);           // up / down
    void change(int delta);         // left / right / space on the current row
    nlohmann::json request() const;

    int max_seats() const { return castle ? 2 : tower ? 6 : 5; }

    struct ClockChoice {
        int initial_s;
        int increment_s;
    };
    static const std::vector<ClockChoice>& clock_choices();
};

}  // namespace carc::term

#include "create_form.hpp"

#include <algorithm>

namespace carc::term {

namespace {
constexpr int row_count = 13;
std::string yes(bool b) { return b ? "[x]" : "[ ]"; }
}  // namespace

std::vector<CreateForm::Row> CreateForm::rows() const {
    const bool base = !castle;
    return {
        {"Game", castle ? "The Castle (2 players)" : "Carcassonne", true},
        {"Seats", std::to_string(seats), base},
        {"Bots", std::to_string(bots) + (bots ? " (seats 2.." + std::to_string(bots + 1) + ")" : ""), true},
        {"Bot kind", greedy_bots ? "greedy" : "random", bots > 0},
        {"The Tower", yes(tower), base},
        {"  tower rules (floors, capture)", yes(tower_rules), base && tower},
        {"River II", yes(river2), base},
        {"City of Carcassonne & the Count", yes(count), base},
        {"King & Robber Baron", yes(king_robber), base},
        {"Cult (shrines)", yes(cult), base},
        {"Private (invite only)", yes(is_private), true},
        {"Turn clock", clock_choices()[static_cast<std::size_t>(clock)].label, true},
        {"", "[ Create the room ]", true},
    };
}

void CreateForm::move(int delta) {
    const auto r = rows();
    for (int step = 0; step < row_count; ++step) {
        row = (row + delta + row_count) % row_count;
        if (r[static_cast<std::size_t>(row)].enabled) return;
    }
}

void CreateForm::change(int delta) {
    switch (row) {
        case 0:
            castle = !castle;
            if (castle) seats = 2;
            break;
        case 1: seats = std::clamp(seats + delta, 2, 6); break;
        case 2: bots = (bots + delta + seats) % seats; break;
        case 3: greedy_bots = !greedy_bots; break;
        case 4: tower = !tower; break;
        case 5: tower_rules = !tower_rules; break;
        case 6: river2 = !river2; break;
        case 7: count = !count; break;
        case 8: king_robber = !king_robber; break;
        case 9: cult = !cult; break;
        case 10: is_private = !is_private; break;
        case 11: {
            const int n = static_cast<int>(clock_choices().size());
            clock = (clock + delta + n) % n;
            break;
        }
        default: break;
    }
    bots = std::clamp(bots, 0, seats - 1);
}

const std::vector<CreateForm::ClockChoice>& CreateForm::clock_choices() {
    static const std::vector<ClockChoice> choices = {
        {"none", 0, 0}, {"5 min + 10 s a move", 300, 10}, {"10 min + 20 s a move", 600, 20}, {"2 min + 5 s a move", 120, 5}};
    return choices;
}

nlohmann::json CreateForm::request() const {
    nlohmann::json bot_list = nlohmann::json::array();
    for (int s = 1; s <= bots; ++s) bot_list.push_back({{"seat", s}, {"kind", greedy_bots ? "greedy" : "random"}});
    nlohmann::json out = {{"type", "create_room"},
                          {"rules", castle ? "castle" : "carcassonne"},
                          {"seats", castle ? 2 : seats},
                          {"bots", std::move(bot_list)},
                          {"private", is_private}};
    const ClockChoice& c = clock_choices()[static_cast<std::size_t>(clock)];
    if (c.initial_s > 0)
        out["clock"] = {{"initial_ms", c.initial_s * 1000}, {"increment_ms", c.increment_s * 1000}, {"on_timeout", "random"}};
    if (!castle) {
        out["expansions"] = {{"tower", tower}, {"river2", river2}, {"count", count},
                             {"king_robber", king_robber}, {"cult", cult}};
        if (tower) out["options"] = {{"tower_tiles", true}, {"tower_rules", tower_rules}};
    }
    return out;
}

}  // namespace carc::term

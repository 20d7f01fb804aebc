#include "create_form.hpp"

#include <algorithm>

#include "i18n.hpp"

namespace carc::term {

namespace {

enum RowId { game, seat_count, bot_count, bot_kind, tower_row, tower_rules_row, river_row, count_row, king_row, cult_row,
             private_row, clock_row, create_row, row_count };

std::string yes(bool b) { return b ? "[x]" : "[ ]"; }

}  // namespace

std::vector<CreateForm::Row> CreateForm::rows() const {
    const bool base = !castle;
    const std::string no_expansions = castle ? tr("form.why.castle_alone") : "";
    const ClockChoice& c = clock_choices()[static_cast<std::size_t>(clock)];
    std::vector<Row> r(row_count);
    r[game] = {tr("form.game"), castle ? tr("form.castle") : tr("form.carcassonne"), true, ""};
    r[seat_count] = {tr("form.seats"), std::to_string(seats), base,
                     castle ? tr("form.why.castle_two") : tower ? tr("form.hint.seats_tower") : tr("form.hint.seats")};
    r[bot_count] = {tr("form.bots"),
                    bots ? tr("form.bots_value", {{"count", std::to_string(bots)}, {"last", std::to_string(bots + 1)}}) : "0",
                    true, tr("form.hint.bots")};
    r[bot_kind] = {tr("form.bot_kind"), tr("bot." + std::string(bot_kinds()[static_cast<std::size_t>(bot_kind_index)])), bots > 0, bots > 0 ? "" : tr("form.why.no_bots")};
    r[tower_row] = {tr("form.tower"), yes(tower), base && seats < 6,
                    castle ? no_expansions : seats == 6 ? tr("form.why.tower_six") : ""};
    r[tower_rules_row] = {tr("form.tower_rules"), yes(tower && tower_rules), base && tower,
                          castle ? no_expansions : tower ? "" : tr("form.why.tower_off")};
    r[river_row] = {tr("form.river2"), yes(river2), base, no_expansions};
    r[count_row] = {tr("form.count"), yes(count), base, no_expansions};
    r[king_row] = {tr("form.king_robber"), yes(king_robber), base, no_expansions};
    r[cult_row] = {tr("form.cult"), yes(cult), base, no_expansions};
    r[private_row] = {tr("form.private"), yes(is_private), true, ""};
    r[clock_row] = {tr("form.clock"),
                    c.initial_s ? tr("form.clock_value", {{"min", std::to_string(c.initial_s / 60)}, {"s", std::to_string(c.increment_s)}})
                                : tr("form.clock_none"),
                    true, c.initial_s ? tr("form.hint.clock") : ""};
    r[create_row] = {"", tr("form.create"), true, ""};
    return r;
}

void CreateForm::move(int delta) {
    const auto r = rows();
    for (int step = 0; step < row_count; ++step) {
        row = (row + delta + row_count) % row_count;
        if (r[static_cast<std::size_t>(row)].enabled) return;
    }
}

void CreateForm::change(int delta) {
    if (!rows()[static_cast<std::size_t>(row)].enabled) return;
    switch (row) {
        case game:
            castle = !castle;
            seats = castle ? 2 : std::max(seats, 2);
            break;
        case seat_count: seats = std::clamp(seats + delta, 2, max_seats()); break;
        case bot_count: bots = (bots + delta + seats) % seats; break;
        case bot_kind: {
            const int n = static_cast<int>(bot_kinds().size());
            bot_kind_index = ((bot_kind_index + delta) % n + n) % n;
            break;
        }
        case tower_row: tower = !tower; break;
        case tower_rules_row: tower_rules = !tower_rules; break;
        case river_row: river2 = !river2; break;
        case count_row: count = !count; break;
        case king_row: king_robber = !king_robber; break;
        case cult_row: cult = !cult; break;
        case private_row: is_private = !is_private; break;
        case clock_row: {
            const int n = static_cast<int>(clock_choices().size());
            clock = (clock + delta + n) % n;
            break;
        }
        default: break;
    }
    seats = std::clamp(seats, 2, max_seats());
    bots = std::clamp(bots, 0, seats - 1);
}

const std::vector<CreateForm::ClockChoice>& CreateForm::clock_choices() {
    static const std::vector<ClockChoice> choices = {{0, 0}, {300, 10}, {600, 20}, {120, 5}};
    return choices;
}

nlohmann::json CreateForm::request() const {
    nlohmann::json bot_list = nlohmann::json::array();
    for (int s = 1; s <= bots; ++s) bot_list.push_back({{"seat", s}, {"kind", bot_kinds()[static_cast<std::size_t>(bot_kind_index)]}});
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

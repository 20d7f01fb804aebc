// The game's side panel: the players (score, followers and floors in supply, clock, whose
// decision), prisoners and the City's and crowns' state, whose turn it is (and by when, in a
// turn-based game) with the tile in hand and why the cursor's place does not fit, the choices
// (scrolling, `pass` always in sight), and the log or the chat in the rows left (both when
// there is room), scrollable.

#include <algorithm>
#include <chrono>

#include "app.hpp"
#include "choice_list.hpp"
#include "deadline_text.hpp"
#include "event_text.hpp"
#include "i18n.hpp"
#include "market_text.hpp"
#include "text_width.hpp"
#include "tile_art.hpp"
#include "turn_clock.hpp"

namespace carc::term {

namespace {

std::string letter(int seat) { return std::string(1, static_cast<char>('A' + seat)); }

}  // namespace

// `text` wrapped to `width` (never cut) from row y; returns the next free row.
int App::draw_wrapped(int y, int x, const std::string& text, int width, Style style, bool bold) {
    for (const std::string& line : wrap(text, width)) screen_.text(y++, x, line, width, style, bold);
    return y;
}

void App::draw_sidebar(int x, int width) {
    const int bottom = screen_.height() - 2;  // the status line
    int y = draw_players(1, x, width);
    y = draw_turn(y, x, width);
    // The choices first (they are the decision at hand), the log and chat in what is left.
    y = draw_choices(y, x, width, bottom - y);
    if (bottom - y >= 3) draw_panel(y, x, width, bottom - y);
}

int App::draw_players(int y, int x, int width) {
    const json& g = model_.game();
    const json& seats = model_.view()["room"]["seats"];
    const json players = player_states(g);
    const bool clock = g.contains("clock") && g["clock"].is_object();
    const long long now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch()).count();
    const bool tower = model_.view()["room"]["settings"].value("expansions", json::object()).value("tower", false);
    // Fixed-width columns, so a long name is what gets cut and the numbers line up under
    // their heading: points, followers in supply (f), tower floors (t), clock, < who decides.
    auto numbers_of = [&](const json& p, int seat) {
        std::string n = std::string(" ") + pad_left(std::to_string(p.value("score", 0)), 3) + " " +
                        tr("side.supply", {{"n", pad(std::to_string(p.value("supply", 0)), 1)}});
        if (tower) n += " " + tr("side.floors", {{"n", pad(std::to_string(p.value("floors", 0)), 2)}});
        if (clock) n += " " + pad_left(clock_text(g["clock"], seat, now_ms), 5);
        return n + (g.value("decider", -1) == seat && g["result"].is_null() ? " <" : "  ");
    };
    const int numbers_w = players.empty() ? 0 : display_width(numbers_of(players[0], 0));
    const int name_w = std::max(1, width - 2 - numbers_w);
    const std::string points = tr("side.points");
    screen_.text(y, x, tr("side.players"), width, Style::text, true);
    const int points_x = x + 2 + name_w + 4 - display_width(points);
    if (points_x > x + display_width(tr("side.players"))) screen_.text(y, points_x, points, display_width(points), Style::text, true);
    ++y;
    for (std::size_t i = 0; i < players.size(); ++i) {
        const int seat = static_cast<int>(i);
        std::string name = model_.seat_name(seat, true);
        if (i < seats.size() && seats[i].value("kind", std::string()) == "human" && !seats[i].value("online", true))
            name += " " + tr("side.offline");
        if (i < seats.size() && seats[i].value("resigned", false)) name += " " + tr("side.resigned");
        if (i < seats.size() && seats[i].value("away", false)) name += " " + tr("side.away");
        screen_.text(y, x, letter(seat), 1, player_style(seat));
        const std::string numbers = numbers_of(players[i], seat);
        screen_.text(y, x + 2, pad(name, name_w) + numbers, width - 2, Style::text, model_.my_seat() == seat);
        if (clock && clock_low(g["clock"], seat, now_ms)) {  // under 20 s: the clock in red
            const int clock_x = x + 2 + name_w + display_width(numbers) - 2 - 5;
            screen_.text(y, clock_x, pad_left(clock_text(g["clock"], seat, now_ms), 5), 5, Style::bad, true);
        }
        ++y;
    }
    // Prisoners (The Tower): who holds whose followers.
    std::string held;
    for (std::size_t holder = 0; holder < players.size(); ++holder) {
        std::string of;
        const json prisoners = players[holder].value("prisoners", json::array());
        for (std::size_t owner = 0; owner < prisoners.size(); ++owner)
            for (int n = 0; n < prisoners[owner].get<int>(); ++n) of += letter(static_cast<int>(owner));
        if (!of.empty()) held += (held.empty() ? "" : ", ") + tr("side.holds", {{"who", letter(static_cast<int>(holder))}, {"them", of}});
    }
    if (!held.empty()) y = draw_wrapped(y, x, tr("side.prisoners", {{"list", held}}), width);
    // The City of Carcassonne: the Count's quarter and who stands in which; King and Robber Baron.
    if (g.contains("count_quarter") && g["count_quarter"].is_string()) {
        std::string city = tr("side.count", {{"quarter", tr("quarter_short." + g["count_quarter"].get<std::string>())}});
        for (const auto& f : g.value("followers", json::array()))
            if (f.value("spot", std::string()) == "quarter")
                city += " " + letter(f.value("owner", 0)) + ":" + tr("quarter_short." + f.value("quarter", std::string()));
        y = draw_wrapped(y, x, city, width);
    }
    std::string crowns;
    for (const char* crown : {"king", "robber"})
        if (g.contains(crown) && g[crown].is_number_integer() && g[crown].get<int>() >= 0)
            crowns += (crowns.empty() ? "" : "  ") + tr(std::string("side.") + crown, {{"who", letter(g[crown].get<int>())}});
    if (!crowns.empty()) y = draw_wrapped(y, x, crowns, width);
    return y;
}

int App::draw_turn(int y, int x, int width) {
    const json& g = model_.game();
    const json& result = g["result"];
    if (result.is_object()) {
        std::string winners;
        for (const auto& s : result.value("winners", json::array()))
            winners += (winners.empty() ? "" : ", ") + model_.seat_name(s.get<int>());
        return draw_wrapped(y, x, tr("side.game_over", {{"who", winners}}), width, Style::text, true);
    }
    const bool mine = model_.my_seat() && g.value("decider", -1) == *model_.my_seat();
    // A held placement (laid here, sent with its follower choice) is past the tile's step.
    const std::string phase = model_.held_placement() ? "place_follower" : g.value("phase", std::string());
    const std::string turn = mine ? tr("side.your_turn", {{"what", tr("phase.yours." + phase)}})
                                  : tr("side.other_turn", {{"who", model_.seat_name(g.value("decider", 0))}, {"what", tr("phase." + phase)}});
    y = draw_wrapped(y, x, turn, width, Style::text, mine);
    // A turn-based move's deadline, in the mover's view only.
    if (const json& you = model_.view()["you"]; mine && you.is_object() && you.contains("deadline_ms") &&
                                                 you["deadline_ms"].is_number_integer()) {
        const std::int64_t deadline = you["deadline_ms"].get<std::int64_t>();
        const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::system_clock::now().time_since_epoch()).count();
        y = draw_wrapped(y, x, move_deadline_text(deadline, now, local_utc_offset_minutes(deadline)), width);
    }
    // The tile in hand while it is to be laid (afterwards it is on the board).
    if (g["drawn_tile"].is_string() && phase == "place_tile") {
        const std::string id = g["drawn_tile"].get<std::string>();
        if (const TileInfo* t = model_.tiles().find(id)) {
            const int rotation = model_.my_placement() ? cursor_.rotation : 0;
            const TileArt art = draw_tile(*t, rotation, 0);
            for (int r = 0; r < tile_height; ++r) {
                StyledLine row(art.cells.begin() + r * tile_width, art.cells.begin() + (r + 1) * tile_width);
                screen_.line(y + r, x + 1, row, tile_width);
            }
            // Beside the tile: its id and rotation, where it fits, why not here (wrapped, so
            // they may go on below the tile).
            const int tx = x + tile_width + 2, tw = width - tile_width - 2;
            int ty = draw_wrapped(y, tx, id + (model_.my_placement() ? "  " + tr("side.rotation", {{"n", std::to_string(cursor_.rotation)}}) : ""), tw);
            if (model_.my_placement() && !model_.placements_ready()) ty = draw_wrapped(ty, tx, tr("side.finding"), tw);
            else if (model_.my_placement())
                ty = draw_wrapped(ty, tx, tr("side.places_fit", {{"count", std::to_string(legal_cells(model_.placements()).size())}}), tw);
            if (const std::string why = misfit_reason(model_, cursor_.at, cursor_.rotation); !why.empty())
                ty = draw_wrapped(ty, tx, why, tw, Style::bad);
            y = std::max(y + tile_height, ty);
        }
    }
    const int holder = model_.my_seat() ? ransom_holder(g, *model_.my_seat()) : -1;
    if (holder >= 0) y = draw_wrapped(y, x, tr("side.ransom", {{"who", model_.seat_name(holder)}}), width);
    return y;
}

// The choices in `rows` rows at most: a window around the selected one, `pass` always shown,
// long ones wrapped (choice_list.cpp).
int App::draw_choices(int y, int x, int width, int rows) {
    const std::vector<json> all = decision_options(model_);
    if (picked_on_board(all) && rows >= 2) {  // the market move: the fields of the cursor's tile
        const std::string hint = tr("side.pick_on_board", {{"count", std::to_string(option_cells(all).size())}});
        const int before = y;
        y = draw_wrapped(y, x, hint, width);
        rows -= y - before;
    }
    const std::vector<json> options = shown_options(model_, cursor_.at);
    if (options.empty() || rows < 2) return y;
    if (selected_option_ >= options.size()) selected_option_ = 0;
    const SeatNamer namer = [this](int s) { return model_.seat_name(s); };
    std::vector<std::string> texts;
    // A held placement reads as laid: its options are that tile's follower step.
    json game = model_.game();
    if (const auto& held = model_.held_placement(); held && game.value("drawn_tile", json()).is_string()) {
        game["phase"] = "place_follower";
        if (!game["board"].is_array()) game["board"] = json::array();
        game["board"].push_back({{"x", held->x}, {"y", held->y}, {"tile", game["drawn_tile"]}, {"rotation", held->rotation}});
    }
    for (const json& o : options)
        texts.push_back(o.value("type", std::string()) == "market_move"
                            ? market_choice_text(o, model_.view()["you"], game, model_.tiles(), namer)
                            : describe_action(o, game, model_.tiles(), namer));
    screen_.text(y++, x, tr("side.choices"), width, Style::text, true);
    for (const ChoiceRow& row : layout_choices(options, texts, selected_option_, width, rows - 1))
        screen_.text(y++, x, row.text, width, Style::text, row.selected, row.selected);
    return y;
}

void App::draw_panel(int y, int x, int width, int rows) {
    // Room for both: the log above, the chat below.
    if (rows >= 14) {
        const int log_rows = rows * 2 / 3;
        screen_.text(y, x, tr("side.log"), width, Style::text, true);
        const int a = draw_lines(y + 1, x, width, log_rows - 1, model_.log(), panel_ == Panel::log ? panel_scroll_ : 0);
        screen_.text(y + log_rows, x, tr("side.chat"), width, Style::text, true);
        const int b = draw_lines(y + log_rows + 1, x, width, rows - log_rows - 1, model_.chat(), panel_ == Panel::chat ? panel_scroll_ : 0);
        panel_scroll_ = std::min(panel_scroll_, panel_ == Panel::log ? a : b);
        return;
    }
    const bool log = panel_ == Panel::log;
    screen_.text(y, x, tr(log ? "side.log_switch" : "side.chat_switch"), width, Style::text, true);
    panel_scroll_ = std::min(panel_scroll_, draw_lines(y + 1, x, width, rows - 1, log ? model_.log() : model_.chat(), panel_scroll_));
}

int App::draw_lines(int y, int x, int width, int rows, const std::deque<std::string>& lines, int scroll) {
    if (rows <= 0) return 0;
    std::vector<std::string> wrapped;  // a long entry goes on indented
    for (const std::string& line : lines) {
        const auto parts = wrap(line, width - 2);
        for (std::size_t i = 0; i < parts.size(); ++i) wrapped.push_back((i == 0 ? "" : "  ") + parts[i]);
    }
    const int total = static_cast<int>(wrapped.size());
    const int max_scroll = std::max(0, total - rows);
    scroll = std::clamp(scroll, 0, max_scroll);
    const int end = total - scroll;
    const int begin = std::max(0, end - rows);
    for (int i = begin; i < end; ++i) screen_.text(y++, x, wrapped[static_cast<std::size_t>(i)], width);
    if (scroll > 0) screen_.text(y - 1, x, pad(tr("side.newer", {{"count", std::to_string(scroll)}}), width), width, Style::mark);
    return max_scroll;
}

}  // namespace carc::term

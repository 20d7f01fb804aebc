// The game: the board with its cursor, the score board, the tile in hand, the choices of the
// current decision (followers, tower, every other legal action as a numbered list), the event
// log and the chat.

#include <algorithm>
#include <chrono>
#include <curses.h>

#include "app.hpp"
#include "city_scene.hpp"
#include "event_text.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

bool is_enter(int k) { return k == '\n' || k == '\r' || k == KEY_ENTER || k == ' '; }

std::string phase_prompt(const std::string& phase) {
    if (phase == "place_tile") return "place your tile";
    if (phase == "place_follower") return "place a follower or pass";
    if (phase == "tower_capture") return "capture a follower or pass";
    if (phase == "city_follower") return "a follower into a quarter of the City?";
    if (phase == "move_count") return "move the Count?";
    if (phase == "redeploy") return "redeploy onto the feature marked on the board?";
    if (phase == "market_move") return "move from the market to a field";
    if (phase == "choose_scoring") return "choose what scores next";
    if (phase == "extra_turn") return "use a wall token?";
    return phase;
}

// The Tower: a player whose follower another player holds may buy it back (3 points) during
// their own turn. The seat holding one of `me`'s followers, or -1.
int ransom_holder(const json& game, int me) {
    if (!game.is_object() || game.value("turn_player", -1) != me || !game["result"].is_null()) return -1;
    const json players = player_states(game);
    for (std::size_t holder = 0; holder < players.size(); ++holder) {
        const json prisoners = players[holder].value("prisoners", json::array());
        if (static_cast<int>(holder) != me && me >= 0 && me < static_cast<int>(prisoners.size()) &&
            prisoners[static_cast<std::size_t>(me)].is_number_integer() && prisoners[static_cast<std::size_t>(me)].get<int>() > 0)
            return static_cast<int>(holder);
    }
    return -1;
}

// "m:ss" left on a seat's clock, counting down for the seat whose time runs.
std::string clock_text(const json& clock, int seat) {
    const json remaining = clock.value("remaining_ms", json::array());
    if (seat >= static_cast<int>(remaining.size()) || !remaining[static_cast<std::size_t>(seat)].is_number()) return "";
    long long ms = remaining[static_cast<std::size_t>(seat)].get<long long>();
    if (clock.value("running", -1) == seat) {
        const long long now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::system_clock::now().time_since_epoch()).count();
        ms -= std::max(0LL, now - clock.value("since", now));
    }
    ms = std::max(0LL, ms);
    const long long seconds = (ms / 1000) % 60;
    return " " + std::to_string(ms / 60000) + ":" + (seconds < 10 ? "0" : "") + std::to_string(seconds);
}

const std::deque<std::string>& legend() {
    static const std::deque<std::string> lines = {
        ". field   # city  * pennant", "| = + road (o: roads end)", "~ river   M cloister  S shrine",
        "T tower, digit: its height", "^ house  % tower  , courtyard (Castle)",
        "A-F followers   1-9 choices", "+---+ the tile fits here",
        ":06/07: wall, T..T corner tower, ? token",
        "T-| the City's wall, @ the Count"};
    return lines;
}

}  // namespace

void App::draw_game() {
    const json& room = model_.view()["room"];
    const json& g = model_.game();
    const auto me = model_.my_seat();
    header("carc-term - " + room.value("name", std::string()) + "  turn " + std::to_string(g.value("turn", 0)) +
           "  tiles left " + std::to_string(g.value("tiles_left", 0)) +
           (me ? "  you: " + std::string(1, static_cast<char>('A' + *me)) : "  spectating"));

    const int w = screen_.width(), h = screen_.height();
    const int side = std::clamp(w / 3, 30, 46);
    const int board_w = std::max(0, w - side - 1);
    const int board_h = std::max(0, h - 3);

    if (viewport_room_ != model_.room_id()) {  // a new room: start at the start tile
        viewport_room_ = model_.room_id();
        const BoardScene all = build_scene(model_, cursor_);
        cursor_.at = all.tiles.empty() ? BoardCoord{} : all.tiles.front().at;
        viewport_ = {cursor_.at.x - board_w / tile_width / 2, cursor_.at.y - board_h / tile_height / 2, board_w, board_h};
    }
    if (model_.my_placement() && model_.placements_ready() && seen_version_ != model_.version()) {
        seen_version_ = model_.version();
        const auto cells = legal_cells(model_.placements());
        if (!cells.empty() && std::find(cells.begin(), cells.end(), cursor_.at) == cells.end()) cursor_.at = cells.front();
        fit_rotation();
    }
    if (model_.my_decision() && seen_version_ != model_.version()) {  // a City decision: look there
        seen_version_ = model_.version();
        if (const auto focus = city_focus(g)) cursor_.at = *focus;
    }
    viewport_.width = board_w;
    viewport_.height = board_h;
    viewport_ = follow(viewport_, cursor_.at);
    const auto lines = render_board(build_scene(model_, cursor_), model_.tiles(), viewport_);
    for (std::size_t i = 0; i < lines.size(); ++i) screen_.line(1 + static_cast<int>(i), 0, lines[i], board_w);
    draw_sidebar(board_w + 1, side - 1);

    if (model_.my_placement())
        help_line("arrows/hjkl move  n/N next fit  r/R rotate  Enter place  c centre  ? legend  t chat  L leave  q quit");
    else if (model_.my_decision())
        help_line("1-9 choose  Tab next  Enter confirm  p pass  arrows move  t chat  L leave  q quit");
    else
        help_line("arrows/hjkl move  c centre  ? legend  t chat  L leave  q quit");
}

void App::draw_sidebar(int x, int width) {
    const json& g = model_.game();
    const json& seats = model_.view()["room"]["seats"];
    const int h = screen_.height();
    int y = 1;
    screen_.text(y++, x, "Players", width, Style::text, true);
    const json players = player_states(g);
    for (std::size_t i = 0; i < players.size(); ++i) {
        const int seat = static_cast<int>(i);
        const json& p = players[i];
        std::string name = model_.seat_name(seat);
        if (i < seats.size() && seats[i].value("kind", std::string()) == "bot") name += " (bot)";
        if (i < seats.size() && seats[i].value("kind", std::string()) == "human" && !seats[i].value("online", true)) name += " (off)";
        name.resize(18, ' ');
        std::string line = name + " " + std::to_string(p.value("score", 0)) + " pts  f" + std::to_string(p.value("supply", 0));
        if (p.value("floors", 0) > 0) line += " t" + std::to_string(p.value("floors", 0));
        for (const char* crown : {"king", "robber"})  // King & Robber Baron: who holds them
            if (g.contains(crown) && g[crown] == seat) line += crown == std::string("king") ? " King" : " Robber";
        if (g.contains("clock") && g["clock"].is_object()) line += clock_text(g["clock"], seat);
        if (g.value("decider", -1) == seat && g["result"].is_null()) line += " <";
        screen_.text(y, x, std::string(1, static_cast<char>('A' + seat)), 1, player_style(seat));
        screen_.text(y++, x + 2, line, width - 2, Style::text, model_.my_seat() == seat);
    }
    // The City of Carcassonne (the Count and followers in its quarters), King and Robber Baron.
    if (g.contains("count_quarter") && g["count_quarter"].is_string()) {
        std::string city = "City: Count in the " + g["count_quarter"].get<std::string>();
        for (const auto& f : g.value("followers", json::array()))
            if (f.value("spot", std::string()) == "quarter")
                city += ", " + std::string(1, static_cast<char>('A' + f.value("owner", 0))) + " in " + f.value("quarter", std::string());
        screen_.text(y++, x, city, width);
    }
    for (const char* crown : {"king", "robber"})
        if (g.contains(crown) && g[crown].is_number_integer() && g[crown].get<int>() >= 0)
            screen_.text(y++, x, std::string(crown == std::string("king") ? "King: " : "Robber Baron: ") +
                                     model_.seat_name(g[crown].get<int>()), width);
    ++y;

    const json& result = g["result"];
    if (result.is_object()) {
        std::string winners;
        for (const auto& s : result.value("winners", json::array())) winners += (winners.empty() ? "" : ", ") + model_.seat_name(s.get<int>());
        screen_.text(y++, x, "Game over. Winner: " + winners, width, Style::text, true);
    } else {
        const bool mine = model_.my_seat() && g.value("decider", -1) == *model_.my_seat();
        const std::string phase = g.value("phase", std::string());
        screen_.text(y++, x, mine ? "Your turn: " + phase_prompt(phase)
                                  : model_.seat_name(g.value("decider", 0)) + " is playing (" + phase + ")",
                     width, Style::text, mine);
        if (g["drawn_tile"].is_string()) {
            const std::string id = g["drawn_tile"].get<std::string>();
            if (const TileInfo* t = model_.tiles().find(id)) {
                const int rotation = model_.my_placement() ? cursor_.rotation : 0;
                const TileArt art = draw_tile(*t, rotation, 0);
                for (int r = 0; r < tile_height; ++r) {
                    StyledLine row(art.cells.begin() + r * tile_width, art.cells.begin() + (r + 1) * tile_width);
                    screen_.line(y + r, x + 1, row, tile_width);
                }
                screen_.text(y + 1, x + 10, id + (model_.my_placement() ? " rot " + std::to_string(cursor_.rotation) : ""), width - 10);
                y += tile_height;
            }
        }
        const int holder = model_.my_seat() ? ransom_holder(g, *model_.my_seat()) : -1;
        if (holder >= 0) screen_.text(y++, x, "$: pay 3 points to free your follower from " + model_.seat_name(holder), width);
        if (model_.my_placement() && !model_.placements_ready()) screen_.text(y++, x, "finding where it fits...", width);
        else if (model_.my_placement()) screen_.text(y++, x, std::to_string(legal_cells(model_.placements()).size()) + " places fit", width);
    }

    const std::vector<json> options = decision_options(model_);
    if (!options.empty()) {
        screen_.text(y++, x, "Choices", width, Style::text, true);
        if (selected_option_ >= options.size()) selected_option_ = 0;
        const SeatNamer namer = [this](int s) { return model_.seat_name(s); };
        for (std::size_t i = 0; i < options.size() && y < h - 8; ++i) {
            const std::string key = i < 9 ? std::to_string(i + 1) : " ";
            const bool on = i == selected_option_;
            screen_.text(y++, x, key + " " + describe_action(options[i], g, model_.tiles(), namer), width, Style::text, on, on);
        }
    }
    ++y;
    const int rest = h - 3 - y;
    y = show_legend_ ? draw_list(y, x, width, rest * 2 / 3, legend(), "Legend (? hides)")
                     : draw_list(y, x, width, rest * 2 / 3, model_.log(), "Log");
    draw_list(y, x, width, h - 2 - y, model_.chat(), "Chat");
}

void App::move_cursor(int dx, int dy) {
    cursor_.at.x += dx;
    cursor_.at.y += dy;
    fit_rotation();
}

void App::jump_legal(int delta) {
    const auto cells = legal_cells(model_.placements());
    if (cells.empty() || !model_.my_placement()) return;
    const auto it = std::find(cells.begin(), cells.end(), cursor_.at);
    const int n = static_cast<int>(cells.size());
    const int i = it == cells.end() ? (delta > 0 ? -1 : 0) : static_cast<int>(it - cells.begin());
    cursor_.at = cells[static_cast<std::size_t>(((i + delta) % n + n) % n)];
    fit_rotation();
}

// Keeps the rotation legal when the cursor reaches a cell where the tile fits.
void App::fit_rotation() {
    const auto rotations = legal_rotations(model_.placements(), cursor_.at);
    if (rotations.empty() || std::find(rotations.begin(), rotations.end(), cursor_.rotation) != rotations.end()) return;
    cursor_.rotation = rotations.front();
}

void App::rotate(int delta) {
    const auto rotations = legal_rotations(model_.placements(), cursor_.at);
    for (int k = 1; k <= 4; ++k) {
        const int r = ((cursor_.rotation + delta * k) % 4 + 4) % 4;
        if (rotations.empty() || std::find(rotations.begin(), rotations.end(), r) != rotations.end()) {
            cursor_.rotation = r;
            return;
        }
    }
}

void App::act(const json& action) {
    model_.request({{"type", "action"}, {"room", model_.room_id()}, {"version", model_.version()}, {"action", action}});
}

void App::place_tile() {
    const auto rotations = legal_rotations(model_.placements(), cursor_.at);
    if (std::find(rotations.begin(), rotations.end(), cursor_.rotation) == rotations.end()) {
        model_.set_status("the tile does not fit there: n jumps to a place where it does");
        return;
    }
    act({{"type", "place_tile"}, {"x", cursor_.at.x}, {"y", cursor_.at.y}, {"rotation", cursor_.rotation}});
    selected_option_ = 0;
}

void App::choose(std::size_t index) {
    const std::vector<json> options = decision_options(model_);
    if (index < options.size()) {
        act(options[index]);
        selected_option_ = 0;
    }
}

void App::game_key(int k) {
    if (k == KEY_LEFT || k == 'h') move_cursor(-1, 0);
    else if (k == KEY_RIGHT || k == 'l') move_cursor(1, 0);
    else if (k == KEY_UP || k == 'k') move_cursor(0, -1);
    else if (k == KEY_DOWN || k == 'j') move_cursor(0, 1);
    else if (k == 'n') jump_legal(1);
    else if (k == 'N') jump_legal(-1);
    else if (k == 'r') rotate(1);
    else if (k == 'R') rotate(-1);
    else if (k == 'c') {
        const BoardScene scene = build_scene(model_, cursor_);
        const Viewport all = fit_viewport(scene, 1);
        viewport_.left = all.left + (all.width - viewport_.width) / 2 / tile_width;
        viewport_.top = all.top + (all.height - viewport_.height) / 2 / tile_height;
        cursor_.at = {viewport_.left + viewport_.width / tile_width / 2, viewport_.top + viewport_.height / tile_height / 2};
    } else if (k == 't') {
        ask("Chat", [this](const std::string& text) {
            if (!text.empty()) model_.request({{"type", "chat"}, {"room", model_.room_id()}, {"text", text}});
        });
    } else if (k == '?') {
        show_legend_ = !show_legend_;
    } else if (k == 'L') {
        const bool playing = model_.view()["room"].value("status", std::string()) == "playing" && model_.my_seat();
        const auto leave = [this](const std::string& answer) {
            if (answer == "y" || answer == "yes") model_.request({{"type", "leave"}, {"room", model_.room_id()}});
        };
        if (playing) ask("Leaving resigns the game. Leave? (y/n)", leave);
        else leave("y");
    } else if (k == '$' && model_.my_seat()) {
        const int holder = ransom_holder(model_.game(), *model_.my_seat());
        if (holder >= 0) act({{"type", "ransom"}, {"target", holder}});
    } else if (model_.my_placement()) {
        if (is_enter(k)) place_tile();
    } else if (model_.my_decision()) {
        const std::vector<json> options = decision_options(model_);
        if (k >= '1' && k <= '9') choose(static_cast<std::size_t>(k - '1'));
        else if (k == '\t') selected_option_ = (selected_option_ + 1) % options.size();
        else if (k == KEY_BTAB) selected_option_ = (selected_option_ + options.size() - 1) % options.size();
        else if (is_enter(k)) choose(selected_option_);
        else if (k == 'p' || k == '0')
            for (const json& o : options)
                if (o.value("type", std::string()) == "pass") act(o);
    }
}

}  // namespace carc::term

// The game: the board with its cursor (the side panel is game_panel.cpp), and the game's keys.

#include <algorithm>
#include <curses.h>

#include "app.hpp"
#include "choice_list.hpp"
#include "city_scene.hpp"
#include "i18n.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

bool is_enter(int k) { return k == '\n' || k == '\r' || k == KEY_ENTER || k == ' '; }

}  // namespace

void App::draw_game() {
    const json& room = model_.view()["room"];
    const json& g = model_.game();
    const auto me = model_.my_seat();
    header(tr("header.game", {{"room", room.value("name", std::string())},
                              {"turn", std::to_string(g.value("turn", 0))},
                              {"left", std::to_string(g.value("tiles_left", 0))}}) +
           "  " + (me ? tr("header.you", {{"seat", std::string(1, static_cast<char>('A' + *me))}}) : tr("header.spectating")));

    // The side panel takes a third (30-46 columns) and whatever the board's whole cells leave.
    const int w = screen_.width(), h = screen_.height();
    int board_w = std::max(0, w - std::clamp(w / 3, 30, 46) - 1);
    board_w -= board_w % tile_width;
    const int side = w - board_w - 1;
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
        const std::vector<json> all = decision_options(model_);  // picked on the board: at the first
        if (const auto cells = option_cells(all); picked_on_board(all) && !cells.empty() &&
                                                  std::find(cells.begin(), cells.end(), cursor_.at) == cells.end())
            cursor_.at = cells.front();
    }
    if (model_.my_decision()) {
        // A new decision: the optional step's default is to pass (no follower by mistake).
        const std::vector<json> options = shown_options(model_, cursor_.at);
        if (json(options) != decision_shown_) {
            decision_shown_ = options;
            selected_option_ = pass_option(options).value_or(0);
        }
    }
    viewport_.width = board_w;
    viewport_.height = board_h;
    viewport_ = follow(viewport_, cursor_.at);
    const auto lines = render_board(build_scene(model_, cursor_), model_.tiles(), viewport_);
    for (std::size_t i = 0; i < lines.size(); ++i) screen_.line(1 + static_cast<int>(i), 0, lines[i], board_w);
    draw_sidebar(board_w + 1, side - 1);
    status_lines(game_keys());
}

// The keys that matter now, on the bottom line.
std::string App::game_keys() const {
    if (model_.my_placement()) return tr("keys.place");
    if (model_.my_decision()) {
        const std::vector<json> options = decision_options(model_);
        if (picked_on_board(options)) return tr("keys.decide_board");
        if (model_.held_placement()) return tr("keys.decide_placed");
        return tr(pass_option(options) ? "keys.decide" : "keys.decide_no_pass");
    }
    if (model_.game().is_object() && model_.game().contains("result") && model_.game()["result"].is_object())
        return tr("keys.game_over");
    if (seated_in_running_game()) return tr("keys.wait");
    return tr("keys.watch");
}

void App::move_cursor(int dx, int dy) {
    cursor_.at.x += dx;
    cursor_.at.y += dy;
    fit_rotation();
}

// To the next place where the tile fits, or the next cell with choices of a decision picked on
// the board.
void App::jump_legal(int delta) {
    const auto cells = model_.my_placement() ? legal_cells(model_.placements()) : option_cells(decision_options(model_));
    if (cells.empty() || (!model_.my_placement() && !picked_on_board(decision_options(model_)))) return;
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
    model_.user_request({{"type", "action"}, {"room", model_.room_id()}, {"version", model_.version()}, {"action", action}});
}

// Holds the tile for its follower step, which is sent with it as one action (choose); lays it
// at once when no follower step follows (the decision ends, or another kind comes next).
void App::place_tile() {
    if (const std::string why = misfit_reason(model_, cursor_.at, cursor_.rotation); !why.empty()) {
        model_.set_status(tr("status.no_fit", {{"why", why}}));
        return;
    }
    const json tile = {{"type", "place_tile"}, {"x", cursor_.at.x}, {"y", cursor_.at.y}, {"rotation", cursor_.rotation}};
    for (const Placement& p : model_.placements()) {
        if (p.x != cursor_.at.x || p.y != cursor_.at.y || p.rotation != cursor_.rotation) continue;
        if (follower_step(p.options)) model_.hold_placement(p);
        else act(tile);
        return;
    }
    act(tile);
}

void App::choose(std::size_t index) {
    const std::vector<json> options = shown_options(model_, cursor_.at);
    if (index < options.size() && model_.held_placement()) model_.choose_after_placement(options[index]);
    else if (index < options.size()) act(options[index]);
    decision_shown_ = json();  // the next decision starts at its default again
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
    } else if (k == 'e' && model_.game().contains("result") && model_.game()["result"].is_object()) {
        open_review(model_.room_id());  // the game's record has the room's id
    } else if (k == 't') {
        chat_prompt();
    } else if (k == 'v') {
        panel_ = panel_ == Panel::log ? Panel::chat : Panel::log;
        panel_scroll_ = 0;
    } else if (k == KEY_PPAGE || k == '[') {
        panel_scroll_ += 5;
    } else if (k == KEY_NPAGE || k == ']') {
        panel_scroll_ = std::max(0, panel_scroll_ - 5);
    } else if (k == 'z') {
        overlay_ = Overlay::log;
        panel_scroll_ = 0;
    } else if (k == 'L') {
        if (seated_in_running_game())  // leaving a running game is resigning it: said so, and asked
            confirm(tr("ask.resign"), [this] { model_.user_request({{"type", "resign"}, {"room", model_.room_id()}}); });
        else
            model_.user_request({{"type", "leave"}, {"room", model_.room_id()}});
    } else if (k == 'M' && model_.my_seat()) {
        model_.close_game();  // the seat stays; the game goes on without this screen
        my_games_row_ = 0;
        current_ = Screen::my_games;
    } else if ((k == 'V' || k == 'B' || k == 'W') && model_.my_seat()) {
        // Turn-based games (docs/protocol.md): the server says why when it does not apply.
        const char* type = k == 'V' ? "take_vacation" : k == 'B' ? "take_seat_back" : "claim_win";
        model_.user_request({{"type", type}, {"room", model_.room_id()}});
    } else if (k == '$' && model_.my_seat()) {
        const int holder = ransom_holder(model_.game(), *model_.my_seat());
        if (holder >= 0) act({{"type", "ransom"}, {"target", holder}});
    } else if (model_.my_placement()) {
        if (is_enter(k)) place_tile();
    } else if (model_.my_decision()) {
        const std::vector<json> options = shown_options(model_, cursor_.at);
        if (options.empty()) return;
        if (k == 'u' && model_.held_placement()) {  // take the tile back up: choose the square again
            model_.drop_placement();
            return;
        }
        const auto pass = pass_option(options);
        const auto numbered = k >= '1' && k <= '9' ? option_for_number(options, k - '0') : std::nullopt;
        if (numbered) choose(*numbered);
        else if (k == '\t') selected_option_ = (selected_option_ + 1) % options.size();
        else if (k == KEY_BTAB) selected_option_ = (selected_option_ + options.size() - 1) % options.size();
        else if (is_enter(k)) choose(selected_option_);
        else if ((k == 'p' || k == '0') && pass) choose(*pass);
    }
}

}  // namespace carc::term

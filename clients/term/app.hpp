#pragma once
// The interactive program: the UI thread's loop (keys, server messages, drawing) and the state
// of the screens. Screens: lobby and create form (lobby_ui.cpp), My games (my_games_ui.cpp),
// waiting room (waiting_ui.cpp),
// game (game_ui.cpp, its side panel in game_panel.cpp), and over any of them the help pages
// and the full-screen log (help_ui.cpp).

#include <csignal>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "board_renderer.hpp"
#include "client_model.hpp"
#include "connection.hpp"
#include "create_form.hpp"
#include "curses_screen.hpp"
#include "game_scene.hpp"
#include "review_screen.hpp"
#include "server_url.hpp"
#include "turn_clock.hpp"

namespace carc::term {

// A one-line text prompt at the bottom (chat, invite code).
struct Prompt {
    bool active = false;
    std::string label;
    std::string text;
    std::function<void(const std::string&)> done;
};

// A yes/no question at the bottom, answered by one key (quit, resign).
struct Question {
    bool active = false;
    std::string label;
    std::function<void()> yes;
};

struct Signals {
    const volatile std::sig_atomic_t& interrupt;  // Ctrl-C: asks like q does
    const volatile std::sig_atomic_t& terminate;  // SIGTERM, SIGHUP: quits at once
};

// The smallest window the screens are made for.
inline constexpr int min_columns = 80;
inline constexpr int min_rows = 24;

class App {
public:
    // `token_file`: where the reconnect token is kept ("" for nowhere).
    App(Connection& connection, ClientModel& model, std::string token_file);
    int run(const Signals& signals, volatile std::sig_atomic_t& interrupt_flag);
    // After the run: what to tell the user on the plain terminal ("" for nothing).
    const std::string& farewell() const { return farewell_; }
    // Where the move review's HTTP calls go, and the account's session for them ("" for a guest).
    void set_http(ServerUrl server, std::string session);

private:
    enum class Screen { lobby, create, my_games, room };
    enum class Overlay { none, help_keys, help_legend, log };
    enum class Panel { log, chat };

    void pump_network();
    void flush_outbox();
    void alert_turn();
    void save_token();
    void draw();
    void key(int k);
    void prompt_key(int k);
    void question_key(int k);
    void overlay_key(int k);
    void ask(std::string label, std::function<void(const std::string&)> done);
    void confirm(std::string label, std::function<void()> yes);
    void request_quit();
    void status_lines(const std::string& keys);
    void header(const std::string& title);
    bool in_running_game() const;
    bool seated_in_running_game() const;

    void draw_lobby();
    void lobby_key(int k);
    void draw_create();
    void create_key(int k);
    void open_my_games();
    void draw_my_games();
    void my_games_key(int k);
    void draw_waiting();
    void waiting_key(int k);
    void draw_game();
    void game_key(int k);
    std::string game_keys() const;
    void draw_overlay();
    void draw_too_small();
    std::vector<std::string> help_lines() const;

    // The side panel (game_panel.cpp); each part returns the next free row.
    void draw_sidebar(int x, int width);
    int draw_players(int y, int x, int width);
    int draw_turn(int y, int x, int width);
    int draw_choices(int y, int x, int width, int rows);
    int draw_wrapped(int y, int x, const std::string& text, int width, Style style = Style::text, bool bold = false);
    void draw_panel(int y, int x, int width, int rows);
    // Wrapped lines of `lines` into `rows` rows, the newest at the bottom, `scroll` rows up;
    // returns how far it can scroll.
    int draw_lines(int y, int x, int width, int rows, const std::deque<std::string>& lines, int scroll);

    // game helpers
    void move_cursor(int dx, int dy);
    void jump_legal(int delta);
    void rotate(int delta);
    void fit_rotation();
    void place_tile();
    void choose(std::size_t index);
    void act(const json& action);
    void chat_prompt();

    Connection& connection_;
    ClientModel& model_;
    CursesScreen screen_;
    Screen current_ = Screen::lobby;
    Overlay overlay_ = Overlay::none;
    Panel panel_ = Panel::log;
    int panel_scroll_ = 0;  // rows scrolled back from the newest
    std::string token_file_;
    std::string saved_token_;
    bool quit_ = false;
    bool dirty_ = true;
    Prompt prompt_;
    Question question_;
    std::string farewell_;
    std::size_t lobby_row_ = 0;
    std::size_t my_games_row_ = 0;
    CreateForm form_;
    BoardCursor cursor_;
    Viewport viewport_;
    std::string viewport_room_;  // the room the viewport was set up for
    std::size_t selected_option_ = 0;
    std::uint64_t seen_version_ = 0;
    json decision_shown_;  // the choices the selection belongs to
    TurnAlert turn_alert_;

    // The move review of a finished game and its replay (review_ui.cpp), over the screen that
    // opened it.
    void open_review(const std::string& game);
    bool review_tick();
    void draw_review();
    void review_key(int k);
    void draw_replay();
    void replay_key(int k);
    std::unique_ptr<ReviewScreen> review_;
    ServerUrl http_server_;
    std::string http_session_;
};

}  // namespace carc::term

#pragma once
// The interactive program: the UI thread's loop (keys, server messages, drawing) and the state
// of the screens. Screens: lobby (lobby_ui.cpp), create form, room = waiting room and game
// (room_ui.cpp, game_ui.cpp).

#include <csignal>
#include <functional>
#include <string>

#include "board_renderer.hpp"
#include "client_model.hpp"
#include "connection.hpp"
#include "create_form.hpp"
#include "curses_screen.hpp"
#include "game_scene.hpp"

namespace carc::term {

// A one-line text prompt at the bottom (chat, invite code, confirmations).
struct Prompt {
    bool active = false;
    std::string label;
    std::string text;
    std::function<void(const std::string&)> done;
};

class App {
public:
    // `token_file`: where to keep the reconnect token ("" for nowhere).
    App(Connection& connection, ClientModel& model, std::string token_file);
    int run(const volatile std::sig_atomic_t& stop_requested);

private:
    enum class Screen { lobby, create, room };

    void pump_network();
    void flush_outbox();
    void save_token();
    void draw();
    void key(int k);
    void prompt_key(int k);
    void ask(std::string label, std::function<void(const std::string&)> done);
    void help_line(const std::string& keys);
    void header(const std::string& title);

    void draw_lobby();
    void lobby_key(int k);
    void draw_create();
    void create_key(int k);
    void draw_waiting();
    void waiting_key(int k);
    void draw_game();
    void game_key(int k);
    void draw_sidebar(int x, int width);
    int draw_list(int y, int x, int width, int max_rows, const std::deque<std::string>& lines,
                  const std::string& title);

    // game helpers
    void move_cursor(int dx, int dy);
    void jump_legal(int delta);
    void rotate(int delta);
    void fit_rotation();
    void place_tile();
    void choose(std::size_t index);
    void act(const json& action);

    Connection& connection_;
    ClientModel& model_;
    CursesScreen screen_;
    Screen current_ = Screen::lobby;
    std::string token_file_;
    std::string saved_token_;
    bool quit_ = false;
    bool dirty_ = true;
    Prompt prompt_;
    std::size_t lobby_row_ = 0;
    CreateForm form_;
    BoardCursor cursor_;
    Viewport viewport_;
    std::string viewport_room_;  // the room the viewport was set up for
    std::size_t selected_option_ = 0;
    bool show_legend_ = false;
    std::uint64_t seen_version_ = 0;
};

}  // namespace carc::term

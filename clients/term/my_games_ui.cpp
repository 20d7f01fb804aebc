// My games: every game the person has a seat in (the `my_games` message), your turn first;
// Enter opens one to play the move, M in the game comes back here with the seat kept.

#include <curses.h>

#include "app.hpp"
#include "i18n.hpp"
#include "my_games_text.hpp"

namespace carc::term {

void App::open_my_games() {
    model_.request_my_games();
    my_games_row_ = 0;
    current_ = Screen::my_games;
}

void App::draw_my_games() {
    header(tr("header.my_games"));
    const json& games = model_.my_games();
    const int w = screen_.width();
    int y = 2;
    if (!model_.my_games_answered()) screen_.text(y++, 4, tr("my_games.asking"), w - 6);
    else if (games.empty()) screen_.text(y++, 4, tr("my_games.none"), w - 6);
    if (my_games_row_ >= games.size() && !games.empty()) my_games_row_ = games.size() - 1;
    // A window of the list around the selected game.
    const int rows = screen_.height() - 3 - y;
    const std::size_t first = games.size() > static_cast<std::size_t>(rows) && my_games_row_ >= static_cast<std::size_t>(rows)
                                  ? my_games_row_ - static_cast<std::size_t>(rows) + 1 : 0;
    for (std::size_t i = first; i < games.size() && y < screen_.height() - 2; ++i) {
        const bool on = i == my_games_row_;
        screen_.text(y++, 2, (on ? ">" : " ") + my_game_line(games[i]), w - 4, Style::text, on, on);
    }
    const bool finished = my_games_row_ < games.size() && games[my_games_row_].value("game", json()).is_string();
    status_lines(tr(finished ? "keys.my_games_finished" : "keys.my_games"));
}

void App::my_games_key(int k) {
    const json& games = model_.my_games();
    if ((k == KEY_UP || k == 'k') && my_games_row_ > 0) --my_games_row_;
    else if ((k == KEY_DOWN || k == 'j') && my_games_row_ + 1 < games.size()) ++my_games_row_;
    else if (k == 'r') model_.request_my_games();
    else if (k == 'e' && my_games_row_ < games.size() && games[my_games_row_].value("game", json()).is_string())
        open_review(games[my_games_row_]["game"].get<std::string>());
    else if (k == 27) current_ = Screen::lobby;
    else if ((k == '\n' || k == '\r' || k == KEY_ENTER) && my_games_row_ < games.size())
        model_.open_game(games[my_games_row_].value("room", std::string()));
}

}  // namespace carc::term

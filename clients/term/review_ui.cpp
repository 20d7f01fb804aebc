// The move review of a finished game (review_text.cpp words it, review_job.cpp fetches it): per
// player the summary and the costliest decisions; Enter on one opens the replay of the record at
// that move (replay_frames.cpp), the board drawn as in the game with the better tile placement
// as the cursor's box, Left/Right step through the moves, Esc goes back.

#include <algorithm>
#include <curses.h>

#include "app.hpp"
#include "event_text.hpp"
#include "i18n.hpp"
#include "replay_frames.hpp"
#include "review_text.hpp"
#include "text_width.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

bool is_enter(int k) { return k == '\n' || k == '\r' || k == KEY_ENTER; }

// Names from the record's players (bots as the server names them).
SeatNamer record_namer(const json& record) {
    return [players = record.value("players", json::array())](int seat) {
        for (const json& p : players)
            if (p.value("seat", -1) == seat && p.contains("name") && p["name"].is_string()) return p["name"].get<std::string>();
        return std::string(1, static_cast<char>('A' + seat));
    };
}

// The decisions the review lists as costliest, in the order of its lines.
std::vector<int> listed_decisions(const std::vector<ReviewLine>& lines) {
    std::vector<int> out;
    for (const ReviewLine& l : lines)
        if (l.decision >= 0 && std::find(out.begin(), out.end(), l.decision) == out.end()) out.push_back(l.decision);
    return out;
}

const json& review_of(const ReviewProgress& p) {
    static const json none;
    return p.stage == ReviewProgress::Stage::done && p.job.contains("review") ? p.job["review"] : none;
}

}  // namespace

void App::set_http(ServerUrl server, std::string session) {
    http_server_ = std::move(server);
    http_session_ = std::move(session);
}

void App::open_review(const std::string& game) {
    if (game.empty()) return;
    review_ = std::make_unique<ReviewScreen>();
    review_->game = game;
    review_->job = std::make_unique<ReviewJob>(http_server_, http_session_, game);
}

// The job moved on: read it once here (the record can be large) and redraw.
bool App::review_tick() {
    if (!review_ || !review_->job || review_->job->changes() == review_->seen.changes) return false;
    review_->seen = review_->job->progress();
    return true;
}

void App::draw_review() {
    if (review_->replay) return draw_replay();
    const ReviewProgress& p = review_->seen;
    const int w = screen_.width(), h = screen_.height();
    header(tr("header.review", {{"room", review_->game}}));
    const json& review = review_of(p);
    if (review.is_null()) {
        using Stage = ReviewProgress::Stage;
        std::string text = p.stage == Stage::loading ? tr("review.loading")
                           : p.stage == Stage::asking ? tr("review.asking")
                           : p.stage == Stage::waiting ? review_job_text(p.job)
                           : p.job.value("state", std::string()) == "failed"
                               ? review_job_text(p.job)
                               : review_refusal_text(p.refused_status, p.refused, p.error);
        int y = 2;
        for (const std::string& line : wrap(text, w - 4))
            screen_.text(y++, 2, line, w - 4, p.stage == Stage::failed ? Style::bad : Style::text, true);
        if (p.stage != Stage::failed)
            for (const std::string& line : wrap(tr("review.wait_back"), w - 4)) screen_.text(++y, 2, line, w - 4);
        status_lines(tr("keys.review_wait"));
        return;
    }
    const std::vector<ReviewLine> lines = review_lines(review, record_namer(p.record), model_.tiles(), w - 4);
    const std::vector<int> listed = listed_decisions(lines);
    if (review_->selected >= listed.size()) review_->selected = listed.empty() ? 0 : listed.size() - 1;
    const int chosen = listed.empty() ? -1 : listed[review_->selected];
    const int rows = h - 4;
    const int top = static_cast<int>(review_window_top(lines, chosen, static_cast<std::size_t>(rows)));
    if (lines.empty()) screen_.text(2, 2, tr("review.none"), w - 4);
    for (int r = 0; r < rows && top + r < static_cast<int>(lines.size()); ++r) {
        const ReviewLine& l = lines[static_cast<std::size_t>(top + r)];
        const bool on = l.decision >= 0 && l.decision == chosen;
        screen_.text(2 + r, 2, l.text, w - 4, Style::text, l.heading || on, on);
    }
    status_lines(tr("keys.review"));
}

void App::review_key(int k) {
    if (review_->replay) return replay_key(k);
    if (k == 'q') return request_quit();
    if (k == 27) {
        review_.reset();
        return;
    }
    const json& review = review_of(review_->seen);
    if (review.is_null()) return;
    const std::vector<int> listed =
        listed_decisions(review_lines(review, record_namer(review_->seen.record), model_.tiles(), screen_.width() - 4));
    if ((k == KEY_UP || k == 'k') && review_->selected > 0) --review_->selected;
    else if ((k == KEY_DOWN || k == 'j') && review_->selected + 1 < listed.size()) ++review_->selected;
    else if (is_enter(k) && review_->selected < listed.size()) {
        // The replay after the decision's move, the better one shown beside it.
        review_->replay = true;
        review_->step = static_cast<std::size_t>(listed[review_->selected]) + 1;
        review_->look = {};
    }
}

void App::draw_replay() {
    const ReviewProgress& p = review_->seen;
    const json& record = p.record;
    const json& review = review_of(p);
    const SeatNamer name = record_namer(record);
    const std::size_t steps = replay_length(record);
    review_->step = std::min(review_->step, steps);
    const std::size_t step = review_->step;
    header(tr("header.replay", {{"room", review_->game}, {"step", std::to_string(step)}, {"steps", std::to_string(steps)}}));

    // The decision behind this move, and the better tile placement as the cursor's box.
    const json decisions = review.value("decisions", json::array());
    const json decision = step > 0 && step - 1 < decisions.size() ? decisions[step - 1] : json();
    std::optional<SceneTile> ghost;
    if (decision.is_object() && !decision.value("played_is_best", true) && decision.value("best", json()).is_object() &&
        decision["best"].value("type", std::string()) == "place_tile" && decision.value("tile", json()).is_string()) {
        const json& best = decision["best"];
        ghost = SceneTile{{best.value("x", 0), best.value("y", 0)}, decision["tile"].get<std::string>(), best.value("rotation", 0), 0};
    }
    const ReplayFrame frame = replay_frame(record, step);
    const json events = step > 0 ? record["actions"][step - 1].value("events", json::array()) : json::array();
    BoardCoord focus = frame.tiles.empty() ? BoardCoord{} : frame.tiles.back().at;
    for (const json& e : events)
        if (e.value("type", std::string()) == "tile_placed") focus = {e.value("x", 0), e.value("y", 0)};
    if (ghost) focus = ghost->at;

    // The board as in the game: the side panel a third of the width, whole cells left of it.
    const int w = screen_.width(), h = screen_.height();
    int board_w = std::max(0, w - std::clamp(w / 3, 30, 46) - 1);
    board_w -= board_w % tile_width;
    const int board_h = std::max(0, h - 3);
    const Viewport viewport{focus.x + review_->look.x - board_w / tile_width / 2,
                            focus.y + review_->look.y - board_h / tile_height / 2, board_w, board_h};
    BoardScene scene = replay_scene(frame, ghost);
    // A better follower step: a * on the segment of the tile just laid where it goes.
    std::optional<SceneMark> mark;
    if (decision.is_object() && !decision.value("played_is_best", true) && decision.value("best", json()).is_object() &&
        decision["best"].value("type", std::string()) == "place_follower" && decision["best"].contains("segment") &&
        !frame.tiles.empty()) {
        const json& best = decision["best"];
        const BoardCoord at = best.contains("x") ? BoardCoord{best.value("x", 0), best.value("y", 0)} : frame.tiles.back().at;
        mark = SceneMark{at, best.value("segment", 0), '*'};
        scene.marks.push_back(*mark);
    }
    const auto board = render_board(scene, model_.tiles(), viewport);
    for (std::size_t i = 0; i < board.size(); ++i) screen_.line(1 + static_cast<int>(i), 0, board[i], board_w);

    // The side panel: the points, what this move did, and the review's judgement of it.
    const int x = board_w + 1, width = w - board_w - 2;
    int y = 2;
    y = draw_wrapped(y, x, tr("replay.scores"), width, Style::text, true);
    for (std::size_t seat = 0; seat < frame.scores.size() && y < h - 3; ++seat)
        y = draw_wrapped(y, x, std::string(1, static_cast<char>('A' + seat)) + " " + name(static_cast<int>(seat)) + "  " +
                                   std::to_string(frame.scores[seat]),
                         width, player_style(static_cast<int>(seat)));
    ++y;
    std::vector<std::string> said;
    for (const json& e : events)
        if (std::string line = describe_event(e, name); !line.empty()) said.push_back(std::move(line));
    if (step == 0) {
        y = draw_wrapped(y, x, tr("replay.start"), width);
    } else if (!said.empty()) {
        y = draw_wrapped(y, x, tr("replay.this_move"), width, Style::text, true);
        for (const std::string& line : said)
            if (y < h - 3) y = draw_wrapped(y, x, line, width);
    }
    if (decision.is_object() && y < h - 3) {
        ++y;
        y = draw_wrapped(y, x, review_decision_title(decision, name), width, Style::text, true);
        if (y < h - 3) y = draw_wrapped(y, x, review_played_text(decision, model_.tiles(), name), width);
        if (ghost && y < h - 3) draw_wrapped(y, x, tr("replay.ghost"), width, Style::legal);
        if (mark && y < h - 3) draw_wrapped(y, x, tr("replay.mark"), width, Style::legal);
    }
    status_lines(tr("keys.replay"));
}

void App::replay_key(int k) {
    const std::size_t steps = replay_length(review_->seen.record);
    if (k == 'q') request_quit();
    else if (k == 27) review_->replay = false;
    else if (k == KEY_LEFT && review_->step > 0) --review_->step, review_->look = {};
    else if (k == KEY_RIGHT && review_->step < steps) ++review_->step, review_->look = {};
    else if (k == KEY_HOME) review_->step = 0, review_->look = {};
    else if (k == KEY_END) review_->step = steps, review_->look = {};
    else if (k == 'h') --review_->look.x;
    else if (k == 'l') ++review_->look.x;
    else if (k == 'k' || k == KEY_UP) --review_->look.y;
    else if (k == 'j' || k == KEY_DOWN) ++review_->look.y;
}

}  // namespace carc::term

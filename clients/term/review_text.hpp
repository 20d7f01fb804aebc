#pragma once
// A finished game's move review (docs/protocol.md "Move reviews", docs/bots.md "Move review") as
// text lines: per player the result, the result without luck, the luck, the average loss per
// decision and the count of each grade, then their costliest decisions (turn, who, grade,
// points lost, the move played and the better one). Pure, in the client's language.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "event_text.hpp"
#include "tile_book.hpp"

namespace carc::term {

// One line of the review screen; `decision` is the index into review.decisions of the costliest
// decision the line belongs to (-1 for the summary lines), so the screen can open it.
struct ReviewLine {
    std::string text;
    int decision = -1;
    bool heading = false;
};

// Points with a sign and one decimal: "+12.5", "-3.0", "0.0".
std::string signed_points(double x);

// The lines, each at most `width` columns (longer ones wrap, indented).
std::vector<ReviewLine> review_lines(const nlohmann::json& review, const SeatNamer& name, const TileBook& tiles,
                                     int width);

// The first line shown in a window of `rows` lines so that the lines of `decision` are in
// sight (from the top as long as they fit there).
std::size_t review_window_top(const std::vector<ReviewLine>& lines, int decision, std::size_t rows);

// The move played or the better one of a decision, in the words of the choice lists.
std::string review_move_text(const nlohmann::json& action, const nlohmann::json& decision, const TileBook& tiles,
                             const SeatNamer& name);

// "played: X; better: Y", or that the move played was the search's.
std::string review_played_text(const nlohmann::json& decision, const TileBook& tiles, const SeatNamer& name);

// "turn 12, Ada: blunder, -14.2" (the grade only for a graded decision).
std::string review_decision_title(const nlohmann::json& decision, const SeatNamer& name);

// The review job (the POST's or GET's answer) while it is not done: queued, running (n of m),
// failed.
std::string review_job_text(const nlohmann::json& job);

// A refused ask or read: the server's error code in words, else its message.
std::string review_refusal_text(int status, const nlohmann::json& body, const std::string& fallback);

}  // namespace carc::term

#include "review_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n.hpp"
#include "text_width.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

double number(const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0;
}

int integer(const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
}

bool graded(const std::string& grade) { return grade == "inaccuracy" || grade == "mistake" || grade == "blunder"; }

// Appends `text` wrapped into `width` columns: its first line indented by `first` columns, the
// others by `rest` (at least `first`).
void add_wrapped(std::vector<ReviewLine>& out, const std::string& text, int width, int first, int rest,
                 int decision, bool heading = false) {
    bool at_first = true;
    for (const std::string& line : wrap(text, std::max(10, width - rest))) {
        out.push_back({std::string(static_cast<std::size_t>(at_first ? first : rest), ' ') + line, decision, heading});
        at_first = false;
    }
}

}  // namespace

std::string signed_points(double x) {
    const double r = std::round(x * 10.0) / 10.0;
    char text[32];
    std::snprintf(text, sizeof text, r > 0 ? "+%.1f" : "%.1f", r == 0.0 ? 0.0 : r);
    return text;
}

std::string review_move_text(const json& action, const json& decision, const TileBook& tiles, const SeatNamer& name) {
    if (!action.is_object()) return "-";
    const std::string tile = decision.value("tile", json()).is_string() ? decision["tile"].get<std::string>() : "";
    if (action.value("type", std::string()) == "place_tile") {
        const int rotation = ((integer(action, "rotation") % 4) + 4) % 4;
        const Arg at{"at", at_text(action)};
        if (rotation == 0) return tr("review.lay", {{"tile", tile}, at});
        return tr("review.lay_turned", {{"tile", tile}, at, {"degrees", std::to_string(rotation * 90)}});
    }
    // The choice lists' sentences read the tile and phase from a view's game: the decision's.
    json board_tile = {{"tile", tile}};
    if (action.contains("x")) board_tile["x"] = action["x"], board_tile["y"] = action["y"];
    const json game = {{"phase", decision.value("phase", std::string())},
                       {"drawn_tile", tile.empty() ? json() : json(tile)},
                       {"board", json::array({board_tile})}};
    return describe_action(action, game, tiles, name);
}

std::string review_played_text(const json& d, const TileBook& tiles, const SeatNamer& name) {
    const std::string played = review_move_text(d.value("played", json()), d, tiles, name);
    if (d.value("played_is_best", false)) return tr("review.played_is_best", {{"played", played}});
    return tr("review.played_best", {{"played", played}, {"best", review_move_text(d.value("best", json()), d, tiles, name)}});
}

std::string review_decision_title(const json& d, const SeatNamer& name) {
    const std::string grade = d.value("grade", std::string());
    const Arg turn{"turn", std::to_string(integer(d, "turn"))};
    const Arg who{"name", name(integer(d, "seat"))};
    if (!graded(grade)) return tr("review.decision", {turn, who, {"loss", signed_points(-number(d, "loss"))}});
    return tr("review.decision_graded", {turn, who, {"grade", tr("review.grade_" + grade)},
                                         {"loss", signed_points(-number(d, "loss"))}});
}

std::vector<ReviewLine> review_lines(const json& review, const SeatNamer& name, const TileBook& tiles, int width) {
    std::vector<ReviewLine> out;
    const json decisions = review.value("decisions", json::array());
    for (const json& s : review.value("summary", json::array())) {
        const int seat = integer(s, "seat");
        if (!out.empty()) out.push_back({"", -1, false});
        add_wrapped(out,
                    tr("review.result", {{"seat", std::string(1, static_cast<char>('A' + seat))}, {"name", name(seat)},
                                         {"lead", signed_points(number(s, "final_lead"))},
                                         {"without", signed_points(number(s, "without_luck"))},
                                         {"luck", signed_points(number(s, "luck"))}}),
                    width, 0, 2, -1, true);
        char average[32];
        std::snprintf(average, sizeof average, "%.2f", number(s, "average_loss"));
        add_wrapped(out,
                    tr("review.average", {{"average", average}}) + "; " +
                        tr("review.inaccuracies", {{"count", std::to_string(integer(s, "inaccuracies"))}}) + ", " +
                        tr("review.mistakes", {{"count", std::to_string(integer(s, "mistakes"))}}) + ", " +
                        tr("review.blunders", {{"count", std::to_string(integer(s, "blunders"))}}),
                    width, 2, 4, -1);
        const json costliest = s.value("costliest", json::array());
        if (costliest.empty()) continue;
        out.push_back({"  " + tr("review.costliest"), -1, false});
        for (const json& i : costliest) {
            if (!i.is_number_integer() || i.get<int>() < 0 || i.get<std::size_t>() >= decisions.size()) continue;
            const int index = i.get<int>();
            const json& d = decisions[static_cast<std::size_t>(index)];
            add_wrapped(out, review_decision_title(d, name), width, 4, 6, index);
            add_wrapped(out, review_played_text(d, tiles, name), width, 6, 8, index);
        }
    }
    return out;
}

std::size_t review_window_top(const std::vector<ReviewLine>& lines, int decision, std::size_t rows) {
    std::size_t first = lines.size(), last = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (decision >= 0 && lines[i].decision == decision) first = std::min(first, i), last = i;
    if (first == lines.size() || rows == 0 || last < rows) return 0;
    return std::min(first, last + 1 - rows);
}

std::string review_job_text(const json& job) {
    const std::string state = job.value("state", std::string());
    if (state == "running" && integer(job, "decisions") > 0)
        return tr("review.running", {{"judged", std::to_string(integer(job, "judged"))},
                                     {"decisions", std::to_string(integer(job, "decisions"))}});
    if (state == "failed") return tr("review.failed", {{"error", job.value("error", std::string())}});
    if (state == "done") return "";
    return tr("review.queued");
}

std::string review_refusal_text(int status, const json& body, const std::string& fallback) {
    const std::string code = body.is_object() ? body.value("error", std::string()) : "";
    for (const char* known : {"review_busy", "review_daily_limit", "review_queue_full", "game_not_finished",
                              "record_not_stored", "no_such_game"})
        if (code == known) return tr(std::string("review.refused.") + known);
    if (status == 0) return tr("review.unreachable", {{"error", fallback}});
    if (status == 404) return tr("review.refused.no_such_game");
    return fallback.empty() ? "HTTP " + std::to_string(status) : fallback;
}

}  // namespace carc::term

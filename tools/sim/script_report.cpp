#include "script_report.hpp"

#include "carc/protocol/engine_json.hpp"

namespace carc::sim {
namespace {

// Adds the points an event gave to `scores`, times `sign`.
void add_points(const Event& e, std::vector<int>& scores, int sign) {
    switch (e.type) {
        case EventType::feature_scored:
        case EventType::keep_scored:
            for (auto p : e.scorers) scores[p] += sign * e.points;
            break;
        case EventType::token_scored:
        case EventType::wall_token_used:
            if (e.scorers.empty()) scores[e.player] += sign * e.points;
            else for (auto p : e.scorers) scores[p] += sign * e.points;
            break;
        case EventType::ransom_paid:
            scores[e.player] -= sign * e.points;
            scores[e.target_player] += sign * e.points;
            break;
        default:
            break;
    }
}

}  // namespace

nlohmann::json script_report(const State& state, const std::vector<Event>& events, bool finish) {
    std::vector<int> scores;
    for (int p = 0; p < state.game().players(); ++p) scores.push_back(state.score(p));
    bool finished = state.is_over();
    bool in_final_scoring = false;
    nlohmann::json list = nlohmann::json::array();
    for (const auto& e : events) {
        if (e.type == EventType::final_scoring) in_final_scoring = true;
        if (!finish && in_final_scoring) {
            finished = false;
            add_points(e, scores, -1);
            continue;
        }
        list.push_back(protocol::event_to_json(e, TileCatalog::instance()));
    }
    return {{"finished", finished}, {"scores", scores}, {"events", list}};
}

}  // namespace carc::sim

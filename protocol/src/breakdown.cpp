#include "carc/protocol/breakdown.hpp"

#include "carc/protocol/engine_json.hpp"

namespace carc::protocol {

namespace {

void add(std::map<std::string, int>& to, const std::string& kind, int points) {
    if (points != 0) to[kind] += points;
}

void count_event(const Event& e, ScoreBreakdown& out) {
    const auto seat = [&](PlayerId p) -> std::map<std::string, int>* {
        if (p == no_player || static_cast<std::size_t>(p) >= out.size()) return nullptr;
        return &out[static_cast<std::size_t>(p)];
    };
    switch (e.type) {
        case EventType::feature_scored:
            for (const PlayerId p : e.scorers)
                if (auto* b = seat(p)) add(*b, std::string(to_string(e.feature)), e.points);
            break;
        case EventType::keep_scored:
            for (const PlayerId p : e.scorers)
                if (auto* b = seat(p)) add(*b, "keep", e.points);
            break;
        case EventType::token_scored:  // King (cities) or Robber Baron (roads) at the end
            if (auto* b = seat(e.player))
                add(*b, e.feature == FeatureKind::city ? "king" : "robber_baron", e.points);
            break;
        case EventType::wall_token_used:
            if (auto* b = seat(e.player)) add(*b, "wall_tokens", e.points);
            break;
        case EventType::ransom_paid:
            if (auto* b = seat(e.player)) add(*b, "ransom", -e.points);
            if (auto* b = seat(e.target_player)) add(*b, "ransom", e.points);
            break;
        default: break;
    }
}

}  // namespace

ScoreBreakdown score_breakdown(const Match& match) { return score_breakdown(match, match.actions()); }

ScoreBreakdown score_breakdown(const Match& match, std::span<const Action> actions) {
    const int players = match.game().players();
    ScoreBreakdown out(static_cast<std::size_t>(players));
    std::string error;
    auto again = Match::create(match.setup(), &error);
    if (again) {
        std::vector<Event> events;
        for (const Action& action : actions) {
            events.clear();
            if (again->apply(action, &events)) break;  // cannot happen: the log was accepted
            for (const Event& e : events) count_event(e, out);
        }
    }
    // Whatever the events do not explain (and everything if the log could not be replayed).
    for (int p = 0; p < players; ++p) {
        auto& b = out[static_cast<std::size_t>(p)];
        int explained = 0;
        for (const auto& [kind, points] : b) explained += points;
        add(b, "other", match.state().score(static_cast<PlayerId>(p)) - explained);
        std::erase_if(b, [](const auto& entry) { return entry.second == 0; });  // e.g. ransom paid and received
    }
    return out;
}

}  // namespace carc::protocol

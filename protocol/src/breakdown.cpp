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

ScoreBreakdown score_breakdown(const Match& match) {
    ScoreBreakdown counted(static_cast<std::size_t>(match.game().players()));
    std::string error;
    if (auto again = Match::create(match.setup(), &error)) {
        std::vector<Event> events;
        for (const Action& action : match.actions()) {
            events.clear();
            if (again->apply(action, &events)) break;  // cannot happen: the log was accepted
            count_points(counted, events);
        }
    }
    // Whatever the events do not explain (and everything if the log could not be replayed).
    return settle_breakdown(std::move(counted), match.state());
}

void count_points(ScoreBreakdown& counted, std::span<const Event> events) {
    for (const Event& e : events) count_event(e, counted);
}

ScoreBreakdown settle_breakdown(ScoreBreakdown counted, const State& state) {
    for (std::size_t p = 0; p < counted.size(); ++p) {
        auto& b = counted[p];
        int explained = 0;
        for (const auto& [kind, points] : b) explained += points;
        add(b, "other", state.score(static_cast<PlayerId>(p)) - explained);
        std::erase_if(b, [](const auto& entry) { return entry.second == 0; });  // e.g. ransom paid and received
    }
    return counted;
}

}  // namespace carc::protocol

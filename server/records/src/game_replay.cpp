#include "carc/records/game_replay.hpp"

#include "carc/protocol/breakdown.hpp"
#include "carc/protocol/engine_json.hpp"

namespace carc::server {

replay_outcome replay_game(const MatchSetup& setup, const std::vector<replay_step>& steps,
                           std::optional<std::uint64_t> initial_hash) {
    replay_outcome out;
    std::string error;
    auto match = Match::create(setup, &error);
    if (!match) {
        out.error = "the game cannot be set up: " + error;
        return out;
    }
    if (initial_hash && match->state().hash() != *initial_hash) {
        out.error = "the initial state hash differs (another seed or other rules)";
        return out;
    }
    out.points.resize(static_cast<std::size_t>(match->game().players()));
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const replay_step& step = steps[i];
        const std::string where = "action " + std::to_string(i + 1);
        Action action;
        try {
            action = protocol::action_from_json(step.action);
        } catch (const std::exception& e) {
            out.error = where + ": unreadable: " + e.what();
            return out;
        }
        if (match->state().decider() != step.seat) {
            out.error = where + " is recorded for seat " + std::to_string(step.seat) +
                        " but it was seat " + std::to_string(match->state().decider()) + "'s decision";
            return out;
        }
        std::vector<Event> events;
        if (auto refused = match->apply(action, &events)) {
            out.error = where + " (" + describe(action) + ") is illegal: " + refused->message;
            return out;
        }
        const std::uint64_t hash = match->state().hash();
        if (step.expected_hash && *step.expected_hash != hash) {
            out.error = where + ": the state hash after it is " + hash_hex(hash) + ", recorded " +
                        hash_hex(*step.expected_hash);
            return out;
        }
        protocol::count_points(out.points, events);
        out.actions.push_back({step.seat, action, protocol::events_to_json(events, match->game().tiles()).dump(), hash});
    }
    out.match = std::move(match);
    return out;
}

}  // namespace carc::server

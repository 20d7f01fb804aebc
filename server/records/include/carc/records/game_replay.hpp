#pragma once
// Replaying a journaled or recorded game through the engine, step by step, checking that each
// action was its seat's decision, legal, and led to the recorded state hash. Shared by start-up
// recovery (recovery.cpp) and `carc-sim verify` (record_verify.cpp).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/match.hpp"
#include "carc/protocol/breakdown.hpp"
#include "carc/records/game_record.hpp"

namespace carc::server {

struct replay_step {
    int seat = 0;
    nlohmann::json action;
    std::optional<std::uint64_t> expected_hash;  // after the action
};

struct replay_outcome {
    std::unique_ptr<Match> match;  // null on failure
    std::vector<record_action> actions;
    protocol::ScoreBreakdown points;  // counted from the replayed events (protocol::count_points)
    std::string error;  // names the 1-based action and the reason
};

// `initial_hash`, when given, is checked before the first action.
replay_outcome replay_game(const MatchSetup& setup, const std::vector<replay_step>& steps,
                           std::optional<std::uint64_t> initial_hash);

}  // namespace carc::server

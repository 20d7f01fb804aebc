#pragma once
// The move review of a finished game's record (docs/bots.md, "Move review"): the record is
// verified (seed, actions, hashes), its setup and action log read, and the engine's review
// written as the protocol's JSON. One code path for `carc-sim review` and the server's
// /api/games/{id}/review, so both give the same document for the same record and strength.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/action.hpp"
#include "carc/match.hpp"
#include "carc/review.hpp"

namespace carc::server {

// What a review needs of a record.
struct review_input {
    MatchSetup setup;
    std::vector<Action> actions;
};

// Reads a record that replays exactly; nothing and `error` set otherwise.
std::optional<review_input> review_input_of(const nlohmann::json& record, std::string* error);

// The review as JSON (protocol::review_to_json), `strength` naming the settings' budget.
std::optional<nlohmann::ordered_json> review_record(const review_input& input, const ReviewSettings& settings,
                                                    std::string_view strength, std::string* error);

}  // namespace carc::server

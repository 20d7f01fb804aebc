#include "carc/records/record_review.hpp"

#include "carc/game.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/review_json.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/records/record_verify.hpp"

namespace carc::server {

using nlohmann::json;

std::optional<review_input> review_input_of(const json& record, std::string* error) {
    // Only a record that replays exactly is reviewed: its seed, actions and hashes hold.
    const verify_result verified = verify_record(record);
    if (!verified.ok) {
        if (error) *error = "REJECTED: " + verified.message;
        return std::nullopt;
    }
    review_input input;
    try {
        input.setup.config = record.at("settings").get<protocol::RoomSettings>().config;
        input.setup.seed = std::stoull(record.at("seed").get<std::string>());
        for (const json& a : record.at("actions")) input.actions.push_back(protocol::action_from_json(a.at("action")));
    } catch (const std::exception& e) {
        if (error) *error = std::string("malformed record: ") + e.what();
        return std::nullopt;
    }
    return input;
}

std::optional<nlohmann::ordered_json> review_record(const review_input& input, const ReviewSettings& settings,
                                                    std::string_view strength, std::string* error) {
    auto game = Game::create(input.setup.config, error);
    if (!game) return std::nullopt;
    auto review = review_game(input.setup, input.actions, settings, error);
    if (!review) return std::nullopt;
    return protocol::review_to_json(*review, *game, strength);
}

}  // namespace carc::server

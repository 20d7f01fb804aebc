#include "carc/records/record_verify.hpp"

#include <fstream>
#include <iostream>

#include "carc/records/game_replay.hpp"
#include "carc/records/seed_commitment.hpp"

namespace carc::server {

using nlohmann::json;

namespace {

std::uint64_t parse_hash(const json& value, const std::string& what) {
    const std::string text = value.get<std::string>();
    std::size_t used = 0;
    const std::uint64_t hash = std::stoull(text, &used, 16);
    if (used != text.size() || text.size() != 16) throw std::runtime_error(what + " is not 16 hex digits");
    return hash;
}

verify_result fail(std::string message) { return {false, std::move(message)}; }

// The recorded events less what the server notes beside the rules: "stand_in" (the server
// moved for a person's seat) says who chose the move, which no replay can know.
json rules_events(json events) {
    for (json& event : events)
        if (event.is_object()) event.erase("stand_in");
    return events;
}

verify_result check(const json& record) {
    if (record.value("format", "") != record_format) return fail("not a game record (format)");
    if (record.value("status", "") != "finished" || record["seed"].is_null())
        return fail("the game is not over: a running game's record has no seed to check");
    const std::string seed_text = record.at("seed").get<std::string>();
    const std::string nonce = record.at("seed_nonce").get<std::string>();
    MatchSetup setup;
    setup.seed = std::stoull(seed_text);
    if (std::to_string(setup.seed) != seed_text) return fail("the seed is not a plain decimal number");
    if (seed_commitment(setup.seed, nonce) != record.at("seed_commitment").get<std::string>())
        return fail("the seed does not match the commitment published at the start");
    setup.config = record.at("settings").get<protocol::RoomSettings>().config;
    const json& recorded = record.at("actions");
    std::vector<replay_step> steps;
    for (const json& a : recorded)
        steps.push_back({a.at("seat").get<int>(), a.at("action"), parse_hash(a.at("state_hash"), "a state hash")});
    replay_outcome replayed = replay_game(setup, steps, parse_hash(record.at("initial_hash"), "initial_hash"));
    if (!replayed.match) return fail(replayed.error);
    const Match& match = *replayed.match;
    if (setup_tiles_json(match.game()) != record.at("setup")) return fail("the setup tiles differ");
    for (std::size_t i = 0; i < recorded.size(); ++i)
        if (json::parse(replayed.actions[i].events_json) != rules_events(recorded[i].at("events")))
            return fail("action " + std::to_string(i + 1) + ": the recorded events differ from the replay's");
    if (match.state().hash() != parse_hash(record.at("final_hash"), "final_hash"))
        return fail("the final state hash differs");

    const json& result = record.at("result");
    const json& players = record.at("players");
    if (players.size() != static_cast<std::size_t>(match.game().players()))
        return fail("the record lists " + std::to_string(players.size()) + " players for a " +
                    std::to_string(match.game().players()) + "-player game");
    std::vector<int> scores;
    for (int p = 0; p < match.game().players(); ++p) {
        const int score = match.state().score(p);
        scores.push_back(score);
        if (players[static_cast<std::size_t>(p)].at("score").get<int>() != score ||
            result.at("scores").at(static_cast<std::size_t>(p)).get<int>() != score)
            return fail("seat " + std::to_string(p) + ": recorded score differs from the replay's " +
                        std::to_string(score));
    }
    const std::string reason = result.at("reason").get<std::string>();
    if (reason == "complete" && !match.state().is_over())
        return fail("the record says the game was complete but the replay is not over");
    if (reason == "resigned" && result.at("resigned").empty())
        return fail("the record says the game ended by resignation but names nobody");
    return {true, "ok: seed matches its commitment; " + std::to_string(recorded.size()) +
                      " actions legal with the recorded events and hashes; final scores " +
                      json(scores).dump() + "; final hash " + hash_hex(match.state().hash())};
}

}  // namespace

verify_result verify_record(const json& record) {
    try {
        return check(record);
    } catch (const std::exception& e) {
        return fail(std::string("malformed record: ") + e.what());
    }
}

int verify_record_file(const char* path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "carc-sim verify: cannot read " << path << "\n";
        return 1;
    }
    const json record = json::parse(in, nullptr, false);
    if (record.is_discarded()) {
        std::cerr << "carc-sim verify: " << path << " is not valid JSON\n";
        return 1;
    }
    const verify_result result = verify_record(record);
    (result.ok ? std::cout : std::cerr) << "carc-sim verify: " << path << ": "
                                        << (result.ok ? "" : "REJECTED: ") << result.message << "\n";
    return result.ok ? 0 : 1;
}

}  // namespace carc::server

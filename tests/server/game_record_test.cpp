// The game record written as text: the same bytes json::dump gives for the record, with every
// action's events as the journal wrote them, and a finished record that verifies.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/records/game_record.hpp"
#include "carc/records/record_verify.hpp"
#include "carc/records/seed_commitment.hpp"

using nlohmann::json;
using namespace carc;
using namespace carc::server;

namespace {

struct played_game {
    std::unique_ptr<Match> match;
    std::vector<record_action> actions;
    record_inputs inputs;
};

played_game play_random_game(std::uint64_t seed) {
    played_game out;
    MatchSetup setup;
    setup.config.players = 2;
    setup.seed = seed;
    std::string error;
    out.match = Match::create(setup, &error);
    REQUIRE(out.match);
    out.inputs.id = "r1";
    out.inputs.settings.config = setup.config;
    out.inputs.players = {{"Ada", "human", std::nullopt}, {"Bot 2", "bot", BotKind::greedy}};
    out.inputs.seed_nonce = "00112233445566778899aabbccddeeff";
    out.inputs.seed_commitment = seed_commitment(seed, out.inputs.seed_nonce);
    out.inputs.initial_hash = out.match->state().hash();
    Rng rng(seed);
    while (!out.match->state().is_over()) {
        const int seat = out.match->state().decider();
        const Action action = choose_random(out.match->state(), rng);
        std::vector<Event> events;
        REQUIRE_FALSE(out.match->apply(action, &events));
        out.actions.push_back({seat, action, protocol::events_to_json(events, out.match->game().tiles()).dump(),
                               out.match->state().hash()});
    }
    return out;
}

void finish(played_game& g) {
    protocol::GameResult result;
    result.reason = "complete";
    for (int p = 0; p < 2; ++p) result.scores.push_back(g.match->state().score(p));
    const int best = std::max(result.scores[0], result.scores[1]);
    for (int p = 0; p < 2; ++p)
        if (result.scores[static_cast<std::size_t>(p)] == best) result.winners.push_back(p);
    g.inputs.scores = result.scores;
    g.inputs.result = result;
    g.inputs.seed = g.match->setup().seed;
    g.inputs.final_hash = g.match->state().hash();
    g.inputs.finished_at_ms = 1700000000000;
}

}  // namespace

TEST_CASE("a running game's record text is json::dump's text and hides the state hashes", "[server][records]") {
    played_game g = play_random_game(11);
    const std::string text = build_record_text(g.inputs, g.actions, g.match->game());
    const json record = json::parse(text);
    CHECK(record.dump() == text);
    CHECK(record["status"] == "playing");
    REQUIRE(record["actions"].size() == g.actions.size());
    for (std::size_t i = 0; i < g.actions.size(); ++i) {
        const json& entry = record["actions"][i];
        CHECK(entry["seq"] == i + 1);
        CHECK(entry["seat"] == g.actions[i].seat);
        CHECK(entry["action"] == protocol::action_to_json(g.actions[i].action));
        CHECK(entry["events"] == json::parse(g.actions[i].events_json));
        CHECK_FALSE(entry.contains("state_hash"));
    }
    CHECK(record["seed"].is_null());
    CHECK(build_record(g.inputs, g.actions, g.match->game()) == record);
}

TEST_CASE("a finished game's record text verifies and carries every state hash", "[server][records]") {
    played_game g = play_random_game(12);
    finish(g);
    const std::string text = build_record_text(g.inputs, g.actions, g.match->game());
    const json record = json::parse(text);
    CHECK(record.dump() == text);
    CHECK(record["status"] == "finished");
    CHECK(record["actions"].back()["state_hash"] == hash_hex(g.actions.back().state_hash));
    const verify_result verified = verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);

    // A changed event no longer matches the replay.
    played_game tampered = play_random_game(12);
    finish(tampered);
    tampered.actions[0].events_json = "[]";
    CHECK_FALSE(verify_record(json::parse(build_record_text(tampered.inputs, tampered.actions, tampered.match->game()))).ok);
}

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
#include "random_game.hpp"

using nlohmann::json;
using namespace carc;
using namespace carc::server;

namespace {

// Keeps, for each action of a random game, the entry the journal writes: the seat that
// decided, the action, its events and the state hash after it.
class record_entries final : public playout::Hooks {
public:
    explicit record_entries(std::vector<record_action>& out) : out_(out) {}
    bool wants_events() const override { return true; }
    void after(const Action& action, PlayerId actor, const State& state, const std::vector<Event>& events) override {
        out_.push_back({actor, action, protocol::events_to_json(events, state.game().tiles()).dump(), state.hash()});
    }

private:
    std::vector<record_action>& out_;
};

struct played_game {
    std::unique_ptr<playout::RandomGame> played;
    std::vector<record_action> actions;
    record_inputs inputs;
    const Game& game() const { return played->start->game(); }
    const State& state() const { return *played->end; }
};

played_game play_random_game(std::uint64_t seed) {
    played_game out;
    MatchSetup setup;
    setup.config.players = 2;
    setup.seed = seed;
    record_entries entries(out.actions);
    std::string error;
    out.played = playout::random_game(setup, seed, &entries, &error);
    INFO(error);
    REQUIRE(out.played);
    REQUIRE_FALSE(out.played->outcome.refused);
    out.inputs.id = "r1";
    out.inputs.settings.config = setup.config;
    out.inputs.players = {{"Ada", "human", std::nullopt}, {"Bot 2", "bot", BotKind::greedy}};
    out.inputs.seed_nonce = "00112233445566778899aabbccddeeff";
    out.inputs.seed_commitment = seed_commitment(seed, out.inputs.seed_nonce);
    out.inputs.initial_hash = out.played->start->state().hash();
    return out;
}

void finish(played_game& g) {
    protocol::GameResult result;
    result.reason = "complete";
    for (int p = 0; p < 2; ++p) result.scores.push_back(g.state().score(p));
    const int best = std::max(result.scores[0], result.scores[1]);
    for (int p = 0; p < 2; ++p)
        if (result.scores[static_cast<std::size_t>(p)] == best) result.winners.push_back(p);
    g.inputs.scores = result.scores;
    g.inputs.result = result;
    g.inputs.seed = g.played->start->setup().seed;
    g.inputs.final_hash = g.state().hash();
    g.inputs.finished_at_ms = 1700000000000;
}

}  // namespace

TEST_CASE("a running game's record text is json::dump's text and hides the state hashes", "[server][records]") {
    played_game g = play_random_game(11);
    const std::string text = build_record_text(g.inputs, g.actions, g.game());
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
    CHECK(build_record(g.inputs, g.actions, g.game()) == record);
}

TEST_CASE("a finished game's record text verifies and carries every state hash", "[server][records]") {
    played_game g = play_random_game(12);
    finish(g);
    const std::string text = build_record_text(g.inputs, g.actions, g.game());
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
    CHECK_FALSE(verify_record(json::parse(build_record_text(tampered.inputs, tampered.actions, tampered.game()))).ok);
}

TEST_CASE("a record whose moves the server made for a person's seat verifies, its other events still must match",
          "[server][records]") {
    played_game g = play_random_game(12);
    finish(g);
    // The first action's events as the room writes them when a bot plays for an absent person.
    json events = json::parse(g.actions[0].events_json);
    REQUIRE_FALSE(events.empty());
    for (json& e : events) e["stand_in"] = true;
    g.actions[0].events_json = events.dump();
    const json record = json::parse(build_record_text(g.inputs, g.actions, g.game()));
    CHECK(record["actions"][0]["events"][0]["stand_in"] == true);
    const verify_result verified = verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);

    // Beside the marker, an event changed is still caught.
    events[0]["player"] = events[0].value("player", 0) + 7;
    g.actions[0].events_json = events.dump();
    CHECK_FALSE(verify_record(json::parse(build_record_text(g.inputs, g.actions, g.game()))).ok);
}

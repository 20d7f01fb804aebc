// An action message carrying a player's consecutive decisions (the tile and its follower):
// applied all or none, one journal write, one patch per viewer, one ack; the drawn tile's
// placements only in the placer's own view; a game played so verifies from its record; a bot
// that needs no search plays its turn the same way.

#include <atomic>
#include <random>

#include <catch2/catch.hpp>

#include "carc/records/record_verify.hpp"
#include "room_harness.hpp"

using namespace carc;
using namespace carc::test;
using nlohmann::json;

namespace {

// Keeps every action message the room journals.
class counting_journal final : public server::room_journal {
public:
    std::vector<server::journal_action> appended;
    void store_waiting(const server::waiting_room&, stored_fn done) override { done(true); }
    void begin_game(const server::game_start&, stored_fn done) override { done(true); }
    void append_action(const server::journal_action& action, stored_fn done) override {
        appended.push_back(action);
        done(true);
    }
    void resign_seat(const std::string&, int, const server::journal_seat&, stored_fn done) override { done(true); }
    void end_game(const server::game_end&, stored_fn done) override { done(true); }
    void adjourn(const std::string&, bool, stored_fn done) override { done(true); }
    void flush() override {}
};

// Ada and Bob seated, Eve watching, the game started; each followed as a room member.
struct batch_game {
    explicit batch_game(json fields = {{"seats", 2}})
        : journal(std::make_shared<counting_journal>()),
          h(test_config(), journal),
          room(h.create(ada_person, std::move(fields))) {
        h.send(bob_person, {{"type", "join"}, {"room", room}});
        h.send(eve_person, {{"type", "spectate"}, {"room", room}});
        h.send(ada_person, {{"type", "start"}, {"room", room}});
        for (room_member* m : {&ada, &bob, &eve}) m->read();
    }

    std::shared_ptr<counting_journal> journal;
    room_harness h;
    room_harness::person& ada_person = h.arrive("Ada");
    room_harness::person& bob_person = h.arrive("Bob");
    room_harness::person& eve_person = h.arrive("Eve");
    std::string room;
    room_member ada{h, ada_person, room};
    room_member bob{h, bob_person, room};
    room_member eve{h, eve_person, room};
};

json place_tile(const json& entry) {
    return {{"type", "place_tile"}, {"x", entry[0]}, {"y", entry[1]}, {"rotation", entry[2]}};
}

// A placement of the view's compact list after which a follower may go on the tile, and that
// segment.
std::pair<json, int> placement_with_follower(const json& view) {
    for (const json& entry : view["you"]["placements"])
        for (std::size_t i = 3; i < entry.size(); ++i)
            if (entry[i].is_number_integer() && entry[i].get<int>() >= 0) return {entry, entry[i].get<int>()};
    FAIL("no placement offers a follower");
    return {};
}

std::vector<json> messages_since(room_member& m, std::size_t from) {
    m.read();
    return {m.received.begin() + static_cast<std::ptrdiff_t>(from), m.received.end()};
}

}  // namespace

TEST_CASE("a batch with a legal tile and an illegal follower changes nothing and names the step",
          "[server][batch]") {
    batch_game g;
    const std::uint64_t version = g.ada.follower.version;
    const json before = g.ada.view();
    const auto [entry, segment] = placement_with_follower(before);
    const std::size_t bob_had = g.bob.received.size(), eve_had = g.eve.received.size();
    const json refused = g.ada.request({{"type", "action"}, {"version", version},
                                        {"actions", {place_tile(entry), {{"type", "place_follower"}, {"segment", 11}}}}});
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "illegal_action");
    CHECK(refused["rule"] == "bad_segment");
    CHECK(refused["params"]["step"] == 1);
    CHECK(refused["message"].get<std::string>().rfind("step 2: ", 0) == 0);
    CHECK(g.journal->appended.empty());
    CHECK(messages_since(g.bob, bob_had).empty());
    CHECK(messages_since(g.eve, eve_had).empty());
    g.ada.check_against_snapshot();
    CHECK(g.ada.follower.version == version);
    CHECK(g.ada.view() == before);

    // A later step that is no longer the mover's decision is refused too: after the tile and a
    // pass it is Bob's turn, so Ada's third step is not hers (though a tile placement).
    const json third = g.ada.request({{"type", "action"}, {"version", version},
                                      {"actions", {place_tile(entry), {{"type", "pass"}}, place_tile(entry)}}});
    CHECK(third["code"] == "not_your_turn");
    CHECK(third["params"]["step"] == 2);
    CHECK(third["params"]["seat"] == 1);
    CHECK(g.journal->appended.empty());

    // The tile and a legal follower then go through: the game was unchanged.
    const json ack = g.ada.request({{"type", "action"}, {"version", version},
                                    {"actions", {place_tile(entry), {{"type", "place_follower"}, {"segment", segment}}}}});
    CHECK(ack["type"] == "ack");
}

TEST_CASE("a batch is one journal write, one patch per viewer and one ack", "[server][batch]") {
    batch_game g;
    const std::uint64_t version = g.ada.follower.version;
    const auto [entry, segment] = placement_with_follower(g.ada.view());
    const std::size_t ada_had = g.ada.received.size(), bob_had = g.bob.received.size(), eve_had = g.eve.received.size();
    const int id = g.h.send(g.ada_person, {{"type", "action"}, {"room", g.room}, {"version", version},
                                           {"actions", {place_tile(entry), {{"type", "place_follower"}, {"segment", segment}}}}});
    const auto to_ada = messages_since(g.ada, ada_had);
    const auto to_bob = messages_since(g.bob, bob_had);
    const auto to_eve = messages_since(g.eve, eve_had);
    CHECK(types_of(to_ada) == std::vector<std::string>{"patch", "ack"});
    CHECK(to_ada[1]["id"] == id);
    CHECK(to_ada[1]["version"] == version + 1);
    CHECK(types_of(to_bob) == std::vector<std::string>{"patch"});
    CHECK(types_of(to_eve) == std::vector<std::string>{"patch"});
    CHECK(to_eve[0]["version"] == version + 1);
    std::vector<std::string> events;
    for (const json& e : to_eve[0]["events"]) events.push_back(e["type"]);
    CHECK(std::find(events.begin(), events.end(), "tile_placed") != events.end());
    CHECK(std::find(events.begin(), events.end(), "follower_placed") != events.end());

    REQUIRE(g.journal->appended.size() == 1);
    const server::journal_action& write = g.journal->appended[0];
    REQUIRE(write.steps.size() == 2);
    CHECK(write.steps[0].seq == 1);
    CHECK(write.steps[1].seq == 2);
    CHECK(write.steps[1].action.type == ActionType::place_follower);
    // The record keeps them as two actions.
    const json record = json::parse(*g.h.room(g.room).public_record());
    REQUIRE(record["actions"].size() == 2);
    CHECK(record["actions"][1]["action"] == json({{"type", "place_follower"}, {"segment", segment}}));

    for (room_member* m : {&g.ada, &g.bob, &g.eve}) m->check_against_snapshot();
    CHECK(g.bob.view()["game"]["decider"] == 1);
    CHECK(g.bob.view()["you"].contains("placements"));
    CHECK_FALSE(g.ada.view()["you"].contains("placements"));
}

TEST_CASE("a game played in batches: placements only in the placer's view, and its record verifies",
          "[server][batch]") {
    json fields = {{"seats", 2}, {"options", {{"pile_limit", 14}}}};
    batch_game g(fields);
    std::mt19937 rng(7);
    std::size_t messages = 0, steps = 0;
    room_member* seats[] = {&g.ada, &g.bob};
    while (g.eve.view()["game"]["result"].is_null()) {
        REQUIRE(messages < 200);
        const int decider = g.eve.view()["game"]["decider"];
        room_member& mover = *seats[decider];
        const json& you = mover.view()["you"];
        json actions = json::array();
        if (mover.view()["game"]["phase"] == "place_tile") {
            const json& all = you["placements"];
            REQUIRE(!all.empty());
            const json& entry = all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)];
            actions.push_back(place_tile(entry));
            if (entry.size() > 3) {  // the follower step: one of the options, as an action
                const json& o = entry[std::uniform_int_distribution<std::size_t>(3, entry.size() - 1)(rng)];
                if (!o.is_number_integer()) actions.push_back(o);
                else if (o.get<int>() < 0) actions.push_back({{"type", "pass"}});
                else actions.push_back({{"type", "place_follower"}, {"segment", o}});
            }
        } else {
            REQUIRE(!you["legal"].empty());
            actions.push_back(you["legal"][0]);
        }
        const std::size_t from[] = {g.ada.received.size(), g.bob.received.size(), g.eve.received.size()};
        const json reply = mover.request({{"type", "action"}, {"version", mover.follower.version}, {"actions", actions}});
        REQUIRE(reply["type"] == "ack");
        ++messages;
        steps += actions.size();
        // Nobody but the next placer is sent placements, in a patch or a view: the mover's own
        // go away, the spectator never hears of them.
        for (room_member* m : {&g.ada, &g.bob, &g.eve}) m->read();
        const json& game = g.eve.view()["game"];
        const int placer = game["result"].is_null() && game["phase"] == "place_tile" ? game["decider"].get<int>() : -1;
        for (int k = 0; k < 3; ++k) {
            room_member* m = k == 2 ? &g.eve : seats[k];
            if (k == placer) continue;
            CHECK_FALSE(m->view()["you"].contains("placements"));
            for (std::size_t i = from[k]; i < m->received.size(); ++i) {
                const json& frame = m->received[i];
                if (m == &g.eve) CHECK(frame.dump().find("placements") == std::string::npos);
                if (frame.value("type", "") != "patch") continue;
                for (const json& op : frame["patch"])
                    if (op["path"] == "/you/placements") CHECK(op["op"] == "remove");
            }
        }
    }
    CHECK(g.journal->appended.size() == messages);
    bool finished = false;
    const json record = json::parse(*g.h.room(g.room).public_record(&finished));
    REQUIRE(finished);
    CHECK(record["actions"].size() == steps);
    CHECK(steps > messages);
    const auto verified = server::verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);
}

TEST_CASE("a bot that needs no search plays its turn as one journal write", "[server][batch]") {
    auto journal = std::make_shared<counting_journal>();
    room_harness h(test_config(), journal);
    auto& ada_person = h.arrive("Ada");
    auto& eve_person = h.arrive("Eve");
    const std::string room = h.create(ada_person, {{"seats", 2},
                                                   {"bots", {{{"seat", 1}, {"kind", "random"}}}},
                                                   {"options", {{"pile_limit", 14}}}});
    h.send(eve_person, {{"type", "spectate"}, {"room", room}});
    h.send(ada_person, {{"type", "start"}, {"room", room}});
    room_member ada{h, ada_person, room};
    room_member eve{h, eve_person, room};
    ada.read();
    eve.read();
    int turns = 0;
    while (eve.view()["game"]["result"].is_null()) {
        REQUIRE(turns++ < 100);
        REQUIRE(ada.view()["game"]["decider"] == 0);  // the bot answered at once, whole
        const json& you = ada.view()["you"];
        const json action = ada.view()["game"]["phase"] == "place_tile" ? place_tile(you["placements"][0])
                                                                         : you["legal"][0];
        REQUIRE(ada.request({{"type", "action"}, {"version", ada.follower.version}, {"action", action}})["type"] == "ack");
        ada.read();
        eve.read();
    }
    // Ada's steps went one by one; the bot's turns each went as one write, never split in two.
    std::size_t bot_writes = 0, bot_writes_of_two = 0, steps = 0;
    for (std::size_t i = 0; i < journal->appended.size(); ++i) {
        const server::journal_action& write = journal->appended[i];
        steps += write.steps.size();
        if (write.seat != 1) continue;
        ++bot_writes;
        if (write.steps.size() >= 2) ++bot_writes_of_two;
        if (i > 0) CHECK(journal->appended[i - 1].seat != 1);
    }
    CHECK(bot_writes >= 4);
    CHECK(bot_writes_of_two >= 1);  // a tile and its follower step (or pass) in one write
    // The record keeps every step as an action, and verifies.
    const json record = json::parse(*h.room(room).public_record());
    CHECK(record["actions"].size() == steps);
    eve.check_against_snapshot();
}

// A room's behaviour in process, without a WebSocket (room_harness.hpp): joining, seats, host
// commands, spectators, starting, moves and their refusals, connections dropping and coming
// back, leaving. Each test checks exactly which messages each person was sent, in order, and
// that the patches lead every viewer to the room's own snapshot.
#include <atomic>

#include <catch2/catch.hpp>

#include "room_harness.hpp"

using namespace carc::test;
using strings = std::vector<std::string>;

namespace {

json action_message(const std::string& room, std::uint64_t version, json action) {
    return {{"type", "action"}, {"room", room}, {"version", version}, {"action", std::move(action)}};
}

// Ada hosts a room (two seats unless `fields` say otherwise) and Bob takes a seat (the next
// free one unless `bob_seat` is given); both links are read empty into their views.
struct seated_room {
    room_harness h;
    room_harness::person& ada = h.arrive("Ada");
    room_harness::person& bob = h.arrive("Bob");
    std::string room;
    view_follower ada_view, bob_view;

    explicit seated_room(json fields = {{"seats", 2}}, std::optional<int> bob_seat = std::nullopt) {
        room = h.create(ada, std::move(fields));
        ada_view.room = bob_view.room = room;
        ada_view.absorb(ada.link->take());
        json join = {{"type", "join"}, {"room", room}};
        if (bob_seat) join["seat"] = *bob_seat;
        h.send(bob, join);
        bob_view.absorb(bob.link->take());
        ada_view.absorb(ada.link->take());
    }
    void start() {
        const int id = h.send(ada, {{"type", "start"}, {"room", room}});
        const auto sent = ada.link->take();
        REQUIRE(reply_to(sent, id));
        REQUIRE((*reply_to(sent, id))["type"] == "ack");
        ada_view.absorb(sent);
        bob_view.absorb(bob.link->take());
        REQUIRE(ada_view.view["game"].is_object());
    }
};

}  // namespace

TEST_CASE("creating a room answers room_created, then the host's first snapshot", "[server][room]") {
    room_harness h;
    auto& ada = h.arrive("Ada");
    const std::string room = h.create(ada, {{"seats", 3}, {"name", "Ada's table"}});
    const auto sent = ada.link->take();
    REQUIRE(types_of(sent) == strings{"room_created", "snapshot"});
    CHECK(sent[0]["room"] == room);
    CHECK(sent[0]["invite"] == "invite-" + room);
    CHECK(sent[0]["id"] == 1);
    const json& view = sent[1]["view"];
    CHECK(sent[1]["version"] == 1);
    CHECK(view["room"]["name"] == "Ada's table");
    CHECK(view["room"]["host"] == ada.id);
    CHECK(view["room"]["seats"].size() == 3);
    CHECK(view["room"]["seats"][0]["person"] == ada.id);
    CHECK(view["room"]["seats"][1]["kind"] == "empty");
    CHECK(view["you"]["seat"] == 0);
    CHECK(sent[1]["log"] == json::array());
    CHECK(sent[1]["chat"] == json::array());
}

TEST_CASE("joining: the joiner gets joined and a snapshot, the others one patch that seats it",
          "[server][room]") {
    room_harness h;
    auto& ada = h.arrive("Ada");
    auto& bob = h.arrive("Bob");
    const std::string room = h.create(ada, {{"seats", 3}});
    view_follower ada_view{room};
    ada_view.absorb(ada.link->take());

    const int id = h.send(bob, {{"type", "join"}, {"room", room}, {"seat", 2}});
    const auto to_bob = bob.link->take();
    REQUIRE(types_of(to_bob) == strings{"joined", "snapshot"});
    CHECK(to_bob[0] == json{{"type", "joined"}, {"id", id}, {"room", room}, {"seat", 2}});
    CHECK(to_bob[1]["version"] == 2);
    CHECK(to_bob[1]["view"]["you"]["seat"] == 2);

    const auto to_ada = ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"patch"});
    CHECK(to_ada[0]["version"] == 2);
    CHECK(to_ada[0]["events"] == json::array());
    for (const json& op : to_ada[0]["patch"])
        CHECK(op["path"].get<std::string>().rfind("/room/seats/2", 0) == 0);
    ada_view.absorb(to_ada);
    CHECK(ada_view.view["room"]["seats"][2]["name"] == "Bob");
    CHECK(ada_view.view["room"] == to_bob[1]["view"]["room"]);  // the room part is the same for all

    // Joining again keeps the seat; the others hear of no change.
    const int again = h.send(bob, {{"type", "join"}, {"room", room}});
    CHECK(reply_to(bob.link->take(), again).value()["seat"] == 2);
    const auto after = ada.link->take();
    INFO(json(after).dump());
    for (const json& m : after) CHECK(m["patch"] == json::array());
    ada_view.absorb(after);
    check_against_snapshot(h, ada, ada_view);
}

TEST_CASE("host commands: bots, kick, start only when full, chat reaches everyone", "[server][room]") {
    seated_room t({{"seats", 3}}, 2);
    auto& [h, ada, bob, room, ada_view, bob_view] = t;

    // Refusals go to the asker alone and change nothing.
    int id = h.send(ada, {{"type", "join"}, {"room", room}, {"seat", 2}});
    CHECK(ada.link->take() == std::vector<json>{{{"type", "error"}, {"id", id}, {"room", room}, {"code", "seat_taken"},
                                                 {"message", "seat 2 is not free"}, {"params", {{"seat", 2}}}}});
    id = h.send(ada, {{"type", "start"}, {"room", room}});  // seat 1 is empty
    CHECK(reply_to(ada.link->take(), id).value()["code"] == "wrong_status");
    id = h.send(bob, {{"type", "set_bot"}, {"room", room}, {"seat", 1}, {"bot", "random"}});
    CHECK(reply_to(bob.link->take(), id).value()["code"] == "not_host");
    CHECK(ada.link->take().empty());

    id = h.send(ada, {{"type", "set_bot"}, {"room", room}, {"seat", 1}, {"bot", "random"}});
    auto to_ada = ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"ack", "patch"});
    ada_view.absorb(to_ada);
    CHECK(ada_view.view["room"]["seats"][1]["kind"] == "bot");
    CHECK(ada_view.view["room"]["seats"][1]["name"] == "Bot 2 (random)");
    CHECK(types_of(bob.link->take()) == strings{"patch"});

    // Chat: trimmed, to every member (the sender too), then the sender's ack.
    id = h.send(bob, {{"type", "chat"}, {"room", room}, {"text", "  hello all  "}});
    const auto to_bob = bob.link->take();
    REQUIRE(types_of(to_bob) == strings{"chat", "ack"});
    CHECK(to_bob[1]["id"] == id);
    to_ada = ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"chat"});
    CHECK(to_ada[0] == to_bob[0]);
    CHECK(to_ada[0]["text"] == "hello all");
    CHECK(to_ada[0]["name"] == "Bob");
    CHECK(to_ada[0]["from"] == bob.id);
    id = h.send(bob, {{"type", "chat"}, {"room", room}, {"text", "   "}});
    CHECK(reply_to(bob.link->take(), id).value()["code"] == "bad_field");
    CHECK(ada.link->take().empty());

    // Kick: Bob is told, Ada gets the ack and the freed seat.
    id = h.send(ada, {{"type", "kick"}, {"room", room}, {"person", bob.id}});
    CHECK(bob.link->take() == std::vector<json>{{{"type", "kicked"}, {"room", room}}});
    to_ada = ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"ack", "patch"});
    ada_view.absorb(to_ada);
    CHECK(ada_view.view["room"]["seats"][2]["kind"] == "empty");
    CHECK(ada_view.view["room"]["seats"][1]["kind"] == "bot");
    check_against_snapshot(h, ada, ada_view);
    id = h.send(bob, {{"type", "snapshot"}, {"room", room}});
    CHECK(reply_to(bob.link->take(), id).value()["code"] == "not_in_room");
}

TEST_CASE("spectators: only where allowed, they see every change but hold no seat", "[server][room]") {
    SECTION("a room without spectators refuses them") {
        room_harness h;
        auto& ada = h.arrive("Ada");
        auto& eve = h.arrive("Eve");
        const std::string room = h.create(ada, {{"spectators", false}});
        ada.link->take();
        const int id = h.send(eve, {{"type", "spectate"}, {"room", room}});
        const auto to_eve = eve.link->take();
        REQUIRE(to_eve.size() == 1);
        CHECK(to_eve[0]["id"] == id);
        CHECK(to_eve[0]["code"] == "spectators_not_allowed");
        CHECK(ada.link->take().empty());
    }
    SECTION("a spectator is listed, patched like the players and refused a move") {
        seated_room t;
        auto& eve = t.h.arrive("Eve");
        const int id = t.h.send(eve, {{"type", "spectate"}, {"room", t.room}});
        const auto to_eve = eve.link->take();
        REQUIRE(types_of(to_eve) == strings{"joined", "snapshot"});
        CHECK(to_eve[0] == json{{"type", "joined"}, {"id", id}, {"room", t.room}, {"seat", nullptr}});
        view_follower eve_view{t.room};
        eve_view.absorb(to_eve);
        CHECK(eve_view.view["you"]["seat"].is_null());
        t.ada_view.absorb(t.ada.link->take());
        CHECK(t.ada_view.view["room"]["spectators"] ==
              json::array({{{"person", eve.id}, {"name", "Eve"}, {"online", true}}}));

        t.start();
        const auto start_patch = eve.link->take();
        REQUIRE(types_of(start_patch) == strings{"patch"});
        eve_view.absorb(start_patch);
        CHECK(eve_view.view["game"]["phase"] == "place_tile");
        CHECK(eve_view.view["you"]["legal"].empty());
        CHECK(eve_view.view["game"] == t.ada_view.view["game"]);

        const int refused = t.h.send(eve, action_message(t.room, eve_view.version, {{"type", "pass"}}));
        CHECK(reply_to(eve.link->take(), refused).value()["code"] == "not_seated");
        CHECK(t.ada.link->take().empty());
        check_against_snapshot(t.h, eve, eve_view);
    }
}

TEST_CASE("wrong turn, illegal move and stale version are refused to the asker alone, the game goes on",
          "[server][room]") {
    seated_room t;
    int id = t.h.send(t.bob, {{"type", "start"}, {"room", t.room}});
    CHECK(reply_to(t.bob.link->take(), id).value()["code"] == "not_host");
    t.start();
    const auto start_version = t.ada_view.version;
    const json pass = {{"type", "pass"}};
    // Each refusal: one error to the asker, nothing to anyone else.
    const auto refused = [&](room_harness::person& who, json action, std::uint64_t version) {
        const int rid = t.h.send(who, action_message(t.room, version, std::move(action)));
        const auto sent = who.link->take();
        REQUIRE(sent.size() == 1);
        CHECK(sent[0]["id"] == rid);
        CHECK(sent[0]["type"] == "error");
        CHECK(t.ada.link->take().empty());
        CHECK(t.bob.link->take().empty());
        return sent[0];
    };
    CHECK(refused(t.bob, {{"type", "place_tile"}, {"x", 1}, {"y", 0}, {"rotation", 0}}, t.bob_view.version)["code"] ==
          "not_your_turn");
    const json illegal = refused(t.ada, {{"type", "place_tile"}, {"x", 40}, {"y", 40}, {"rotation", 0}}, t.ada_view.version);
    CHECK(illegal["code"] == "illegal_action");
    CHECK(illegal["rule"].is_string());
    CHECK(refused(t.ada, pass, t.ada_view.version)["code"] == "illegal_action");  // a tile must be laid first

    id = t.h.send(t.ada, {{"type", "legal_placements"}, {"room", t.room}});
    const json placements = reply_to(t.ada.link->take(), id).value();
    REQUIRE(placements["type"] == "legal_placements");
    const json& pick = placements["placements"][0];
    id = t.h.send(t.ada, action_message(t.room, t.ada_view.version,
                                        {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}}));
    auto to_ada = t.ada.link->take();
    CHECK(reply_to(to_ada, id).value()["type"] == "ack");
    REQUIRE(types_of(to_ada) == strings{"patch", "ack"});  // the ack once the move is out
    t.ada_view.absorb(to_ada);
    const auto to_bob = t.bob.link->take();
    REQUIRE(types_of(to_bob) == strings{"patch"});
    CHECK_FALSE(to_bob[0]["events"].empty());  // the tile laid, for everyone's log
    t.bob_view.absorb(to_bob);

    const json stale = refused(t.ada, pass, start_version);
    CHECK(stale["code"] == "stale_version");
    CHECK(stale["version"] == t.ada_view.version);

    // Nothing was corrupted: both agree with the room, and the right move still works.
    check_against_snapshot(t.h, t.ada, t.ada_view);
    check_against_snapshot(t.h, t.bob, t.bob_view);
    id = t.h.send(t.ada, action_message(t.room, t.ada_view.version, pass));
    CHECK(reply_to(t.ada.link->take(), id).value()["type"] == "ack");
    t.bob_view.absorb(t.bob.link->take());
    CHECK(t.bob_view.view["game"]["decider"] == 1);
}

namespace {

// Refuses the next append when asked, to show a refused journal entry refuses the move.
class flaky_journal final : public carc::server::room_journal {
public:
    std::atomic<bool> fail_next{false};
    std::atomic<int> appended{0};
    void store_waiting(const carc::server::waiting_room&, stored_fn done) override { done(true); }
    void begin_game(const carc::server::game_start&, stored_fn done) override { done(true); }
    void append_action(const carc::server::journal_action&, stored_fn done) override {
        if (fail_next.exchange(false)) return done(false);
        ++appended;
        done(true);
    }
    void resign_seat(const std::string&, int, const carc::server::journal_seat&, stored_fn done) override {
        done(true);
    }
    void end_game(const carc::server::game_end&, stored_fn done) override { done(true); }
    void adjourn(const std::string&, bool, stored_fn done) override { done(true); }
    void flush() override {}
};

}  // namespace

TEST_CASE("a move the journal cannot store is refused and not applied", "[server][room]") {
    auto journal = std::make_shared<flaky_journal>();
    room_harness h(test_config(), journal);
    auto& ada = h.arrive("Ada");
    auto& bob = h.arrive("Bob");
    const std::string room = h.create(ada);
    h.send(bob, {{"type", "join"}, {"room", room}});
    h.send(ada, {{"type", "start"}, {"room", room}});
    view_follower ada_view{room};
    ada_view.absorb(ada.link->take());
    bob.link->take();
    int id = h.send(ada, {{"type", "legal_placements"}, {"room", room}});
    const json pick = reply_to(ada.link->take(), id).value()["placements"][0];
    const json move = action_message(room, ada_view.version,
                                     {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}});
    journal->fail_next = true;
    id = h.send(ada, move);
    const auto refused = ada.link->take();
    REQUIRE(refused.size() == 1);
    CHECK(refused[0]["id"] == id);
    CHECK(refused[0]["code"] == "journal_failed");
    CHECK(bob.link->take().empty());
    check_against_snapshot(h, ada, ada_view);
    CHECK(ada_view.view["game"]["phase"] == "place_tile");

    id = h.send(ada, move);
    CHECK(reply_to(ada.link->take(), id).value()["type"] == "ack");
    CHECK(types_of(bob.link->take()) == strings{"patch"});
    CHECK(journal->appended == 1);
}

TEST_CASE("a dropped connection shows the seat offline, coming back brings a snapshot on the new link",
          "[server][room]") {
    seated_room t;
    t.start();
    const auto old_link = t.bob.link;
    t.h.drop(t.bob, t.room);
    const auto to_ada = t.ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"patch"});
    t.ada_view.absorb(to_ada);
    CHECK(t.ada_view.view["room"]["seats"][1]["online"] == false);
    CHECK(old_link->take().empty());

    t.h.reconnect(t.bob, t.room);
    const auto to_bob = t.bob.link->take();
    REQUIRE(types_of(to_bob) == strings{"snapshot"});
    CHECK(to_bob[0]["view"]["you"]["seat"] == 1);
    CHECK(to_bob[0]["view"]["room"]["seats"][1]["online"] == true);
    t.ada_view.absorb(t.ada.link->take());
    CHECK(t.ada_view.view["room"]["seats"][1]["online"] == true);
    CHECK(old_link->take().empty());  // nothing more goes to the dead connection
}

TEST_CASE("leaving: before the start the seat frees and the host passes on, the last one out closes the room",
          "[server][room]") {
    seated_room t;
    int id = t.h.send(t.ada, {{"type", "leave"}, {"room", t.room}});
    CHECK(t.ada.link->take() == std::vector<json>{{{"type", "left"}, {"id", id}, {"room", t.room}}});
    const auto to_bob = t.bob.link->take();
    REQUIRE(types_of(to_bob) == strings{"patch"});
    t.bob_view.absorb(to_bob);
    CHECK(t.bob_view.view["room"]["host"] == t.bob.id);
    CHECK(t.bob_view.view["room"]["seats"][0]["kind"] == "empty");

    id = t.h.send(t.bob, {{"type", "leave"}, {"room", t.room}});
    CHECK(types_of(t.bob.link->take()) == strings{"left"});
    CHECK(t.h.state().rooms.find(t.room) == nullptr);
    id = t.h.send(t.ada, {{"type", "join"}, {"room", t.room}});
    CHECK(reply_to(t.ada.link->take(), id).value()["code"] == "no_such_room");
}

TEST_CASE("leaving a running game resigns the seat, with one player left the game ends", "[server][room]") {
    seated_room t;
    t.start();
    const int id = t.h.send(t.bob, {{"type", "leave"}, {"room", t.room}});
    CHECK(t.bob.link->take() == std::vector<json>{{{"type", "left"}, {"id", id}, {"room", t.room}}});
    const auto to_ada = t.ada.link->take();
    REQUIRE(types_of(to_ada) == strings{"patch"});  // once his resignation is stored
    t.ada_view.absorb(to_ada);
    CHECK(t.ada_view.view["room"]["seats"][1]["resigned"] == true);
    CHECK(t.ada_view.view["room"]["status"] == "finished");
    CHECK(t.ada_view.view["game"]["result"]["reason"] == "resigned");
    CHECK(t.ada_view.view["game"]["result"]["winners"] == json::array({0}));
    check_against_snapshot(t.h, t.ada, t.ada_view);
}

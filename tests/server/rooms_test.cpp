// Lobby and room life: the live list, private rooms by invite, seats, bots, kick, chat, leave.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "persistence/journal.hpp"
#include "test_server.hpp"

using namespace carc::test;

TEST_CASE("lobby subscribers see public rooms come and go; private ones never", "[server]") {
    test_server server;
    ws_client watcher(server.port()), ada(server.port());
    watcher.hello("Watcher");
    ada.hello("Ada");
    const json first = watcher.request({{"type", "lobby_subscribe"}});
    REQUIRE(first["type"] == "lobby");
    CHECK(first["rooms"].empty());

    // After the whole list, one message per room that appears or changes.
    const json created = ada.request({{"type", "create_room"}, {"name", "Open table"}, {"seats", 3},
                                      {"bots", {{{"seat", 2}, {"kind", "greedy"}}}},
                                      {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}});
    const std::string room = created["room"];
    auto listed = watcher.wait_type("lobby_room");
    REQUIRE(listed);
    const json& row = (*listed)["room"];
    CHECK(row["id"] == room);
    CHECK(row["name"] == "Open table");
    CHECK(row["taken"] == 2);
    CHECK(row["bots"] == 1);
    CHECK(row["status"] == "waiting");
    CHECK(row["clock"]["increment_ms"] == 1000);
    CHECK(watcher.request({{"type", "list_rooms"}})["rooms"] == json::array({row}));

    ws_client carol(server.port());
    carol.hello("Carol");
    const json secret = carol.request({{"type", "create_room"}, {"private", true}});
    REQUIRE(secret["type"] == "room_created");
    ws_client dave(server.port());
    dave.hello("Dave");
    CHECK(dave.request({{"type", "join"}, {"room", secret["room"]}})["code"] == "no_such_room");
    CHECK(dave.request({{"type", "join"}, {"invite", secret["invite"]}})["type"] == "joined");
    for (const json& r : dave.request({{"type", "list_rooms"}})["rooms"]) CHECK(r["id"] != secret["room"]);

    // A change to the public room comes as its new entry; nothing ever names the private one.
    ws_client bob(server.port());
    bob.hello("Bob");
    REQUIRE(bob.request({{"type", "join"}, {"room", room}})["type"] == "joined");
    std::vector<json> seen;
    auto changed = watcher.wait_for([&](const json& m) { return m["type"] == "lobby_room" && m["room"]["taken"] == 3; },
                                    std::chrono::seconds(5), &seen);
    REQUIRE(changed);
    CHECK((*changed)["room"]["id"] == room);

    bob.request({{"type", "leave"}, {"room", room}});
    ada.request({{"type", "leave"}, {"room", room}});
    auto removed = watcher.wait_type("lobby_room_removed");
    REQUIRE(removed);
    CHECK((*removed)["room"] == room);
    CHECK(watcher.request({{"type", "list_rooms"}})["rooms"].empty());
    const std::string secret_id = "\"" + secret["room"].get<std::string>() + "\"";
    for (const std::string& frame : watcher.frames()) CHECK(frame.find(secret_id) == std::string::npos);
}

TEST_CASE("host commands: bots, kick, start only when full; chat reaches everyone", "[server]") {
    test_server server;
    ws_client ada_ws(server.port()), bob_ws(server.port());
    ada_ws.hello("Ada");
    bob_ws.hello("Bob");
    const std::string room = ada_ws.request({{"type", "create_room"}, {"seats", 3}})["room"];
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    REQUIRE(bob.request({{"type", "join"}, {"room", room}, {"seat", 2}})["type"] == "joined");
    CHECK(ada.request({{"type", "join"}, {"room", room}, {"seat", 2}})["code"] == "seat_taken");
    CHECK(ada.request({{"type", "start"}, {"room", room}})["code"] == "wrong_status");  // seat 1 empty
    CHECK(bob.request({{"type", "set_bot"}, {"room", room}, {"seat", 1}, {"bot", "random"}})["code"] == "not_host");
    REQUIRE(ada.request({{"type", "set_bot"}, {"room", room}, {"seat", 1}, {"bot", "random"}})["type"] == "ack");

    REQUIRE(bob.request({{"type", "chat"}, {"room", room}, {"text", "  hello all  "}})["type"] == "ack");
    auto heard = ada.wait_message("chat");
    REQUIRE(heard);
    CHECK((*heard)["text"] == "hello all");
    CHECK((*heard)["name"] == "Bob");
    CHECK(bob.request({{"type", "chat"}, {"room", room}, {"text", "   "}})["code"] == "bad_field");

    const std::string bob_id = ada.view["room"]["seats"][2]["person"];
    REQUIRE(ada.request({{"type", "kick"}, {"room", room}, {"person", bob_id}})["type"] == "ack");
    CHECK(bob_ws.wait_type("kicked"));
    ada.check_against_snapshot();
    CHECK(ada.view["room"]["seats"][2]["kind"] == "empty");
    CHECK(ada.view["room"]["seats"][1]["kind"] == "bot");
    CHECK(bob.request({{"type", "snapshot"}, {"room", room}})["code"] == "not_in_room");
}

namespace {

// Refuses the next append when asked, to show a refused journal entry refuses the move.
class flaky_journal final : public carc::server::room_journal {
public:
    std::atomic<bool> fail_next{false};
    std::atomic<int> appended{0};
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

TEST_CASE("a move the journal cannot store is refused and not applied", "[server]") {
    auto journal = std::make_shared<flaky_journal>();
    test_server server(test_config(), journal);
    ws_client ada_ws(server.port()), bob_ws(server.port());
    ada_ws.hello("Ada");
    bob_ws.hello("Bob");
    const std::string room = ada_ws.request({{"type", "create_room"}})["room"];
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    bob.request({{"type", "join"}, {"room", room}});
    ada.request({{"type", "start"}, {"room", room}});
    ada.check_against_snapshot();
    const json pick = ada.request({{"type", "legal_placements"}, {"room", room}})["placements"][0];
    const json move = {{"type", "action"}, {"room", room}, {"version", ada.version},
                       {"action", {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}}}};
    journal->fail_next = true;
    const auto before = ada.version;
    CHECK(ada.request(move)["code"] == "journal_failed");
    ada.check_against_snapshot();
    CHECK(ada.version == before);
    CHECK(ada.view["game"]["phase"] == "place_tile");
    CHECK(ada.request(move)["type"] == "ack");
    CHECK(journal->appended == 1);
}

// Rooms waiting for the journal and leaving memory: a move is acknowledged and broadcast only once
// it is stored; a running game nobody is online for is adjourned (unloaded, listed as adjourned)
// and a seated player's hello brings it back, also after a restart; a finished game leaves memory
// once its people are gone and its record is served from storage; a game only bots play runs to
// its end. Time passes through the server's own timers (short --adjourn-after and --grace): the
// tests wait for what the server announces, never for a fixed time.
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <catch2/catch.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "game_driver.hpp"
#include "carc/testkit/http_client.hpp"
#include "persistence/journal.hpp"
#include "persist_driver.hpp"
#include "people/security.hpp"
#include "room_openings.hpp"
#include "sqlite_dir.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;

namespace {

server::server_config quick_lifecycle() {
    auto config = test_config();
    config.fixed_seed = 0xADC0FFEEull;
    config.adjourn_after = std::chrono::milliseconds(100);
    config.grace = std::chrono::milliseconds(100);
    return config;
}

double metric(unsigned short port, const std::string& name) {
    const std::string body = http_get(port, "/metrics").body;
    const auto at = body.find("\n" + name + " ");
    REQUIRE(at != std::string::npos);
    return std::stod(body.substr(at + name.size() + 2));
}

// Polls /metrics until `name` reads `value` (a private room's adjourning is announced nowhere
// else); false after 30 s.
bool metric_eventually(unsigned short port, const std::string& name, double value) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
        if (metric(port, name) == value) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// The lobby entry of `room` once it has `status`, as a subscriber is told.
std::optional<json> wait_listed(ws_client& watcher, const std::string& room, const std::string& status) {
    return watcher.wait_for(
        [&](const json& m) {
            return m["type"] == "lobby_room" && m["room"]["id"] == room && m["room"]["status"] == status;
        },
        std::chrono::seconds(30));
}

bool wait_removed(ws_client& watcher, const std::string& room) {
    return watcher
        .wait_for([&](const json& m) { return m["type"] == "lobby_room_removed" && m["room"] == room; },
                  std::chrono::seconds(60))
        .has_value();
}

// Holds every action write until released: what the room may show meanwhile.
class held_journal final : public server::room_journal {
public:
    void store_waiting(const server::waiting_room&, stored_fn done) override { done(true); }
    void begin_game(const server::game_start&, stored_fn done) override { done(true); }
    void append_action(const server::journal_action&, stored_fn done) override {
        std::lock_guard lock(mutex_);
        held_.push_back(std::move(done));
        arrived_.notify_all();
    }
    void resign_seat(const std::string&, int, const server::journal_seat&, stored_fn done) override { done(true); }
    void end_game(const server::game_end&, stored_fn done) override { done(true); }
    void adjourn(const std::string&, bool, stored_fn done) override { done(true); }
    void flush() override {}

    bool wait_held() {
        std::unique_lock lock(mutex_);
        return arrived_.wait_for(lock, std::chrono::seconds(5), [&] { return !held_.empty(); });
    }
    void release(bool stored) {
        std::vector<stored_fn> done;
        {
            std::lock_guard lock(mutex_);
            done.swap(held_);
        }
        for (auto& d : done) d(stored);
    }

private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<stored_fn> held_;
};

json with_id(json message, const char* id) {
    message["id"] = id;
    return message;
}

// The decider's first legal move as an action message (not sent).
json first_move(viewer& player) {
    json action;
    if (player.view["game"]["phase"] == "place_tile") {
        const json p = player.request({{"type", "legal_placements"}, {"room", player.room}})["placements"].at(0);
        action = {{"type", "place_tile"}, {"x", p["x"]}, {"y", p["y"]}, {"rotation", p["rotation"]}};
    } else {
        action = player.view["you"]["legal"].at(0);
    }
    return {{"type", "action"}, {"room", player.room}, {"version", player.version}, {"action", action}};
}

}  // namespace

TEST_CASE("a move is acknowledged and broadcast only once the journal has stored it", "[server][lifecycle]") {
    auto journal = std::make_shared<held_journal>();
    test_server server(test_config(), journal);
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const std::string room = start_two_player_game(ada_ws, bob_ws).room;
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    ada.sync();
    bob.sync();
    const json move = first_move(ada);
    const std::size_t bob_frames = bob_ws.frames().size();

    ada_ws.send(with_id(move, "held"));
    REQUIRE(journal->wait_held());
    // The write is on its way: the room shows nothing of it, to the players or over HTTP.
    CHECK(json::parse(http_get(server.port(), "/api/games/" + room).body)["actions"].empty());
    CHECK(bob_ws.frames().size() == bob_frames);

    journal->release(true);
    const auto ack = ada_ws.wait_for([](const json& m) { return m.value("id", json()) == "held"; });
    REQUIRE(ack);
    CHECK((*ack)["type"] == "ack");
    CHECK(json::parse(http_get(server.port(), "/api/games/" + room).body)["actions"].size() == 1);
    const auto patch = bob_ws.wait_type("patch");
    REQUIRE(patch);
    CHECK((*patch)["version"] == (*ack)["version"]);

    // Refused by the journal: journal_failed, and the next move is judged against the old state.
    ada.sync();
    REQUIRE(ada.view["game"]["decider"] == 0);  // the follower step after her tile
    ada_ws.send(with_id(first_move(ada), "lost"));
    {
        REQUIRE(journal->wait_held());
        journal->release(false);
        const auto refused = ada_ws.wait_for([](const json& m) { return m.value("id", json()) == "lost"; });
        REQUIRE(refused);
        CHECK((*refused)["code"] == "journal_failed");
        const auto version = ada.version;
        ada.check_against_snapshot();
        CHECK(ada.version == version);
    }
}

TEST_CASE("a game nobody is online for is adjourned, and a seated player's hello brings it back",
          "[server][lifecycle][persistence]") {
    temp_dir dir;
    std::string room, token;
    json before;
    {
        test_server server(quick_lifecycle(), open_store(dir.path));
        ws_client watcher(server.port());
        greet(watcher, "Watcher");
        REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
        {
            ws_client ada_ws(server.port());
            token = greet(ada_ws, "Ada")["token"];
            room = open_room(ada_ws, {{"seats", 2},
                                   {"bots", {{{"seat", 1}, {"kind", "random"}}}}})["room"];
            viewer ada{ada_ws, room};
            start_game(ada);
            REQUIRE(ada.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));
            REQUIRE(play_first(ada)["type"] == "ack");
            ada.sync();
            REQUIRE(ada.wait_until([](const json& v) { return v["game"]["decider"] == 0; }));
            before = game_essentials(ada.view);
        }  // Ada's connection drops: nobody is online for the game

        const auto adjourned = wait_listed(watcher, room, "adjourned");
        REQUIRE(adjourned);
        CHECK((*adjourned)["room"]["humans_online"] == 0);
        CHECK(metric(server.port(), "carc_rooms_open") == 0);
        CHECK(metric(server.port(), "carc_rooms_adjourned") == 1);
        CHECK(metric(server.port(), "carc_games_running") == 0);
        CHECK(watcher.request({{"type", "spectate"}, {"room", room}})["code"] == "wrong_status");

        // Ada comes back (same server): her hello loads the game from the journal.
        ws_client ada_ws(server.port());
        viewer ada{ada_ws, room};
        const json welcome = ada_ws.hello("Ada", token);
        REQUIRE(welcome["rooms"] == json::array({room}));
        const auto snapshot = ada.wait_message("snapshot");
        REQUIRE(snapshot);
        ada.absorb(*snapshot);
        CHECK(game_essentials(ada.view) == before);
        CHECK(ada.view["you"]["seat"] == 0);
        REQUIRE(wait_listed(watcher, room, "playing"));
        CHECK(metric(server.port(), "carc_rooms_open") == 1);
        REQUIRE(play_first(ada)["type"] == "ack");
        ada.sync();
        REQUIRE(ada.wait_until([](const json& v) { return v["game"]["decider"] == 0; }));
        before = game_essentials(ada.view);
        ada_ws.close();
        REQUIRE(wait_listed(watcher, room, "adjourned"));
    }

    // A restart leaves it in the store, listed as adjourned, until Ada says hello again.
    test_server server(quick_lifecycle(), open_store(dir.path));
    CHECK(metric(server.port(), "carc_rooms_open") == 0);
    ws_client ada_ws(server.port());
    const json rooms = ada_ws.request({{"type", "hello"}, {"protocol", 1}, {"name", "Ada"}, {"token", token}});
    REQUIRE(rooms["type"] == "welcome");
    CHECK(rooms["rooms"] == json::array({room}));
    viewer ada{ada_ws, room};
    const auto snapshot = ada.wait_message("snapshot");
    REQUIRE(snapshot);
    ada.absorb(*snapshot);
    CHECK(game_essentials(ada.view) == before);
    REQUIRE(play_first(ada)["type"] == "ack");
    const json listed = ada.request({{"type", "list_rooms"}});
    REQUIRE(listed["rooms"].size() == 1);
    CHECK(listed["rooms"][0]["status"] == "playing");
}

TEST_CASE("a finished game leaves memory once its people are gone, storage serves its record",
          "[server][lifecycle][persistence]") {
    temp_dir dir;
    test_server server(quick_lifecycle(), open_store(dir.path));
    ws_client watcher(server.port()), ada_ws(server.port()), bob_ws(server.port());
    greet(watcher, "Watcher");
    REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
    const std::string room =
        start_two_player_game(ada_ws, bob_ws, {{"seats", 2}, {"options", {{"pile_limit", 4}}}}).room;
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    ada.sync();
    bob.sync();
    play_moves({&ada, &bob}, -1);
    REQUIRE(game_over(ada.view));
    REQUIRE(wait_listed(watcher, room, "finished"));
    CHECK(metric(server.port(), "carc_rooms_open") == 1);  // its people are still there

    ada.request({{"type", "leave"}, {"room", room}});
    bob_ws.close();  // gone without a word: the room waits for the grace period, then unloads
    REQUIRE(wait_removed(watcher, room));
    CHECK(metric(server.port(), "carc_rooms_open") == 0);
    const json record = json::parse(http_get(server.port(), "/api/games/" + room).body);
    CHECK(record["status"] == "finished");
    CHECK(record["result"]["reason"] == "complete");
    CHECK(record["actions"].size() > 4);
}

TEST_CASE("a game only bots play runs to its end when its host leaves, then leaves memory",
          "[server][lifecycle][persistence]") {
    temp_dir dir;
    std::string room;
    {
        test_server server(quick_lifecycle(), open_store(dir.path));
        ws_client watcher(server.port()), host_ws(server.port());
        greet(watcher, "Watcher");
        REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
        greet(host_ws, "Host");
        room = open_room(host_ws, {{"seats", 2},
                                {"bots", {{{"seat", 0}, {"kind", "random"}}, {{"seat", 1}, {"kind", "greedy"}}}}})["room"];
        start_game(host_ws, room);
        REQUIRE(host_ws.request({{"type", "leave"}, {"room", room}})["type"] == "left");

        REQUIRE(wait_listed(watcher, room, "finished"));
        REQUIRE(wait_removed(watcher, room));
        CHECK(metric(server.port(), "carc_rooms_open") == 0);
        CHECK(metric(server.port(), "carc_games_running") == 0);
        const json record = json::parse(http_get(server.port(), "/api/games/" + room).body);
        CHECK(record["status"] == "finished");
        CHECK(record["result"]["reason"] == "complete");
    }
    // Nothing of it comes back after a restart: it is finished in the store.
    test_server server(quick_lifecycle(), open_store(dir.path));
    CHECK(metric(server.port(), "carc_rooms_open") == 0);
    CHECK(json::parse(http_get(server.port(), "/api/games/" + room).body)["status"] == "finished");
}

TEST_CASE("an adjourned game's record is served from the journal, its secrets still hidden",
          "[server][lifecycle][persistence]") {
    temp_dir dir;
    std::string open_room, private_room;
    const auto check_record = [](unsigned short port, const std::string& room) {
        const auto answer = http_get(port, "/api/games/" + room);
        REQUIRE(answer.status == 200);
        const json record = json::parse(answer.body);
        CHECK(record["status"] == "adjourned");
        CHECK(record["id"] == room);
        CHECK_FALSE(record["actions"].empty());  // Ada's move at least
        CHECK(record["players"][0]["name"] == "Ada");
        CHECK(record["seed_commitment"].is_string());
        CHECK(record["seed"].is_null());
        CHECK(record["seed_nonce"].is_null());
        CHECK(record["initial_hash"].is_null());
        for (const json& action : record["actions"]) CHECK_FALSE(action.contains("state_hash"));
    };
    {
        test_server server(quick_lifecycle(), open_store(dir.path));
        ws_client watcher(server.port());
        watcher.hello("Watcher");
        REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
        open_room = play_and_leave(server.port(), false);
        private_room = play_and_leave(server.port(), true);
        REQUIRE(wait_listed(watcher, open_room, "adjourned"));
        REQUIRE(metric_eventually(server.port(), "carc_rooms_adjourned", 2));
        check_record(server.port(), open_room);
        CHECK(http_get(server.port(), "/api/games/" + private_room).status == 404);
    }
    // After a restart the game is still only in the store.
    test_server server(quick_lifecycle(), open_store(dir.path));
    check_record(server.port(), open_room);
    CHECK(http_get(server.port(), "/api/games/" + private_room).status == 404);
}

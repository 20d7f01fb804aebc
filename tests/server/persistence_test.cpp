// Games kept in the SQLite store through the real server: a restart on the same database brings
// a game back where it was and it ends exactly as an uninterrupted one; a failing disk refuses
// moves without breaking the room; GET /api/games shows records without hidden information;
// carc-sim verify's check accepts a real record and rejects a tampered one.
#include <cstdlib>
#include <filesystem>
#include <future>

#include <catch2/catch.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "carc/storage/token_hash.hpp"
#include "fault_vfs.hpp"
#include "carc/testkit/http_client.hpp"
#include "persist_driver.hpp"
#include "carc/records/record_verify.hpp"
#include "carc/crypto/sha256.hpp"
#include "people/security.hpp"
#include "carc/records/seed_commitment.hpp"
#include "persistence/storage_journal.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t seed = 0x5EED5EED12345678ull;

struct temp_dir {
    fs::path path = fs::temp_directory_path() / ("carc-persist-" + server::random_hex(6));
    ~temp_dir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

storage::Stores open_store(const fs::path& dir, bool faulty = false) {
    storage::SqliteOptions options;
    options.data_dir = dir;
    if (faulty) options.vfs_name = storage::testing::fault_vfs_name();
    auto opened = storage::open_sqlite_stores(options);
    INFO((opened.ok() ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return std::move(opened).value();
}

server::server_config seeded() {
    auto config = test_config();
    config.fixed_seed = seed;
    return config;
}

json get_json(unsigned short port, const std::string& target, int expected_status = 200) {
    const auto reply = http_get(port, target);
    INFO(target << " -> " << reply.body);
    REQUIRE(reply.status == expected_status);
    return json::parse(reply.body);
}

}  // namespace

TEST_CASE("a game survives a server restart and ends as an uninterrupted one", "[server][persistence]") {
    temp_dir dir;
    two_player_game game;
    json before;
    {
        test_server server(seeded(), open_store(dir.path));
        ws_client ada_ws(server.port()), bob_ws(server.port());
        game = start_two_player_game(ada_ws, bob_ws);
        viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
        ada.sync();
        bob.sync();
        REQUIRE(play_moves({&ada, &bob}, 15) == 15);
        ada.sync();  // the last move may have been Bob's: take in its patch
        before = game_essentials(ada.view);
    }  // the server stops and the store closes

    test_server server(seeded(), open_store(dir.path));
    const std::string room = game.room;
    ws_client ada_ws(server.port()), bob_ws(server.port());
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    resume_seats(ada, bob, game);
    CHECK(game_essentials(ada.view) == before);

    // A new room after the restart never takes a stored id.
    CHECK(open_room(ada_ws, {})["room"] != room);

    play_moves({&ada, &bob}, -1);
    const json record = get_json(server.port(), "/api/games/" + room);
    const json expected = uninterrupted_record(seed);
    CHECK(record["final_hash"] == expected["final_hash"]);
    CHECK(record["result"] == expected["result"]);
    CHECK(record["actions"] == expected["actions"]);

    const auto verified = server::verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);
    json tampered = record;
    tampered["players"][0]["score"] = tampered["players"][0]["score"].get<int>() + 1;
    tampered["result"]["scores"][0] = tampered["players"][0]["score"];
    CHECK_FALSE(server::verify_record(tampered).ok);
    tampered = record;
    tampered["actions"][3]["seat"] = 1 - tampered["actions"][3]["seat"].get<int>();
    CHECK_FALSE(server::verify_record(tampered).ok);

    // Listed as finished, from the store, after the room is gone too.
    const json list = get_json(server.port(), "/api/games");
    REQUIRE(list["finished"].size() == 1);
    CHECK(list["finished"][0]["id"] == room);
    CHECK(list["finished"][0]["players"][0]["name"] == "Ada");
}

TEST_CASE("a failing disk refuses moves with journal_failed and the server keeps running",
          "[server][persistence]") {
    using storage::testing::Fault;
    using storage::testing::ScopedFault;
    temp_dir dir;
    test_server server(seeded(), open_store(dir.path, true));
    ws_client ada_ws(server.port()), bob_ws(server.port());
    greet(ada_ws, "Ada");
    greet(bob_ws, "Bob");
    const std::string room = open_room(ada_ws, {{"seats", 2}})["room"];
    join_room(bob_ws, room);
    {
        ScopedFault full(Fault::write_fails);
        const json refused = ada_ws.request({{"type", "start"}, {"room", room}});
        CHECK(refused["code"] == "journal_failed");
    }
    start_game(ada_ws, room);
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    ada.sync();
    bob.sync();
    play_moves({&ada, &bob}, 3);
    ada.sync();
    bob.sync();
    const json before = game_essentials(ada.view);
    const auto version = ada.version;
    {
        const Fault fault = GENERATE(Fault::write_fails, Fault::sync_fails);
        ScopedFault failing(fault);
        viewer& decider = ada.view["game"]["decider"] == 0 ? ada : bob;
        const json reply = play_first(decider);
        CHECK(reply["code"] == "journal_failed");
        CHECK(reply["message"].get<std::string>().find("not applied") != std::string::npos);
        CHECK(get_json(server.port(), "/healthz")["status"] == "ok");
    }
    ada.check_against_snapshot();
    CHECK(ada.version == version);
    CHECK(game_essentials(ada.view) == before);
    CHECK(play_moves({&ada, &bob}, 2) == 2);  // the disk is back: play goes on
}

TEST_CASE("GET /api/games shows a running game without hidden information", "[server][persistence]") {
    temp_dir dir;
    test_server server(seeded(), open_store(dir.path));
    ws_client ada_ws(server.port()), bob_ws(server.port());
    const std::string room = start_two_player_game(ada_ws, bob_ws).room;
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    ada.sync();
    bob.sync();
    play_moves({&ada, &bob}, 6);

    const json list = get_json(server.port(), "/api/games?limit=5&offset=0");
    REQUIRE(list["running"].size() == 1);
    CHECK(list["running"][0]["id"] == room);
    CHECK(list["running"][0]["actions"] == 6);
    CHECK(list["finished"].empty());
    CHECK(list["limit"] == 5);
    CHECK(list["next_offset"].is_null());
    get_json(server.port(), "/api/games?limit=500", 400);
    get_json(server.port(), "/api/games/r999", 404);

    const json record = get_json(server.port(), "/api/games/" + room);
    CHECK(record["format"] == "carc-game-record");
    CHECK(record["status"] == "playing");
    CHECK(record["seed"].is_null());
    CHECK(record["seed_nonce"].is_null());
    CHECK(record["final_hash"].is_null());
    CHECK(record["seed_commitment"] == ada.view["game"]["seed_commitment"]);
    REQUIRE(record["actions"].size() == 6);
    for (const json& a : record["actions"]) {
        CHECK(a.contains("seat"));
        CHECK(a.contains("action"));
        CHECK(a["events"].is_array());
        CHECK_FALSE(a.contains("state_hash"));  // hashes cover the pile order
    }
    REQUIRE(record["setup"].size() == 1);
    CHECK(record["setup"][0] == json({{"x", 0}, {"y", 0}, {"tile", record["setup"][0]["tile"]}, {"rotation", 0}}));
    CHECK(record["players"][0]["name"] == "Ada");
    CHECK(record["players"][1]["seat"] == 1);
    const std::string text = record.dump();
    CHECK(text.find(std::to_string(seed)) == std::string::npos);
    // No pile order under any name ("pile_limit", the short-game setting, is public).
    std::string without_setting = text;
    for (auto at = without_setting.find("pile_limit"); at != std::string::npos;
         at = without_setting.find("pile_limit"))
        without_setting.erase(at, 10);
    CHECK(without_setting.find("pile") == std::string::npos);
    CHECK_FALSE(server::verify_record(record).ok);  // nothing to verify before the end
}

// Hands a write to the journal and waits for its answer (the writer thread calls back).
template <typename Write>
bool stored_by(server::room_journal&, Write write) {
    std::promise<bool> answer;
    write([&answer](bool stored) { answer.set_value(stored); });
    return answer.get_future().get();
}

TEST_CASE("a stored game that does not replay is reported, marked abandoned, and the server runs",
          "[server][persistence]") {
    temp_dir dir;
    {
        auto store = open_store(dir.path).games;
        server::storage_journal journal(store);
        server::game_start start;
        start.room_id = "r5";
        start.invite = "ABCD-EFGH";
        start.setup.config.players = 2;
        start.setup.seed = seed;
        start.settings.config = start.setup.config;
        start.seed_nonce = server::random_hex(16);
        start.seed_commitment = server::seed_commitment(seed, start.seed_nonce);
        start.seats = {{"p1", "Ada", carc::crypto::sha256_hex("token-a"), std::nullopt},
                       {"p2", "Bob", carc::crypto::sha256_hex("token-b"), std::nullopt}};
        REQUIRE(stored_by(journal, [&](auto done) { journal.begin_game(start, done); }));
        server::journal_action bogus;  // far from the start tile: the engine refuses it
        bogus.room_id = "r5";
        bogus.steps.push_back({1, Action::place_tile({40, 40}, 0)});
        REQUIRE(stored_by(journal, [&](auto done) { journal.append_action(bogus, done); }));
    }
    {
        test_server server(seeded(), open_store(dir.path));
        CHECK(get_json(server.port(), "/healthz")["status"] == "ok");
        get_json(server.port(), "/api/games/r5", 404);
        ws_client ada(server.port());
        CHECK(ada.hello("Ada", "token-a")["code"] == "unknown_token");
        CHECK(ada.hello("Ada")["type"] == "welcome");
        CHECK(open_room(ada, {})["room"] == "r6");  // r5 stays taken
    }
    auto store = open_store(dir.path).games;
    // r5 marked abandoned, not deleted; r6 is kept as the waiting room it was at the stop.
    const auto unfinished = store->load_unfinished().value();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].room_id == "r6");
    CHECK(unfinished[0].status == storage::RoomStatus::lobby);
    CHECK(store->known_ids().value() == std::vector<std::string>{"r5", "r6"});
}

TEST_CASE("resignations and turn clocks come back after a restart", "[server][persistence]") {
    temp_dir dir;
    std::string room, ada_token;
    json before;
    std::vector<std::int64_t> clock_before;
    const auto ada_turn = [](const json& v) { return v.is_object() && v["game"]["decider"] == 0; };
    {
        test_server server(seeded(), open_store(dir.path));
        ws_client ada_ws(server.port()), bob_ws(server.port());
        ada_token = greet(ada_ws, "Ada")["token"];
        greet(bob_ws, "Bob");
        room = open_room(ada_ws, {{"seats", 3},
                               {"bots", {{{"seat", 2}, {"kind", "random"}}}},
                               {"clock", {{"initial_ms", 600000}, {"increment_ms", 0}}}})["room"];
        join_room(bob_ws, room);
        start_game(ada_ws, room);
        viewer ada{ada_ws, room};
        ada.sync();
        // Bob resigns at once; from then on the bots play his seat and seat 2.
        REQUIRE(bob_ws.request({{"type", "resign"}, {"room", room}})["type"] == "ack");
        for (int i = 0; i < 4; ++i) {
            REQUIRE(ada.wait_until(ada_turn));
            REQUIRE(play_first(ada)["type"] == "ack");
        }
        REQUIRE(ada.wait_until([&](const json& v) { return ada_turn(v) && v["game"]["phase"] == "place_tile"; }));
        ada.sync();
        before = game_essentials(ada.view);
        clock_before = ada.view["game"]["clock"]["remaining_ms"].get<std::vector<std::int64_t>>();
        CHECK(ada.view["room"]["seats"][1]["resigned"] == true);
    }
    test_server server(seeded(), open_store(dir.path));
    ws_client ada_ws(server.port());
    REQUIRE(ada_ws.hello("Ada", ada_token)["rooms"] == json::array({room}));
    viewer ada{ada_ws, room};
    const auto snapshot = ada.wait_message("snapshot");
    REQUIRE(snapshot);
    ada.absorb(*snapshot);
    CHECK(game_essentials(ada.view) == before);
    CHECK(ada.view["room"]["seats"][1]["resigned"] == true);
    CHECK(ada.view["room"]["seats"][2]["kind"] == "bot");
    const auto clock_after = ada.view["game"]["clock"]["remaining_ms"].get<std::vector<std::int64_t>>();
    REQUIRE(clock_after.size() == 3);
    CHECK(clock_after[0] == clock_before[0]);  // waiting for Ada: nothing was charged to her
    // The bots' times are saved as each of their actions is journaled, a moment before the
    // room charges them in memory: equal to within that moment.
    for (std::size_t seat = 1; seat < 3; ++seat) CHECK(std::abs(clock_after[seat] - clock_before[seat]) < 1000);
    CHECK(ada.view["game"]["clock"]["running"] == 0);
    REQUIRE(play_first(ada)["type"] == "ack");  // and the game goes on
}

TEST_CASE("a waiting room survives a server restart with its seats, bot and host", "[server][persistence]") {
    temp_dir dir;
    two_player_game game;
    std::string ada_person;
    {
        test_server server(seeded(), open_store(dir.path));
        ws_client ada_ws(server.port()), bob_ws(server.port());
        game = seat_two_players(ada_ws, bob_ws, {{"seats", 3}});
        const json added = ada_ws.request({{"type", "set_bot"}, {"room", game.room}, {"seat", 2}, {"bot", "random"}});
        REQUIRE(added["type"] == "ack");
        // A room closed before its game leaves the store with it.
        ws_client eve_ws(server.port());
        greet(eve_ws, "Eve");
        const std::string gone = open_room(eve_ws, {{"seats", 2}})["room"];
        REQUIRE(eve_ws.request({{"type", "leave"}, {"room", gone}})["type"] == "left");
        viewer ada{ada_ws, game.room};
        ada.sync();
        ada_person = ada.view["room"]["host"];
    }  // the server stops and the store closes, the room not started

    test_server server(seeded(), open_store(dir.path));
    ws_client ada_ws(server.port()), bob_ws(server.port());
    viewer ada{ada_ws, game.room}, bob{bob_ws, game.room};
    resume_seats(ada, bob, game);
    const json& room = ada.view["room"];
    CHECK(room["status"] == "waiting");
    CHECK(room["host"] == ada_person);
    REQUIRE(room["seats"].size() == 3);
    CHECK(room["seats"][0]["name"] == "Ada");
    CHECK(room["seats"][0]["online"] == true);
    CHECK(room["seats"][1]["name"] == "Bob");
    CHECK(room["seats"][2]["kind"] == "bot");
    CHECK(room["seats"][2]["bot"] == "random");
    // The closed room did not come back: the lobby lists the waiting room only.
    const json lobby = ada.request({{"type", "list_rooms"}});
    INFO(lobby.dump());
    REQUIRE(lobby["rooms"].size() == 1);
    CHECK(lobby["rooms"][0]["id"] == game.room);

    // Bob cannot start it, the host can, and the game runs.
    CHECK(bob.request({{"type", "start"}, {"room", game.room}})["code"] == "not_host");
    start_game(ada);
    ada.sync();
    bob.sync();
    CHECK(play_moves({&ada, &bob}, 1) == 1);
}

TEST_CASE("a restored waiting room nobody comes back to closes after the grace period and leaves the store",
          "[server][persistence]") {
    temp_dir dir;
    std::string room;
    {
        test_server server(seeded(), open_store(dir.path));
        ws_client ada(server.port());
        greet(ada, "Ada");
        room = open_room(ada, {{"seats", 2}})["room"];
    }
    {
        test_server server(seeded(), open_store(dir.path));
        ws_client watcher(server.port());
        greet(watcher, "Eve");
        const json lobby = watcher.request({{"type", "lobby_subscribe"}});
        REQUIRE(lobby["rooms"].size() == 1);
        CHECK(lobby["rooms"][0]["id"] == room);
        // Ada never says hello again: her seat is freed after --grace and the empty room closes.
        const auto removed = watcher.wait_for(
            [&](const json& m) { return m["type"] == "lobby_room_removed" && m["room"] == room; },
            std::chrono::seconds(30));
        CHECK(removed.has_value());
    }
    auto store = open_store(dir.path).games;
    CHECK(store->load_unfinished().value().empty());
}

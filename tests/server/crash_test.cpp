// The crash test: the real carc-server process on a temporary data directory, half a game played
// by two people while a spectator watches, SIGKILL, a restart on the same directory, and the
// players reconnect with their tokens to find the game exactly where it was and finish it; the
// final record verifies and equals the record of an in-process run with the same seed and moves.
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <sys/wait.h>

#include <catch2/catch.hpp>

#include "carc/testkit/http_client.hpp"
#include "persist_driver.hpp"
#include "carc/records/record_verify.hpp"
#include "people/security.hpp"
#include "carc/testkit/server_process.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t crash_seed = 424242;

// `sync`: --sync full (fsync per commit) or normal (no fsync; acknowledged moves must survive
// the kill all the same, docs/storage.md "Durability").
std::vector<std::string> server_args(const fs::path& data_dir, const std::string& sync) {
    return {"--bind", "127.0.0.1", "--data-dir", data_dir.string(), "--fixed-seed", std::to_string(crash_seed),
            "--bot-delay", "0", "--rate", "100000", "--burst", "100000", "--web-root", "/nonexistent",
            "--sync", sync};
}

}  // namespace

TEST_CASE("a SIGKILLed server comes back with every game where it was", "[server][persistence][crash]") {
    const std::string sync = GENERATE(as<std::string>{}, "full", "normal");
    INFO("--sync " << sync);
    const fs::path dir = fs::temp_directory_path() / ("carc-crash-" + server::random_hex(6));
    const fs::path data = dir / "data";
    fs::create_directories(dir);
    two_player_game game;
    std::string eve_token;
    json before;
    {
        server_process first(CARC_SERVER_EXE, server_args(data, sync), dir / "first.log");
        ws_client ada_ws(first.port()), bob_ws(first.port()), eve_ws(first.port());
        eve_token = greet(eve_ws, "Eve")["token"];
        game = start_two_player_game(ada_ws, bob_ws);
        viewer ada{ada_ws, game.room}, bob{bob_ws, game.room}, eve{eve_ws, game.room};
        ada.sync();
        bob.sync();
        watch_room(eve);
        const auto snapshot = eve.wait_message("snapshot");
        REQUIRE(snapshot);
        eve.absorb(*snapshot);
        REQUIRE(play_moves({&ada, &bob}, 30) == 30);
        eve.sync();
        before = game_essentials(eve.view);
        const int status = first.kill_with(SIGKILL);
        CHECK(WIFSIGNALED(status));
    }

    server_process second(CARC_SERVER_EXE, server_args(data, sync), dir / "second.log");
    const std::string room = game.room;
    ws_client ada_ws(second.port()), bob_ws(second.port());
    viewer ada{ada_ws, room}, bob{bob_ws, room};
    resume_seats(ada, bob, game);
    CHECK(game_essentials(ada.view) == before);
    // Only seated people are kept: the spectator says hello afresh and watches again.
    ws_client eve_ws(second.port());
    CHECK(eve_ws.hello("Eve", eve_token)["code"] == "unknown_token");
    CHECK(eve_ws.hello("Eve")["type"] == "welcome");
    viewer eve{eve_ws, room};
    watch_room(eve);

    play_moves({&ada, &bob}, -1);
    const auto reply = http_get(second.port(), "/api/games/" + room);
    REQUIRE(reply.status == 200);
    const json record = json::parse(reply.body);
    const auto verified = server::verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);

    // The command line check: exit code 0 for the record, 1 for a tampered copy.
    const fs::path good = dir / "record.json", bad = dir / "tampered.json";
    std::ofstream(good) << record.dump();
    json tampered = record;
    tampered["seed"] = std::to_string(crash_seed + 1);
    std::ofstream(bad) << tampered.dump();
    const std::string sim = std::string(CARC_SIM_EXE) + " verify ";
    CHECK(std::system((sim + good.string() + " > /dev/null").c_str()) == 0);
    CHECK(WEXITSTATUS(std::system((sim + bad.string() + " 2> /dev/null").c_str())) == 1);

    // The same seed and moves without a crash.
    const json expected = uninterrupted_record(crash_seed);
    CHECK(record["actions"] == expected["actions"]);
    CHECK(record["result"] == expected["result"]);
    CHECK(record["final_hash"] == expected["final_hash"]);

    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("carc-server refuses to start on a damaged database and leaves it as it was",
          "[server][persistence][crash]") {
    const fs::path dir = fs::temp_directory_path() / ("carc-damaged-" + server::random_hex(6));
    const fs::path data = dir / "data";
    fs::create_directories(data);
    const std::string garbage(4096, 'x');
    std::ofstream(data / "carc.sqlite3") << garbage;
    CHECK_THROWS_WITH(server_process(CARC_SERVER_EXE, server_args(data, "full"), dir / "server.log"),
                      Catch::Contains("not a SQLite database") && Catch::Contains("left untouched"));
    std::ifstream in(data / "carc.sqlite3");
    const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(after == garbage);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

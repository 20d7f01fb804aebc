// carc-ratings-bench: what rating a game costs at its end (docs/benchmarks.md, "Ratings at a
// game's end"). An in-process server with a SQLite store; fresh accounts play games against a
// random bot, each places a tile (a rated game ended before that is an abort, not rated), and
// the account resigns (the last move). For each game: the time from sending that move to the
// final patch (the game over in the player's view), and to the finished game stored (with its
// rating, written in the same transaction, when the room is rated). Rated and unrated rooms
// alternate, so both see the same machine. Prints figures, asserts nothing.
//
// Usage: carc-ratings-bench [games per mode, default 40]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "carc/testkit/http_client.hpp"
#include "people/security.hpp"
#include "test_server.hpp"
#include "ws_client.hpp"

using nlohmann::json;
using steady = std::chrono::steady_clock;

namespace {

struct timings {
    std::vector<double> to_patch_us;
    std::vector<double> to_stored_us;
};

double micros(steady::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

// The player's view, followed through its patches, until the game in it is over.
struct follower {
    json view;
    void absorb(const json& m) {
        if (m.value("type", "") == "snapshot") view = m["view"];
        else if (m.value("type", "") == "patch" && !view.is_null()) view = view.patch(m["patch"]);
    }
    bool over() const { return view.contains("game") && view["game"].is_object() && !view["game"]["result"].is_null(); }
};

// The account's first turn and the bot's, so each seat has placed a tile. Not timed.
bool play_a_turn_each(carc::test::ws_client& ws, const std::string& room) {
    int start = -1;
    for (int step = 0; step < 200; ++step) {
        const json snap = ws.request({{"type", "snapshot"}, {"room", room}});
        if (snap.value("type", "") != "snapshot") return false;
        const json& game = snap["view"]["game"];
        if (start < 0) start = game["turn"];
        if (game["turn"].get<int>() >= start + 2) return true;
        if (game["decider"] != 0) {  // the bot's turn
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            continue;
        }
        json action;
        if (game["phase"] == "place_tile") {
            const json placements = ws.request({{"type", "legal_placements"}, {"room", room}});
            if (placements["placements"].empty()) return false;
            const json& pick = placements["placements"][0];
            action = {{"type", "place_tile"}, {"x", pick["x"]}, {"y", pick["y"]}, {"rotation", pick["rotation"]}};
        } else {
            if (snap["view"]["you"]["legal"].empty()) return false;
            action = snap["view"]["you"]["legal"][0];
        }
        const json reply =
            ws.request({{"type", "action"}, {"room", room}, {"version", snap["version"]}, {"action", action}});
        if (reply.value("type", "") != "ack") return false;
    }
    return false;
}

// One game: open, start, a turn each, resign; the two times.
bool play_one(carc::test::ws_client& ws, carc::storage::Store& store, bool rated, timings& out) {
    json open = {{"type", "create_room"}, {"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "random"}}}}};
    if (rated) open["rated"] = true;
    const json created = ws.request(open);
    if (created.value("type", "") != "room_created") return false;
    const std::string room = created["room"];
    if (ws.request({{"type", "start"}, {"room", room}}).value("type", "") != "ack") return false;
    if (!play_a_turn_each(ws, room)) return false;
    follower f;
    f.absorb(ws.request({{"type", "snapshot"}, {"room", room}}));
    std::vector<json> before_ack;
    const auto sent = steady::now();
    if (ws.request({{"type", "resign"}, {"room", room}}, std::chrono::seconds(5), &before_ack).value("type", "") != "ack")
        return false;
    for (const json& m : before_ack) f.absorb(m);
    auto patched = steady::now();
    while (!f.over()) {
        auto m = ws.next(std::chrono::seconds(5));
        if (!m) return false;
        f.absorb(*m);
        patched = steady::now();
    }
    while (true) {
        auto game = store.get_game(room);
        if (game.ok() && game->has_value()) break;
        if (steady::now() - sent > std::chrono::seconds(10)) return false;
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    out.to_patch_us.push_back(micros(patched - sent));
    out.to_stored_us.push_back(micros(steady::now() - sent));
    return true;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

void print(const char* mode, const timings& t) {
    std::printf("%-8s games %3zu  last move -> final patch: median %7.0f us, p90 %7.0f us  |  -> stored: median %7.0f us, p90 %7.0f us\n",
                mode, t.to_patch_us.size(), percentile(t.to_patch_us, 0.5), percentile(t.to_patch_us, 0.9),
                percentile(t.to_stored_us, 0.5), percentile(t.to_stored_us, 0.9));
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::max(1, std::atoi(argv[1])) : 40;
    const auto dir = std::filesystem::temp_directory_path() / ("carc-ratings-bench-" + carc::server::random_hex(6));
    carc::storage::SqliteOptions options;
    options.data_dir = dir;
    auto opened = carc::storage::open_sqlite_stores(options);
    if (!opened.ok()) {
        std::fprintf(stderr, "store: %s\n", opened.error().message.c_str());
        return 1;
    }
    carc::storage::Stores store = std::move(opened).value();
    timings rated;
    timings unrated;
    int failures = 0;
    {
        carc::test::test_server server(carc::test::test_config(), store);
        // A fresh account each game: a rated game is the first of its pair today, so it is rated
        // in full (from the fourth game a day against one bot kind only the pair count is read).
        for (int i = 0; i < 2 * games; ++i) {
            const std::string name = "Bench" + std::to_string(i);
            const auto made = carc::test::http_send("127.0.0.1", server.port(), "POST", "/api/accounts",
                                                    {{"Content-Type", "application/json"}},
                                                    json{{"name", name}, {"password", "bench password"}, {"want_token", true}}.dump());
            const json account = json::parse(made.body, nullptr, false);
            carc::test::ws_client ws(server.port());
            const json welcome =
                ws.request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", account.value("token", "")}});
            if (welcome.value("account", "") != name) {
                std::fprintf(stderr, "sign-in failed: %s\n", welcome.dump().c_str());
                return 1;
            }
            const bool is_rated = i % 2 == 0;
            if (!play_one(ws, *store.games, is_rated, is_rated ? rated : unrated)) ++failures;
        }
    }
    store = {};
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    print("rated", rated);
    print("unrated", unrated);
    if (failures) std::printf("%d games failed to finish\n", failures);
    return failures ? 1 : 0;
}

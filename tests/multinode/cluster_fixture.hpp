#pragma once
// Several real carc-server processes sharing one throw-away PostgreSQL on loopback (free ports,
// the database on a Unix socket), and what the multi-node tests do with them.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "carc/records/record_verify.hpp"
#include "carc/testkit/http_client.hpp"
#include "people/security.hpp"
#include "persist_driver.hpp"
#include "pg_test_server.hpp"
#include "carc/testkit/server_process.hpp"
#include "ws_client.hpp"

namespace carc::test {

namespace fs = std::filesystem;

// Lease length of the test nodes: short, so takeovers come quickly (renewed every third).
constexpr int test_lease_ms = 1500;

class cluster {
public:
    // `extra_args` go after the test nodes' own (a later flag wins: e.g. --bot-delay 30).
    explicit cluster(int nodes, std::vector<std::string> extra_args = {})
        : dir_(fs::temp_directory_path() / ("carc-cluster-" + server::random_hex(6))), extra_args_(std::move(extra_args)) {
        fs::create_directories(dir_);
        for (int i = 0; i < nodes; ++i) start_node(i);
    }
    ~cluster() {
        nodes_.clear();
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    // `more` go after every node's extra arguments, for this start of this node only.
    void start_node(int i, const std::vector<std::string>& more = {}) {
        if (nodes_.size() <= static_cast<std::size_t>(i)) nodes_.resize(static_cast<std::size_t>(i) + 1);
        const std::string name = "node-" + std::to_string(i) + "-" + server::random_hex(2);
        std::vector<std::string> args{"--bind", "127.0.0.1", "--store", pg_.url(), "--node-id", name, "--lease-ms",
                                     std::to_string(test_lease_ms), "--bot-delay", "0", "--rate", "100000", "--burst",
                                     "100000", "--web-root", "/nonexistent", "--fixed-seed", "4242",
                                     // one address for every test person: no caps on rooms, bots and
                                     // sign-ups; each lobby change sent at once, as the lobby tests
                                     // follow them
                                     "--max-rooms-per-ip", "0", "--max-rooms-per-person", "0",
                                     "--sign-ups-per-address", "0",
                                     "--max-search-bots-per-ip", "0", "--max-search-bots-per-person", "0",
                                     "--lobby-interval", "0", "--room-chat-rate", "100000", "--room-chat-burst",
                                     "100000"};
        args.insert(args.end(), extra_args_.begin(), extra_args_.end());
        args.insert(args.end(), more.begin(), more.end());
        nodes_[static_cast<std::size_t>(i)] = std::make_unique<server_process>(CARC_SERVER_EXE, std::move(args),
                                                                               dir_ / (name + ".log"));
    }
    server_process& node(int i) { return *nodes_.at(static_cast<std::size_t>(i)); }
    unsigned short port(int i) { return node(i).port(); }
    std::string url(int i) { return "http://127.0.0.1:" + std::to_string(port(i)); }
    void kill(int i) { nodes_.at(static_cast<std::size_t>(i)).reset(); }
    storage::testing::TestPostgres& postgres() { return pg_; }
    std::string query(const std::string& sql) { return storage::testing::postgres_query_at(pg_.url(), sql); }
    // Every node's log so far, restarted nodes' too (each start writes a log of its own).
    std::string logs() const {
        std::string all;
        for (const auto& entry : fs::directory_iterator(dir_)) {
            if (entry.path().extension() != ".log") continue;
            std::ostringstream text;
            text << std::ifstream(entry.path()).rdbuf();
            all += text.str();
        }
        return all;
    }
    // How many actions the shared journal holds for `room`.
    std::int64_t journal_length(const std::string& room) {
        return std::stoll(query("SELECT coalesce(max(seq), 0) FROM actions WHERE room_id = '" + room + "'"));
    }

private:
    storage::testing::TestPostgres pg_;
    fs::path dir_;
    std::vector<std::string> extra_args_;
    std::vector<std::unique_ptr<server_process>> nodes_;
};

// The port named by a redirect's url (http://127.0.0.1:PORT).
inline unsigned short redirect_port(const json& redirect) {
    const std::string url = redirect.at("url");
    return static_cast<unsigned short>(std::stoi(url.substr(url.rfind(':') + 1)));
}

// Says hello with `token` at `port` until that node welcomes the person with `room` among
// their rooms: while the dead (or paused) owner's lease runs, the node redirects to it; once the
// lease expired, the node takes the game over. Fails the test after `deadline`.
inline std::unique_ptr<ws_client> reconnect_seated(unsigned short port, const std::string& name,
                                                   const std::string& token, const std::string& room,
                                                   std::chrono::milliseconds deadline = std::chrono::seconds(20)) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (std::chrono::steady_clock::now() < until) {
        auto client = std::make_unique<ws_client>(port);
        const json reply = client->hello(name, token);
        if (reply["type"] == "welcome" && reply["rooms"] == json::array({room})) return client;
        // Polling, not synchronisation: each try is a real hello, the deadline bounds the wait.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("node at port " << port << " never brought back room " << room << " for " << name);
    return nullptr;
}

// Ada and Bob in one two-player game, each on a connection of their own, their views in sync.
struct two_players {
    two_players(two_player_game started, std::unique_ptr<ws_client> ada_link, std::unique_ptr<ws_client> bob_link)
        : game(std::move(started)), ada_ws(std::move(ada_link)), bob_ws(std::move(bob_link)),
          ada{*ada_ws, game.room}, bob{*bob_ws, game.room} {}

    // Ada opens a room at the node on `port`, Bob joins, Ada starts the game.
    static two_players start_at(unsigned short port) {
        auto ada_link = std::make_unique<ws_client>(port);
        auto bob_link = std::make_unique<ws_client>(port);
        two_player_game started = start_two_player_game(*ada_link, *bob_link);
        two_players players(std::move(started), std::move(ada_link), std::move(bob_link));
        players.sync();
        return players;
    }

    // Both back in `game` at the node on `port` after its owner was lost (reconnect_seated), their
    // views from the snapshot that node sends.
    static two_players back_at(unsigned short port, const two_player_game& game) {
        auto ada_link = reconnect_seated(port, "Ada", game.ada_token, game.room);
        auto bob_link = reconnect_seated(port, "Bob", game.bob_token, game.room);
        two_players players(game, std::move(ada_link), std::move(bob_link));
        for (viewer* v : {&players.ada, &players.bob}) {
            const auto snapshot = v->wait_message("snapshot");
            REQUIRE(snapshot);
            v->absorb(*snapshot);
        }
        players.sync();
        return players;
    }

    void sync() {
        ada.sync();
        bob.sync();
    }
    // Plays up to `moves` first-legal moves (all when negative), then syncs; returns how many.
    int play(int moves) {
        const int made = play_moves({&ada, &bob}, moves);
        sync();
        return made;
    }
    // Whoever must decide now, as the views last saw it.
    viewer& decider() { return ada.view["game"]["decider"] == 0 ? ada : bob; }

    two_player_game game;
    std::unique_ptr<ws_client> ada_ws, bob_ws;
    viewer ada, bob;
};

}  // namespace carc::test

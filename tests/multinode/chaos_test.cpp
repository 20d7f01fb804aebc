// The chaos loop (issue 16): three nodes on one PostgreSQL while a seeded random schedule
// SIGKILLs, restarts, SIGSTOPs and SIGCONTs them between the moves of several two-player games
// whose clients play random legal moves. Every acknowledged move must be in the stored record,
// and every finished record must pass the checks of `carc-sim verify`.
//
// CARC_CHAOS_SECONDS (default 25) bounds the loop; CARC_CHAOS_SEED replays a schedule (the seed
// is printed). A seed gives the same faults and moves in the same order (unless a move goes
// unanswered, which sends its game to another node); the time bound decides where they stop.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <random>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr int node_count = 3;
constexpr std::size_t concurrent_games = 3;
const char* const seat_names[2] = {"Ada", "Bob"};

enum class node_state { running, stopped, dead };

struct chaos_game {
    std::string room;
    std::string tokens[2];
    std::unique_ptr<ws_client> ws[2];
    std::unique_ptr<viewer> seats[2];
    int node = -1;                // the node its clients talk to
    bool displaced = false;       // its node died or was paused, or a request went unanswered
    bool finished = false;
    std::vector<json> acked;      // every acknowledged action, in order
};

struct chaos_run {
    cluster& c;
    std::mt19937_64 rng;
    std::vector<node_state> nodes = std::vector<node_state>(node_count, node_state::running);
    std::vector<chaos_game> games;

    int pick(int n) { return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng)); }
    std::vector<int> with_state(node_state s) const {
        std::vector<int> out;
        for (int i = 0; i < node_count; ++i)
            if (nodes[static_cast<std::size_t>(i)] == s) out.push_back(i);
        return out;
    }
    int random_running() {
        const auto running = with_state(node_state::running);
        return running.at(static_cast<std::size_t>(pick(static_cast<int>(running.size()))));
    }
    int running_node_at(unsigned short port) {
        for (int i = 0; i < node_count; ++i)
            if (nodes[static_cast<std::size_t>(i)] == node_state::running && c.port(i) == port) return i;
        return -1;
    }

    void start_game() {
        chaos_game g;
        g.node = random_running();
        g.ws[0] = std::make_unique<ws_client>(c.port(g.node));
        g.ws[1] = std::make_unique<ws_client>(c.port(g.node));
        const two_player_game started = start_two_player_game(*g.ws[0], *g.ws[1]);
        g.room = started.room;
        g.tokens[0] = started.ada_token;
        g.tokens[1] = started.bob_token;
        for (int s = 0; s < 2; ++s) g.seats[s] = std::make_unique<viewer>(*g.ws[s], g.room);
        WARN("game " << g.room << " started on node " << g.node);
        games.push_back(std::move(g));
    }

    // A game whose last move was acknowledged is no longer among its players' rooms.
    bool finished_in_store(chaos_game& g, int node) {
        const auto reply = http_get(c.port(node), "/api/games/" + g.room);
        if (reply.status != 200 || json::parse(reply.body)["status"] != "finished") return false;
        g.finished = true;
        g.displaced = false;
        g.node = node;
        return true;
    }

    // Both seats say hello again at a running node until one welcomes them back into the room,
    // following redirects to running owners; a dead or paused owner's lease has to run out first.
    void relocate(chaos_game& g) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        int target = random_running();
        json last;
        while (std::chrono::steady_clock::now() < until) {
            g.seats[0].reset();
            g.seats[1].reset();
            int seated = 0;
            for (int s = 0; s < 2; ++s) {
                g.ws[s] = std::make_unique<ws_client>(c.port(target));
                const json reply = g.ws[s]->hello(seat_names[s], g.tokens[s]);
                if (reply["type"] == "welcome" && reply["rooms"] == json::array({g.room})) {
                    ++seated;
                    continue;
                }
                last = reply;
                if (reply["type"] == "welcome" && finished_in_store(g, target)) return;
                if (reply["type"] == "redirect") {
                    const int owner = running_node_at(redirect_port(reply));
                    if (owner >= 0) target = owner;
                }
                break;
            }
            if (seated == 2) {
                for (int s = 0; s < 2; ++s) g.seats[s] = std::make_unique<viewer>(*g.ws[s], g.room);
                g.node = target;
                g.displaced = false;
                return;
            }
            // Polling, not synchronisation: each try is a real hello, the deadline bounds the wait.
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        FAIL("no running node brought back room " << g.room << "; last answer " << last.dump());
    }

    // A fresh snapshot for `v`; false when its node did not answer with one (it dropped the room).
    static bool resync(viewer& v) {
        const json reply = v.request({{"type", "snapshot"}, {"room", v.room}});
        if (reply.value("type", "") != "snapshot") return false;
        v.view = reply["view"];
        v.version = reply["version"].get<std::uint64_t>();
        return true;
    }

    // One random legal move by the decider; false when it was not acknowledged.
    bool move(chaos_game& g) {
        viewer& first = *g.seats[0];
        if (!resync(first)) return false;
        if (game_over(first.view)) {
            g.finished = true;
            return true;
        }
        const int decider = first.view["game"]["decider"];
        viewer& player = *g.seats[decider];
        if (decider != 0 && !resync(player)) return false;
        json action;
        if (player.view["game"]["phase"] == "place_tile") {
            const json placements = player.request({{"type", "legal_placements"}, {"room", g.room}});
            REQUIRE_FALSE(placements["placements"].empty());
            const json& pick_one = placements["placements"][static_cast<std::size_t>(
                pick(static_cast<int>(placements["placements"].size())))];
            action = {{"type", "place_tile"}, {"x", pick_one["x"]}, {"y", pick_one["y"]},
                      {"rotation", pick_one["rotation"]}};
        } else {
            const json& legal = player.view["you"]["legal"];
            REQUIRE_FALSE(legal.empty());
            action = legal[static_cast<std::size_t>(pick(static_cast<int>(legal.size())))];
        }
        const json reply = player.request(
            {{"type", "action"}, {"room", g.room}, {"version", player.version}, {"action", action}});
        if (reply.value("type", "") != "ack") {
            WARN("room " << g.room << " move not acknowledged: " << reply.dump());
            return false;
        }
        g.acked.push_back(action);
        return true;
    }

    void play(chaos_game& g, int moves) {
        for (int made = 0; made < moves && !g.finished;) {
            if (g.displaced) relocate(g);
            if (g.finished) break;
            if (move(g)) {
                ++made;
            } else {
                g.displaced = true;
            }
            REQUIRE(g.acked.size() < 1000);
        }
    }

    void displace_games_on(int node) {
        for (auto& g : games)
            if (g.node == node) g.displaced = true;
    }

    // One step of the schedule: a fault or a few moves, chosen by the seeded generator.
    void step() {
        const int roll = pick(100);
        const auto running = with_state(node_state::running);
        const auto stopped = with_state(node_state::stopped);
        const auto dead = with_state(node_state::dead);
        if (roll < 12 && running.size() > 1) {
            const int victim = running[static_cast<std::size_t>(pick(static_cast<int>(running.size())))];
            WARN("SIGKILL node " << victim);
            CHECK(WIFSIGNALED(c.node(victim).kill_with(SIGKILL)));
            c.kill(victim);
            nodes[static_cast<std::size_t>(victim)] = node_state::dead;
            displace_games_on(victim);
        } else if (roll < 24 && !dead.empty()) {
            const int back = dead[static_cast<std::size_t>(pick(static_cast<int>(dead.size())))];
            WARN("restart node " << back);
            c.start_node(back);
            nodes[static_cast<std::size_t>(back)] = node_state::running;
        } else if (roll < 30 && stopped.empty() && running.size() > 1) {
            const int victim = running[static_cast<std::size_t>(pick(static_cast<int>(running.size())))];
            WARN("SIGSTOP node " << victim);
            c.node(victim).signal(SIGSTOP);
            nodes[static_cast<std::size_t>(victim)] = node_state::stopped;
            displace_games_on(victim);
        } else if (roll < 38 && !stopped.empty()) {
            WARN("SIGCONT node " << stopped[0]);
            c.node(stopped[0]).signal(SIGCONT);
            nodes[static_cast<std::size_t>(stopped[0])] = node_state::running;
        } else {
            std::vector<chaos_game*> open;
            for (auto& g : games)
                if (!g.finished) open.push_back(&g);
            if (open.empty()) return;
            play(*open[static_cast<std::size_t>(pick(static_cast<int>(open.size())))], 1 + pick(8));
        }
    }

    std::size_t open_games() const {
        std::size_t n = 0;
        for (const auto& g : games) n += g.finished ? 0 : 1;
        return n;
    }
};

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* value = std::getenv(name);
    return value && *value ? std::stoull(value) : fallback;
}

}  // namespace

TEST_CASE("chaos: nodes killed, restarted and paused under running games lose no acknowledged move",
          "[multinode][chaos]") {
    const std::uint64_t seed = env_number("CARC_CHAOS_SEED", std::random_device{}());
    const auto seconds = env_number("CARC_CHAOS_SECONDS", 25);
    WARN("chaos seed " << seed << " (CARC_CHAOS_SEED=" << seed << " replays it), " << seconds << " s");
    std::cout << "chaos seed " << seed << std::endl;

    cluster c(node_count);
    chaos_run run{c, std::mt19937_64(seed), std::vector<node_state>(node_count, node_state::running), {}};
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    int steps = 0;
    while (std::chrono::steady_clock::now() < until) {
        while (run.open_games() < concurrent_games) run.start_game();
        run.step();
        ++steps;
    }

    // The faults end: every node runs again and the open games are played to the end.
    for (int i : run.with_state(node_state::stopped)) {
        c.node(i).signal(SIGCONT);
        run.nodes[static_cast<std::size_t>(i)] = node_state::running;
    }
    for (int i : run.with_state(node_state::dead)) {
        c.start_node(i);
        run.nodes[static_cast<std::size_t>(i)] = node_state::running;
    }
    for (auto& g : run.games) run.play(g, 1000);

    std::size_t moves = 0;
    for (auto& g : run.games) {
        INFO("room " << g.room << ", seed " << seed);
        REQUIRE(g.finished);
        const auto reply = http_get(c.port(g.node), "/api/games/" + g.room);
        REQUIRE(reply.status == 200);
        const json record = json::parse(reply.body);
        CHECK(record["status"] == "finished");
        // The same checks as `carc-sim verify RECORD.json`.
        const auto verified = server::verify_record(record);
        INFO(verified.message);
        CHECK(verified.ok);
        // Every acknowledged move is in the record, in order. A move whose answer was lost may
        // be there too, so the record can hold more than was acknowledged, never less.
        const json& actions = record["actions"];
        REQUIRE(actions.size() >= g.acked.size());
        std::size_t matched = 0;
        for (std::size_t i = 0, j = 0; i < g.acked.size() && j < actions.size(); ++j)
            if (actions[j]["action"] == g.acked[i]) ++matched, ++i;
        CHECK(matched == g.acked.size());
        moves += g.acked.size();
    }
    WARN("chaos seed " << seed << ": " << steps << " steps, " << run.games.size() << " games, " << moves
                       << " acknowledged moves");
}

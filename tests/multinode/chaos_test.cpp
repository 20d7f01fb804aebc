// The chaos loop (issue 16): three nodes on one PostgreSQL; games of two people and one or two
// bots (the server plays the bots); and a fault thread that, at seeded random times independent
// of the moves, SIGKILLs, restarts, SIGSTOPs and SIGCONTs nodes, so a fault can land while a
// request or a commit is in flight. Every acknowledged move must be in the stored record, and
// every finished record must pass the checks of `carc-sim verify`.
//
// CARC_CHAOS_SECONDS (default 25) bounds the faults; CARC_CHAOS_SEED replays a schedule (printed):
// the same faults at the same times after the start, the same games and the same choices of
// moves; where a fault lands among the moves depends on timing, which is the point. The verdict
// does not: while faults run, a player that gets no answer only tries again later; once they
// stop (every node running), each game must be played to its end within a bound that a correct
// server meets by far.
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <shared_mutex>

#include "cluster_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

constexpr int node_count = 3;
constexpr std::size_t concurrent_games = 3;
constexpr int humans = 2;  // seats 0 and 1; the bots sit after them
const char* const human_names[humans] = {"Ada", "Bob"};
// The servers' pause before a bot's move: bots play while faults land.
constexpr const char* bot_delay_ms = "30";

enum class node_state { running, stopped, dead };

// The nodes as the fault thread leaves them, read by the players.
struct node_table {
    // Shared while a player opens a connection (a WebSocket handshake has no timeout), unique
    // while the fault thread SIGSTOPs a node: no handshake ever waits on a paused node.
    std::shared_mutex mutex;
    std::vector<node_state> states = std::vector<node_state>(node_count, node_state::running);
    std::vector<unsigned short> ports = std::vector<unsigned short>(node_count, 0);
};

// SIGKILL, restart, SIGSTOP and SIGCONT at seeded random times, on its own thread. At least one
// node always runs. Catch2 is not thread-safe: what happened is kept for the test thread.
class fault_thread {
public:
    fault_thread(cluster& c, node_table& nodes, std::uint64_t seed) : c_(c), nodes_(nodes), rng_(seed) {
        thread_ = std::thread([this] { run(); });
    }
    ~fault_thread() { heal(); }

    // Stops the faults, then SIGCONTs paused nodes and restarts dead ones: every node runs.
    void heal() {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
            stopping_ = true;
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();
        for (int i = 0; i < node_count; ++i) {
            const auto state = nodes_.states[static_cast<std::size_t>(i)];
            if (state == node_state::stopped) c_.node(i).signal(SIGCONT);
            if (state == node_state::dead) c_.start_node(i);
            std::unique_lock lock(nodes_.mutex);
            nodes_.ports[static_cast<std::size_t>(i)] = c_.port(i);
            nodes_.states[static_cast<std::size_t>(i)] = node_state::running;
        }
    }

    std::vector<std::string> log;
    int kills = 0, restarts = 0, pauses = 0, resumes = 0;
    int kills_not_by_signal = 0;  // a SIGKILLed node that did not die of it

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

    void run() {
        const auto started = std::chrono::steady_clock::now();
        for (;;) {
            // The schedule itself: the next fault after 150 to 1200 ms.
            const auto pause = std::chrono::milliseconds(150 + pick(1050));
            {
                std::unique_lock lock(mutex_);
                if (wake_.wait_for(lock, pause, [this] { return stopping_; })) return;
            }
            const auto at = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
            log.push_back(std::to_string(at.count()) + " ms: " + one_fault());
        }
    }

    std::vector<int> with_state(node_state s) {
        std::vector<int> out;
        for (int i = 0; i < node_count; ++i)
            if (nodes_.states[static_cast<std::size_t>(i)] == s) out.push_back(i);
        return out;
    }
    int any_of(const std::vector<int>& nodes) { return nodes[static_cast<std::size_t>(pick(static_cast<int>(nodes.size())))]; }

    std::string one_fault() {
        const auto running = with_state(node_state::running);
        const auto stopped = with_state(node_state::stopped);
        const auto dead = with_state(node_state::dead);
        const int roll = pick(100);
        if (roll < 30 && running.size() > 1) {
            const int victim = any_of(running);
            {
                std::unique_lock lock(nodes_.mutex);
                nodes_.states[static_cast<std::size_t>(victim)] = node_state::dead;
            }
            if (!WIFSIGNALED(c_.node(victim).kill_with(SIGKILL))) ++kills_not_by_signal;
            c_.kill(victim);
            ++kills;
            return "SIGKILL node " + std::to_string(victim);
        }
        if (roll < 55 && !dead.empty()) {
            const int back = any_of(dead);
            c_.start_node(back);
            std::unique_lock lock(nodes_.mutex);
            nodes_.ports[static_cast<std::size_t>(back)] = c_.port(back);
            nodes_.states[static_cast<std::size_t>(back)] = node_state::running;
            ++restarts;
            return "restart node " + std::to_string(back);
        }
        if (roll < 75 && stopped.empty() && running.size() > 1) {
            const int victim = any_of(running);
            std::unique_lock lock(nodes_.mutex);
            c_.node(victim).signal(SIGSTOP);
            nodes_.states[static_cast<std::size_t>(victim)] = node_state::stopped;
            ++pauses;
            return "SIGSTOP node " + std::to_string(victim);
        }
        if (!stopped.empty()) {
            c_.node(stopped[0]).signal(SIGCONT);
            std::unique_lock lock(nodes_.mutex);
            nodes_.states[static_cast<std::size_t>(stopped[0])] = node_state::running;
            ++resumes;
            return "SIGCONT node " + std::to_string(stopped[0]);
        }
        return "nothing";
    }

    cluster& c_;
    node_table& nodes_;
    std::mt19937_64 rng_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

struct acked_move {
    int seat = 0;
    json action;
};

struct chaos_game {
    std::string room;
    int seats = 0;
    std::string tokens[humans];
    std::unique_ptr<ws_client> ws[humans];
    int node = -1;            // the node its clients talk to
    bool displaced = false;   // a request went unanswered: say hello again somewhere
    bool finished = false;
    std::vector<acked_move> acked;  // every acknowledged move of its people, in order
};

enum class outcome { moved, waiting, lost };

// A reply within this bound, or the player counts the node as gone for now.
constexpr auto answer_within = std::chrono::seconds(3);

json ask(ws_client& ws, json message) { return ws.request(std::move(message), answer_within); }

struct chaos_run {
    chaos_run(node_table& table, std::uint64_t seed) : nodes(table), rng(seed) {}

    node_table& nodes;
    std::mt19937_64 rng;
    std::vector<chaos_game> games;
    int relocations = 0, unanswered = 0, abandoned_openings = 0;
    std::map<std::string, int> abandoned_at;  // step and answer of each abandoned opening

    int pick(int n) { return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng)); }

    int random_running() {
        std::shared_lock lock(nodes.mutex);
        std::vector<int> running;
        for (int i = 0; i < node_count; ++i)
            if (nodes.states[static_cast<std::size_t>(i)] == node_state::running) running.push_back(i);
        return running.at(static_cast<std::size_t>(pick(static_cast<int>(running.size()))));
    }
    int running_node_at(unsigned short port) {
        std::shared_lock lock(nodes.mutex);
        for (int i = 0; i < node_count; ++i)
            if (nodes.states[static_cast<std::size_t>(i)] == node_state::running && nodes.ports[static_cast<std::size_t>(i)] == port)
                return i;
        return -1;
    }
    bool is_running(int node) {
        std::shared_lock lock(nodes.mutex);
        return nodes.states[static_cast<std::size_t>(node)] == node_state::running;
    }
    // A connection to `node`; null when it is not running (or died during the handshake).
    std::unique_ptr<ws_client> connect(int node) {
        std::shared_lock lock(nodes.mutex);
        if (nodes.states[static_cast<std::size_t>(node)] != node_state::running) return nullptr;
        try {
            return std::make_unique<ws_client>(nodes.ports[static_cast<std::size_t>(node)]);
        } catch (const std::exception&) {
            return nullptr;
        }
    }

    // Two people and one or two bots open a room on a running node and start. A fault in the
    // middle abandons the attempt (its room is nobody's game here).
    void start_game() {
        chaos_game g;
        g.node = random_running();
        const int bots = 1 + pick(2);
        g.seats = humans + bots;
        json fields = {{"type", "create_room"}, {"seats", g.seats}, {"bots", json::array()}};
        for (int b = 0; b < bots; ++b)
            fields["bots"].push_back({{"seat", humans + b}, {"kind", pick(2) == 0 ? "random" : "greedy"}});
        const auto abandon = [&](const std::string& step, const json& answer) {
            ++abandoned_openings;
            ++abandoned_at[step + " " + answer.value("type", "") + " " + answer.value("code", "")];
            // Polling, not synchronisation: the next attempt picks a node again.
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        };
        for (int s = 0; s < humans; ++s) {
            g.ws[s] = connect(g.node);
            if (!g.ws[s]) return abandon("connect", {});
            const json welcome = g.ws[s]->hello(human_names[s]);
            if (welcome.value("type", "") != "welcome") return abandon("hello", welcome);
            g.tokens[s] = welcome["token"];
        }
        const json created = ask(*g.ws[0], fields);
        if (created.value("type", "") != "room_created") return abandon("create_room", created);
        g.room = created["room"];
        const json joined = ask(*g.ws[1], {{"type", "join"}, {"room", g.room}});
        if (joined.value("type", "") != "joined") return abandon("join", joined);
        const json started = ask(*g.ws[0], {{"type", "start"}, {"room", g.room}});
        if (started.value("type", "") != "ack") return abandon("start", started);
        games.push_back(std::move(g));
    }

    // Whether the store holds the game as finished (its last move's answer may have been lost).
    bool finished_in_store(chaos_game& g, int node) {
        unsigned short port = 0;
        {
            std::shared_lock lock(nodes.mutex);
            if (nodes.states[static_cast<std::size_t>(node)] != node_state::running) return false;
            port = nodes.ports[static_cast<std::size_t>(node)];
        }
        try {
            const auto reply = http_get(port, "/api/games/" + g.room);
            if (reply.status != 200 || json::parse(reply.body)["status"] != "finished") return false;
        } catch (const std::exception&) {
            return false;
        }
        g.finished = true;
        g.displaced = false;
        g.node = node;
        return true;
    }

    // Both people say hello again at a running node until one welcomes them back into the room,
    // following redirects to running owners; a dead or paused owner's lease has to run out
    // first. False when `patience` ran out (the game stays displaced).
    bool relocate(chaos_game& g, std::chrono::milliseconds patience) {
        ++relocations;
        const auto until = std::chrono::steady_clock::now() + patience;
        int target = random_running();
        while (std::chrono::steady_clock::now() < until) {
            int seated = 0;
            for (int s = 0; s < humans; ++s) {
                g.ws[s] = connect(target);
                if (!g.ws[s]) break;
                const json reply = g.ws[s]->hello(human_names[s], g.tokens[s]);
                if (reply.value("type", "") == "welcome" && reply["rooms"] == json::array({g.room})) {
                    ++seated;
                    continue;
                }
                if (reply.value("type", "") == "welcome" && finished_in_store(g, target)) return true;
                if (reply.value("type", "") == "redirect") {
                    const int owner = running_node_at(redirect_port(reply));
                    if (owner >= 0) target = owner;
                }
                break;
            }
            if (seated == humans) {
                g.node = target;
                g.displaced = false;
                return true;
            }
            if (!is_running(target)) target = random_running();
            // Polling, not synchronisation: each try is a real hello, `patience` bounds the wait.
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return false;
    }

    // One random legal move of the person to decide; `waiting` while a bot decides.
    outcome move(chaos_game& g) {
        const json first = ask(*g.ws[0], {{"type", "snapshot"}, {"room", g.room}});
        if (first.value("type", "") != "snapshot") return outcome::lost;
        json view = first["view"];
        std::uint64_t version = first["version"];
        if (game_over(view)) {
            g.finished = true;
            return outcome::moved;
        }
        const int decider = view["game"]["decider"];
        if (decider >= humans) {
            // The server plays the bot: its move comes as a patch (or nothing, if the node went).
            (void)g.ws[0]->next(answer_within);
            return outcome::waiting;
        }
        ws_client& player = *g.ws[decider];
        if (decider != 0) {
            const json own = ask(player, {{"type", "snapshot"}, {"room", g.room}});
            if (own.value("type", "") != "snapshot") return outcome::lost;
            view = own["view"];
            version = own["version"];
        }
        json action;
        if (view["game"]["phase"] == "place_tile") {
            const json placements = ask(player, {{"type", "legal_placements"}, {"room", g.room}});
            if (placements.value("type", "") != "legal_placements") return outcome::lost;
            REQUIRE_FALSE(placements["placements"].empty());
            const json& one = placements["placements"][static_cast<std::size_t>(pick(static_cast<int>(placements["placements"].size())))];
            action = {{"type", "place_tile"}, {"x", one["x"]}, {"y", one["y"]}, {"rotation", one["rotation"]}};
        } else {
            const json& legal = view["you"]["legal"];
            REQUIRE_FALSE(legal.empty());
            action = legal[static_cast<std::size_t>(pick(static_cast<int>(legal.size())))];
        }
        const json reply = ask(player, {{"type", "action"}, {"room", g.room}, {"version", version}, {"action", action}});
        if (reply.value("type", "") != "ack") {
            ++unanswered;
            return outcome::lost;
        }
        g.acked.push_back({decider, action});
        return outcome::moved;
    }

    // Up to `tries` turns of the game's people (a bot's turn is waited for).
    void play(chaos_game& g, int tries, std::chrono::milliseconds patience) {
        for (int i = 0; i < tries && !g.finished; ++i) {
            if (g.displaced && !relocate(g, patience)) return;
            if (g.finished) return;
            if (move(g) == outcome::lost) g.displaced = true;
            REQUIRE(g.acked.size() < 1000);
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

TEST_CASE("chaos: nodes killed, restarted and paused at random times under bot games lose no acknowledged move",
          "[multinode][chaos]") {
    const std::uint64_t seed = env_number("CARC_CHAOS_SEED", std::random_device{}());
    const auto seconds = env_number("CARC_CHAOS_SECONDS", 25);
    WARN("chaos seed " << seed << " (CARC_CHAOS_SEED=" << seed << " replays it), " << seconds << " s");
    std::cout << "chaos seed " << seed << std::endl;

    // Every player comes from 127.0.0.1: the per-address WebSocket cap (16) must not refuse the
    // openings and relocations of three games while closed connections are still being reaped.
    cluster c(node_count, {"--bot-delay", bot_delay_ms, "--max-connections-per-ip", "1000"});
    node_table nodes;
    for (int i = 0; i < node_count; ++i) nodes.ports[static_cast<std::size_t>(i)] = c.port(i);
    chaos_run run(nodes, seed);
    fault_thread faults(c, nodes, seed ^ 0x9e3779b97f4a7c15ull);

    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < until) {
        while (run.open_games() < concurrent_games && std::chrono::steady_clock::now() < until) run.start_game();
        std::vector<chaos_game*> open;
        for (auto& g : run.games)
            if (!g.finished) open.push_back(&g);
        if (open.empty()) continue;
        run.play(*open[static_cast<std::size_t>(run.pick(static_cast<int>(open.size())))], 1 + run.pick(8),
                 std::chrono::seconds(4));
    }

    // The faults end with every node running; each open game is played to its end. A correct
    // server brings every game back within one lease: these bounds are far beyond it.
    faults.heal();
    const auto played_until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (auto& g : run.games) {
        while (!g.finished) {
            INFO("room " << g.room << ", seed " << seed);
            REQUIRE(std::chrono::steady_clock::now() < played_until);
            if (g.displaced) REQUIRE(run.relocate(g, std::chrono::seconds(20)));
            run.play(g, 1000, std::chrono::seconds(20));
        }
    }

    CHECK(faults.kills_not_by_signal == 0);
    std::size_t moves = 0, bot_moves = 0;
    for (auto& g : run.games) {
        INFO("room " << g.room << ", seed " << seed);
        const auto reply = http_get(c.port(g.node), "/api/games/" + g.room);
        REQUIRE(reply.status == 200);
        const json record = json::parse(reply.body);
        CHECK(record["status"] == "finished");
        // The same checks as `carc-sim verify RECORD.json`.
        const auto verified = server::verify_record(record);
        INFO(verified.message);
        CHECK(verified.ok);
        // Every acknowledged move is in the record, in order, as its seat's. A move whose answer
        // was lost may be there too, so the record can hold more than was acknowledged, never less.
        const json& actions = record["actions"];
        std::size_t matched = 0;
        for (std::size_t j = 0; matched < g.acked.size() && j < actions.size(); ++j)
            if (actions[j]["seat"] == g.acked[matched].seat && actions[j]["action"] == g.acked[matched].action) ++matched;
        CHECK(matched == g.acked.size());
        for (const json& a : actions) bot_moves += a["seat"].get<int>() >= humans ? 1 : 0;
        moves += g.acked.size();
    }
    std::string schedule;
    for (const std::string& line : faults.log) schedule += line + "\n";
    for (const auto& [why, times] : run.abandoned_at) schedule += "opening abandoned at " + why + ": " + std::to_string(times) + "\n";
    WARN("faults:\n" << schedule);
    WARN("chaos seed " << seed << ": " << run.games.size() << " games, " << moves << " acknowledged moves, "
                       << bot_moves << " bot moves, " << faults.kills << " kills, " << faults.restarts
                       << " restarts, " << faults.pauses << " pauses, " << faults.resumes << " resumes, "
                       << run.relocations << " relocations, " << run.unanswered << " moves unanswered, "
                       << run.abandoned_openings << " openings abandoned");
}

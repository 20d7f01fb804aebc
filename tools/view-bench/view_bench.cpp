// carc-view-bench: what one room costs the server per change, in process (no sockets, no
// journal). Two people play random legal games while spectators watch through links that only
// count what they are sent; each action is posted to the room and the io_context run until it is
// handled, and the thread's CPU time for that is one sample. Then the spectators leave one by one.
// Figures only (docs/benchmarks.md); nothing here passes or fails.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "carc/match.hpp"
#include "app/shared_state.hpp"
#include "random_game.hpp"
#include "rooms/room.hpp"

using namespace carc;
using namespace carc::server;

namespace {

double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

// A connection that keeps only the last message and counts the rest.
class counting_link final : public client_link {
public:
    explicit counting_link(std::uint64_t id) : id_(id) {}
    void send(std::shared_ptr<const std::string> message) override {
        ++messages;
        bytes += message->size();
        last = std::move(message);
    }
    void close(std::uint16_t, std::string) override {}
    std::uint64_t id() const override { return id_; }

    std::uint64_t messages = 0;
    std::uint64_t bytes = 0;
    std::shared_ptr<const std::string> last;

private:
    std::uint64_t id_;
};

struct person {
    requester who;
    std::shared_ptr<counting_link> link;
};

person make_person(int n) {
    person p;
    p.link = std::make_shared<counting_link>(static_cast<std::uint64_t>(n + 1));
    p.who.person = "p" + std::to_string(n);
    p.who.name = "Viewer " + std::to_string(n);
    p.who.link = p.link;
    return p;
}

struct figures {
    std::vector<double> samples;  // us of CPU per event
    double total_us = 0;
    std::uint64_t bytes = 0;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[i];
}

void print(const char* what, const std::string& rules, int viewers, const figures& f) {
    const double n = static_cast<double>(f.samples.size());
    std::printf("{\"measure\":\"%s\",\"rules\":\"%s\",\"viewers\":%d,\"count\":%zu,"
                "\"cpu_us_mean\":%.1f,\"cpu_us_p50\":%.1f,\"cpu_us_p99\":%.1f,\"cpu_ms_total\":%.1f,"
                "\"bytes_sent_per_event\":%.0f}\n",
                what, rules.c_str(), viewers, f.samples.size(), f.total_us / n,
                percentile(f.samples, 0.5), percentile(f.samples, 0.99), f.total_us / 1000,
                static_cast<double>(f.bytes) / n);
    std::fflush(stdout);
}

std::uint64_t bytes_of(const std::vector<person>& people) {
    std::uint64_t total = 0;
    for (const person& p : people) total += p.link->bytes;
    return total;
}

GameConfig config_for(const std::string& rules) {
    GameConfig c;
    c.players = 2;
    if (rules == "castle") c.rules = RuleSystem::castle;
    if (rules == "tower") c.expansions.tower = true;
    if (rules == "ckc") {
        c.expansions.river2 = true;
        c.expansions.count = true;
        c.expansions.king_robber = true;
        c.expansions.cult = true;
    }
    return c;
}

// The random game's moves, each posted to the room by the player who made it: one sample of
// `actions` per move, except a tile placement and the follower step after it, one sample of
// `turns` together: sent as one message (`whole`), or as a client without the view's
// placements makes them (the legal_placements and follower_options queries, then each step).
// Stops the game at the first move the room does not acknowledge.
class post_each_move final : public playout::Hooks {
public:
    post_each_move(room& r, boost::asio::io_context& ioc, std::vector<person>& people, std::uint64_t version,
                   figures& actions, figures& turns, bool whole)
        : room_(r), ioc_(ioc), people_(people), version_(version), actions_(actions), turns_(turns), whole_(whole) {}

    bool stop(const State&) override { return refused; }
    void after(const Action& action, PlayerId seat, const State& next, const std::vector<Event>&) override {
        person& actor = people_[static_cast<std::size_t>(seat)];
        if (held_) {  // the step after the tile: the turn goes out
            const Action tile = *held_;
            held_.reset();
            sample(turns_, [&] {
                if (whole_) return play(actor, {tile, action});
                query_placements(actor, tile);
                return play(actor, {tile}) && play(actor, {action});
            });
        } else if (action.type == ActionType::place_tile && !next.is_over() && next.decider() == seat) {
            held_ = action;  // its follower step comes next
        } else if (action.type == ActionType::place_tile) {
            sample(turns_, [&] {
                if (!whole_) query_placements(actor, std::nullopt);
                return play(actor, {action});
            });
        } else {
            sample(actions_, [&] { return play(actor, {action}); });
        }
    }

    bool refused = false;

private:
    // Runs `work` (posting to the room) to rest as one sample of `into`.
    template <typename Work>
    void sample(figures& into, Work&& work) {
        const std::uint64_t bytes_before = bytes_of(people_);
        const double before = thread_cpu_us();
        refused = !work();
        const double used = thread_cpu_us() - before;
        into.samples.push_back(used);
        into.total_us += used;
        into.bytes += bytes_of(people_) - bytes_before;
    }

    void run(person& actor, protocol::ClientMessage message) {
        ioc_.restart();
        room_.handle(actor.who, std::move(message), false);
        ioc_.run();
    }

    bool play(person& actor, const std::vector<Action>& steps) {
        protocol::PlayAction message;
        message.version = version_;
        message.action = steps.front();
        message.then.assign(steps.begin() + 1, steps.end());
        run(actor, message);
        const auto ack = nlohmann::json::parse(*actor.link->last);
        if (ack.value("type", "") != "ack") {
            std::fprintf(stderr, "action refused: %s\n", actor.link->last->c_str());
            return false;
        }
        version_ = ack["version"].get<std::uint64_t>();
        return true;
    }

    void query_placements(person& actor, const std::optional<Action>& tile) {
        run(actor, protocol::LegalPlacementsQuery{"r1"});
        if (tile) run(actor, protocol::FollowerOptionsQuery{"r1", *tile});
    }

    room& room_;
    boost::asio::io_context& ioc_;
    std::vector<person>& people_;
    std::uint64_t version_;
    figures& actions_;
    figures& turns_;
    bool whole_;
    std::optional<Action> held_;
};

// One room with `viewers` connected people (two players, the rest spectators) playing `games`
// random games; then, in the last room, every spectator leaves one by one.
void run(const std::string& rules, int viewers, int games, std::uint64_t seed, bool whole) {
    figures actions;
    figures turns;
    figures leaves;
    Rng rng(seed);
    for (int g = 0; g < games; ++g) {
        boost::asio::io_context ioc;
        server_config config;
        config.fixed_seed = seed + static_cast<std::uint64_t>(g);
        // Each leave published at once: what one presence patch costs (the server sends at most
        // one per --presence-interval, carc-load's crowd measures that).
        config.presence_interval = std::chrono::milliseconds(0);
        shared_state state(config, ioc, std::make_shared<null_journal>());
        protocol::RoomSettings settings;
        settings.name = "bench";
        settings.config = config_for(rules);
        auto r = std::make_shared<room>(state.room_needs, "r1", "ABCD-EFGH", settings);
        state.rooms.add(r, "r1", "ABCD-EFGH");

        std::vector<person> people;
        for (int i = 0; i < viewers; ++i) people.push_back(make_person(i));
        r->open(people[0].who);
        protocol::Join join;
        join.seat = 1;
        r->handle(people[1].who, join, false);
        for (int i = 2; i < viewers; ++i) r->handle(people[static_cast<std::size_t>(i)].who, protocol::Spectate{}, false);
        r->handle(people[0].who, protocol::Start{}, false);
        ioc.run();

        MatchSetup setup;
        setup.config = settings.config;
        setup.seed = *config.fixed_seed;
        std::string error;
        const auto start = Match::create(setup, &error);  // the room's game, played alongside
        State game = start->state();
        const std::uint64_t version = nlohmann::json::parse(*people[0].link->last)["version"].get<std::uint64_t>();
        post_each_move posting(*r, ioc, people, version, actions, turns, whole);
        playout::play_random(game, rng, &posting);
        if (posting.refused) return;
        if (g + 1 < games) continue;
        for (int i = viewers - 1; i >= 2; --i) {
            protocol::Leave leave;
            leave.room = "r1";
            const std::uint64_t bytes_before = bytes_of(people);
            ioc.restart();
            const double before = thread_cpu_us();
            r->handle(people[static_cast<std::size_t>(i)].who, leave, false);
            ioc.run();
            const double used = thread_cpu_us() - before;
            leaves.samples.push_back(used);
            leaves.total_us += used;
            leaves.bytes += bytes_of(people) - bytes_before;
        }
    }
    print("action", rules, viewers, actions);
    print(whole ? "turn_whole" : "turn_steps", rules, viewers, turns);
    if (!leaves.samples.empty()) print("spectator_leave", rules, viewers, leaves);
}

}  // namespace

int main(int argc, char** argv) {
    spdlog::set_level(spdlog::level::warn);
    std::vector<int> viewers = {6, 500};
    int games = 3;
    std::vector<std::string> rules = {"base", "castle"};
    bool whole = true;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--games")) games = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--turns") && !std::strcmp(argv[i + 1], "steps")) whole = false;
        else if (!std::strcmp(argv[i], "--turns") && !std::strcmp(argv[i + 1], "whole")) whole = true;
        else if (!std::strcmp(argv[i], "--viewers")) viewers = {std::max(2, std::atoi(argv[i + 1]))};
        else if (!std::strcmp(argv[i], "--rules")) rules = {argv[i + 1]};
        else {
            std::fprintf(stderr, "usage: carc-view-bench [--games N] [--viewers N] [--rules base|tower|ckc|castle] "
                                 "[--turns whole|steps]\n");
            return 2;
        }
    }
    for (const std::string& r : rules)
        for (const int v : viewers) run(r, v, games, 1000, whole);
    return 0;
}

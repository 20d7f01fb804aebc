#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <string_view>

namespace carc::load {

namespace {

constexpr const char* usage = R"(carc-load: load benchmark of carc-server over the real protocol (docs/benchmarks.md)

Usage: carc-load [flags]
Prints one JSON line per scenario. Without --url it starts its own carc-server for each scenario
(temporary data directory, free port, --bot-delay 0, rate and connection limits raised).

  --server PATH            carc-server to start (default: next to carc-load)
  --url ws://HOST:PORT     use a running server instead (CPU and memory need --pid)
  --pid N                  with --url: the server's process id
  --threads N              --threads of the started server (default: the server's own default)
  --server-arg ARG         pass ARG to the started server (repeatable)
  --scenario NAME          run only these (repeatable or comma-separated); default all:
                           room, spectators, crowd, rooms, abandoned, slow_reader, idle
  --seed N                 the hosts' random moves (default 1)
  --turns steps|whole      hosts ask for the placements and send each decision alone (steps,
                           default), or send the tile with its follower step as one message,
                           placements read from the view (whole)
  --seconds S              room, rooms: seconds of play (default 20)
  --room-spectators N      room: spectators beside host and bot (default 5)
  --spectators N           spectators: watchers of one game, then leaving one by one (default 500)
  --spectator-moves N      spectators: host actions while they watch (default 50)
  --crowd N                crowd: spectators of one game (default 10000; needs about N + 100
                           descriptors in carc-load and in the server: carc-load raises its
                           soft limit to the hard one, `ulimit -Hn`, which its server inherits)
  --crowd-waves N          crowd: waves the crowd joins in, and leaves in (default 2)
  --crowd-moves N          crowd: host actions measured after each joining wave (default 10)
  --rooms N                rooms: rooms playing at once (default 200)
  --rooms-spectators N     rooms: spectators per room (default 2)
  --rooms-rate R           rooms: host actions per second over all rooms, paced evenly (default 0:
                           every host plays as fast as its acks come back)
  --abandoned N            abandoned: games whose host plays and vanishes (default 50)
  --abandon-moves N        abandoned: host actions before vanishing (default 3)
  --grace MS               abandoned: the server's --grace (default 1000)
  --adjourn-after MS       abandoned: the server's --adjourn-after, if it has it (default 3000)
  --slow-games N           slow_reader: bot games one connection reads (default 16)
  --slow-bot-delay MS      slow_reader: the server's --bot-delay (default 20)
  --idle N                 idle: connections that only say hello (default 2000)
  --help                   this text
)";

template <typename Number>
bool parse_number(std::string_view text, Number& out) {
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
    return result.ec == std::errc{} && result.ptr == text.data() + text.size();
}

bool parse_seconds(std::string_view text, double& out) {
    try {
        std::size_t used = 0;
        out = std::stod(std::string(text), &used);
        return used == text.size() && out > 0;
    } catch (const std::exception&) {
        return false;
    }
}

void add_scenarios(std::string_view list, std::vector<std::string>& out) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        out.emplace_back(list.substr(0, comma));
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
}

}  // namespace

std::optional<options> parse_options(int argc, char** argv, int& exit_code) {
    options opt;
    exit_code = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            std::cout << usage;
            return std::nullopt;
        }
        exit_code = 2;
        if (i + 1 >= argc) {
            std::cerr << "carc-load: " << flag << " needs a value (see --help)\n";
            return std::nullopt;
        }
        const std::string_view value = argv[++i];
        bool ok = true;
        if (flag == "--server") opt.server_exe = value;
        else if (flag == "--url") opt.url = value;
        else if (flag == "--pid") ok = parse_number(value, opt.pid);
        else if (flag == "--threads") ok = parse_number(value, opt.threads) && opt.threads >= 0;
        else if (flag == "--server-arg") opt.server_args.emplace_back(value);
        else if (flag == "--scenario") add_scenarios(value, opt.scenarios);
        else if (flag == "--seed") ok = parse_number(value, opt.seed);
        else if (flag == "--turns") ok = (opt.whole_turns = value == "whole") || value == "steps";
        else if (flag == "--seconds") ok = parse_seconds(value, opt.seconds);
        else if (flag == "--room-spectators") ok = parse_number(value, opt.room_spectators);
        else if (flag == "--spectators") ok = parse_number(value, opt.spectators) && opt.spectators >= 2;
        else if (flag == "--spectator-moves") ok = parse_number(value, opt.spectator_moves);
        else if (flag == "--crowd") ok = parse_number(value, opt.crowd) && opt.crowd > 0;
        else if (flag == "--crowd-waves") ok = parse_number(value, opt.crowd_waves) && opt.crowd_waves > 0;
        else if (flag == "--crowd-moves") ok = parse_number(value, opt.crowd_moves) && opt.crowd_moves > 0;
        else if (flag == "--rooms") ok = parse_number(value, opt.rooms) && opt.rooms > 0;
        else if (flag == "--rooms-spectators") ok = parse_number(value, opt.rooms_spectators);
        else if (flag == "--rooms-rate") ok = parse_number(value, opt.rooms_rate) && opt.rooms_rate >= 0;
        else if (flag == "--abandoned") ok = parse_number(value, opt.abandoned) && opt.abandoned > 0;
        else if (flag == "--abandon-moves") ok = parse_number(value, opt.abandon_moves);
        else if (flag == "--grace") ok = parse_number(value, opt.grace_ms);
        else if (flag == "--adjourn-after") ok = parse_number(value, opt.adjourn_after_ms);
        else if (flag == "--slow-games") ok = parse_number(value, opt.slow_games) && opt.slow_games > 0;
        else if (flag == "--slow-bot-delay") ok = parse_number(value, opt.slow_bot_delay_ms);
        else if (flag == "--idle") ok = parse_number(value, opt.idle) && opt.idle > 0;
        else {
            std::cerr << "carc-load: unknown flag " << flag << " (see --help)\n";
            return std::nullopt;
        }
        if (!ok) {
            std::cerr << "carc-load: bad value '" << value << "' for " << flag << "\n";
            return std::nullopt;
        }
    }
    for (const std::string& name : opt.scenarios) {
        if (std::find(all_scenarios().begin(), all_scenarios().end(), name) == all_scenarios().end()) {
            std::cerr << "carc-load: unknown scenario " << name << " (see --help)\n";
            exit_code = 2;
            return std::nullopt;
        }
    }
    if (opt.scenarios.empty()) opt.scenarios = all_scenarios();
    if (opt.server_exe.empty()) {
        std::error_code ec;
        const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
        opt.server_exe = (self.parent_path() / "carc-server").string();
    }
    exit_code = 0;
    return opt;
}

}  // namespace carc::load

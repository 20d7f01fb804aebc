#pragma once
// carc-load's flags: which server, which scenarios, and every scenario's size. The defaults
// finish each scenario in about a minute on the 2-core development machine.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace carc::load {

struct options {
    std::string server_exe;   // default: carc-server next to carc-load
    std::string url;          // ws://HOST:PORT: use a running server instead of starting one
    pid_t pid = 0;            // with --url: the server's pid, for CPU and memory figures
    int threads = 0;          // --threads of a server carc-load starts (0: the server's default)
    std::vector<std::string> server_args;  // added to every server carc-load starts
    std::vector<std::string> scenarios;    // empty: all, in the order
    std::uint64_t seed = 1;
    // --turns whole: hosts send the tile and its follower step as one action message, choosing
    // from their view's placements; steps (the default): the legal_placements query, then one
    // message per decision.
    bool whole_turns = false;

    double seconds = 20;          // room, rooms: how long to play
    int room_spectators = 5;      // room: spectators besides the host and the bot
    int spectators = 500;         // spectators: watchers of one game, then leaving one by one
    int spectator_moves = 50;     // spectators: host actions made while they watch
    int rooms = 200;              // rooms: rooms playing at once
    int rooms_spectators = 2;     // rooms: spectators per room
    double rooms_rate = 0;        // rooms: host actions per second over all rooms (0: unpaced)
    int abandoned = 50;           // abandoned: games whose host vanishes
    int abandon_moves = 3;        // abandoned: host actions before vanishing
    int grace_ms = 1000;          // abandoned: --grace of the server
    int adjourn_after_ms = 3000;  // abandoned: --adjourn-after, when the server has that flag
    int slow_games = 16;          // slow_reader: bot games one connection reads
    int slow_bot_delay_ms = 20;   // slow_reader: --bot-delay of that server
    int idle = 2000;              // idle: connections after hello
    int crowd = 10000;            // crowd: spectators of one game, joining and leaving in waves
    int crowd_waves = 2;          // crowd: waves the crowd joins (and leaves) in
    int crowd_moves = 10;         // crowd: host actions measured after each joining wave
};

// Parses argv; prints usage and returns nullopt on --help or a bad flag (`exit_code` set).
std::optional<options> parse_options(int argc, char** argv, int& exit_code);

inline const std::vector<std::string>& all_scenarios() {
    static const std::vector<std::string> names = {"room", "spectators", "crowd", "rooms", "abandoned",
                                                     "slow_reader", "idle"};
    return names;
}

}  // namespace carc::load

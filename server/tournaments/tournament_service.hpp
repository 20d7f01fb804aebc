#pragma once
// Tournaments at run time (docs/tournaments.md). One thread of its own moves them on: it reads
// the results of their finished games from the store, and when a round's games are all over (or
// an open tournament's start time has come) it pairs the next round and stores it through the
// store's conditional write, so of several nodes exactly one starts it, then opens its games as
// rooms and tells their players. A game of a stored round that no node opened (its node died in
// between) is opened by the next node whose pass finds it and can lease its id. It wakes when a game's record is stored here (the rooms' hook),
// when asked (a creator's start), and every `sweep_every` otherwise, which also covers games
// other nodes finished and work a restart interrupted. Requests (HTTP) run on the account
// workers and only read or write the store.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "carc/storage/tournament_store.hpp"
#include "tournaments/tournament_parts.hpp"

namespace carc::server {
namespace tournaments {

class tournament_service {
public:
    explicit tournament_service(tournament_parts parts);
    ~tournament_service();
    tournament_service(const tournament_service&) = delete;
    tournament_service& operator=(const tournament_service&) = delete;

    void start();
    // Waits for the thread (server shutdown, before the rooms and the store go).
    void stop();

    storage::TournamentStore& store() { return *parts_.store; }
    // What the HTTP requests use too: the ratings (entries' seeds) and the server's rules.
    storage::RatingStore* ratings() const { return parts_.ratings.get(); }
    const tournament_rules& rules() const { return parts_.rules; }
    // A game's record was stored on this node: its tournament may move on.
    void game_recorded(const std::string& room_id);
    // Wakes the thread now (a creator's start, a join while the tournament waits for players).
    void wake();
    // One pass over every live tournament, on the caller's thread (the thread's own work; tests).
    void sweep();
    // The creator starts an open tournament now; false when it is not open or has fewer than two
    // active players. On the caller's thread.
    bool start_now(const std::string& id);

private:
    void run();
    // Results in, then the next round or the end when the round is over.
    void move_on(const std::string& id, bool creator_start);
    void collect_results(const storage::StoredTournament& stored);
    // Opens the games of the current round that are neither in memory, nor stored, nor opening
    // (nor, with several nodes, leased to another live node); each table's players are told once
    // its room is open here, a bye's player at once with `announce_byes`.
    void open_missing_games(const storage::StoredTournament& stored, bool announce_byes);

    const tournament_parts parts_;
    storage::TournamentStore& store_;
    std::mutex work_mutex_;  // one pass at a time (the thread's, a creator's start)
    std::mutex wake_mutex_;
    std::condition_variable wake_cv_;
    bool woken_ = false;
    bool stopping_ = false;
    std::set<std::string> opening_;  // room ids journaled but not yet in memory, under opening_mutex_
    std::mutex opening_mutex_;
    std::thread thread_;
};

}  // namespace tournaments
}  // namespace carc::server

#pragma once
// A tournament's roster and results between rounds: who plays (late joins, withdrawals), what
// each game gave, and the Swiss view of it (docs/ratings.md, Tournaments).

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "carc/competition/fraction.hpp"
#include "carc/competition/swiss.hpp"

namespace carc::competition {

// One game of a round: the players' ids and places (0 first; equal places are ties).
struct TableResult {
    std::vector<int> players;
    std::vector<int> places;
};

// What a table gives a player: one point shared by placing, (opponents beaten + half the
// opponents tied) / (table size - 1); in a two-player game 1, 1/2 or 0. Exact: thirds and
// quarters at tables of 4 and 5 add up without rounding.
Fraction table_points(const TableResult& table, std::size_t seat);

class Tournament {
public:
    // Before the first round or between rounds; a late joiner starts with no points. Throws
    // std::invalid_argument for an id already entered.
    void join(int id, double seed);
    // Between rounds: no longer paired; stays in the standings with what it scored.
    void withdraw(int id);
    // Records a finished table; throws std::invalid_argument for an unknown id or a player
    // listed twice, or players and places of different lengths.
    void record(const TableResult& table);
    // A Swiss bye: one point, no opponent.
    void record_bye(int id);

    // The active players as pair_swiss_round wants them.
    std::vector<SwissPlayer> swiss_players() const;
    // Every pair that has shared a table (ids, smaller first).
    std::set<std::pair<int, int>> met_pairs() const;
    std::vector<int> active_ids() const;

    struct Entry {
        double seed = 0;
        bool active = true;
        int byes = 0;
    };
    const std::map<int, Entry>& entries() const { return entries_; }
    const std::vector<TableResult>& tables() const { return tables_; }

private:
    const Entry& entry(int id) const;

    std::map<int, Entry> entries_;
    std::vector<TableResult> tables_;
};

}  // namespace carc::competition

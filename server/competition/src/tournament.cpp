#include "carc/competition/tournament.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace carc::competition {

Fraction table_points(const TableResult& table, std::size_t seat) {
    if (table.players.size() < 2) return 0;
    long half_points = 0;  // 2 per opponent beaten, 1 per opponent tied
    for (std::size_t other = 0; other < table.players.size(); ++other) {
        if (other == seat) continue;
        if (table.places[seat] < table.places[other]) half_points += 2;
        if (table.places[seat] == table.places[other]) half_points += 1;
    }
    return Fraction(half_points, 2 * static_cast<long>(table.players.size() - 1));
}

const Tournament::Entry& Tournament::entry(int id) const {
    const auto it = entries_.find(id);
    if (it == entries_.end()) {
        throw std::invalid_argument("player " + std::to_string(id) + " is not in the tournament");
    }
    return it->second;
}

void Tournament::join(int id, double seed) {
    if (!entries_.emplace(id, Entry{seed, true, 0}).second) {
        throw std::invalid_argument("player " + std::to_string(id) + " has already joined");
    }
}

void Tournament::withdraw(int id) {
    entry(id);
    entries_[id].active = false;
}

void Tournament::record(const TableResult& table) {
    if (table.players.size() != table.places.size()) {
        throw std::invalid_argument("a table result needs one place per player");
    }
    std::set<int> seen;
    for (const int id : table.players) {
        entry(id);
        if (!seen.insert(id).second) {
            throw std::invalid_argument("player " + std::to_string(id) + " is listed twice at a table");
        }
    }
    tables_.push_back(table);
}

void Tournament::record_bye(int id) {
    entry(id);
    ++entries_[id].byes;
}

std::set<std::pair<int, int>> Tournament::met_pairs() const {
    std::set<std::pair<int, int>> met;
    for (const auto& t : tables_) {
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            for (std::size_t j = i + 1; j < t.players.size(); ++j) met.insert(std::minmax(t.players[i], t.players[j]));
        }
    }
    return met;
}

std::vector<int> Tournament::active_ids() const {
    std::vector<int> ids;
    for (const auto& [id, e] : entries_) {
        if (e.active) ids.push_back(id);
    }
    return ids;
}

std::vector<SwissPlayer> Tournament::swiss_players() const {
    std::map<int, SwissPlayer> players;
    std::map<int, Fraction> exact;  // summed exactly, then handed over as a double
    for (const auto& [id, e] : entries_) {
        if (e.active) players[id] = SwissPlayer{id, 0, e.seed, e.byes > 0, {}}, exact[id] = e.byes;
    }
    for (const auto& t : tables_) {
        for (std::size_t seat = 0; seat < t.players.size(); ++seat) {
            const auto it = players.find(t.players[seat]);
            if (it == players.end()) continue;
            exact[it->first] += table_points(t, seat);
            for (const int other : t.players) {
                if (other != t.players[seat]) it->second.opponents.push_back(other);
            }
        }
    }
    std::vector<SwissPlayer> out;
    for (auto& [id, p] : players) {
        p.score = exact[id].to_double();  // two-player tables: whole and half points, exact in a double
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace carc::competition

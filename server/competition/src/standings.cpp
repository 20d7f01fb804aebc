#include "carc/competition/standings.hpp"

#include <algorithm>
#include <map>

namespace carc::competition {
namespace {

// What a seat won from one opponent at its table: 1, 1/2 or 0.
Fraction against(const TableResult& t, std::size_t seat, std::size_t other) {
    if (t.places[seat] == t.places[other]) return Fraction(1, 2);
    return t.places[seat] < t.places[other] ? 1 : 0;
}

}  // namespace

std::vector<Standing> standings(const Tournament& tournament) {
    std::map<int, Standing> by_id;
    for (const auto& [id, e] : tournament.entries()) {
        by_id[id] = Standing{id, e.byes, 0, 0, 0, !e.active};
    }
    const auto& tables = tournament.tables();
    for (const auto& t : tables) {
        for (std::size_t seat = 0; seat < t.players.size(); ++seat) by_id[t.players[seat]].points += table_points(t, seat);
    }
    // Byes add nothing to the tie-breaks: they have no opponent.
    for (const auto& t : tables) {
        const long others = static_cast<long>(t.players.size() - 1);
        for (std::size_t seat = 0; seat < t.players.size(); ++seat) {
            Standing& s = by_id[t.players[seat]];
            for (std::size_t other = 0; other < t.players.size(); ++other) {
                if (other == seat) continue;
                const Fraction their_points = by_id[t.players[other]].points;
                s.buchholz += their_points / others;
                s.sonneborn_berger += against(t, seat, other) * their_points / others;
            }
        }
    }
    std::vector<Standing> out;
    for (auto& [id, s] : by_id) out.push_back(s);
    const auto& entries = tournament.entries();
    auto same_score = [](const Standing& a, const Standing& b) {
        return a.points == b.points && a.buchholz == b.buchholz &&
               a.sonneborn_berger == b.sonneborn_berger;
    };
    std::sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
        if (a.points != b.points) return a.points > b.points;
        if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
        if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
        const double seed_a = entries.at(a.id).seed;
        const double seed_b = entries.at(b.id).seed;
        if (seed_a != seed_b) return seed_a > seed_b;
        return a.id < b.id;
    });
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].rank = (i > 0 && same_score(out[i], out[i - 1])) ? out[i - 1].rank : static_cast<int>(i + 1);
    }
    return out;
}

}  // namespace carc::competition

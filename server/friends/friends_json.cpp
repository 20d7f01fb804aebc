#include "friends/friends_json.hpp"

#include <cmath>

namespace carc::server::friends {

using nlohmann::json;

namespace {

json names_of(const std::vector<storage::NamedAccount>& list) {
    json out = json::array();
    for (const auto& a : list) out.push_back(a.name);
    return out;
}

// Two decimals are plenty for a profile, and keep the JSON short.
double per_game(std::int64_t total, int games) {
    if (games <= 0) return 0;
    return std::round(static_cast<double>(total) * 100.0 / games) / 100.0;
}

}  // namespace

json lists_json(const storage::FriendLists& lists) {
    return {{"following", names_of(lists.following)},
            {"followers", names_of(lists.followers)},
            {"friends", names_of(lists.friends)},
            {"blocked", names_of(lists.blocked)}};
}

json stats_json(const std::vector<storage::PlayerStats>& stats) {
    json out = json::array();
    for (const storage::PlayerStats& s : stats) {
        json totals = json::object();
        json averages = json::object();
        std::int64_t score = 0;
        for (const auto& [kind, points] : s.points) {
            totals[kind] = points;
            averages[kind] = per_game(points, s.games);
            score += points;
        }
        out.push_back({{"key", s.key},
                       {"games", s.games},
                       {"wins", s.wins},
                       {"tiles_placed", s.tiles_placed},
                       {"followers_used", s.followers_used},
                       {"points", totals},
                       {"average",
                        {{"score", per_game(score, s.games)},
                         {"tiles_placed", per_game(s.tiles_placed, s.games)},
                         {"followers_used", per_game(s.followers_used, s.games)},
                         {"points", averages}}}});
    }
    return out;
}

}  // namespace carc::server::friends

#include "carc/competition/rated_game.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace carc::competition {
namespace {

void check(const std::vector<Participant>& participants) {
    const auto n = static_cast<int>(participants.size());
    if (n < kMinRatedPlayers || n > kMaxRatedPlayers) {
        throw std::invalid_argument("a rated game needs 2 to 5 players, not " + std::to_string(n));
    }
    for (const auto& p : participants) {
        if (p.place < 0) throw std::invalid_argument("a finishing place cannot be negative");
    }
}

double score_against(int place, int opponent_place) {
    if (place == opponent_place) return 0.5;
    return place < opponent_place ? 1.0 : 0.0;
}

}  // namespace

std::vector<int> effective_places(const std::vector<Participant>& participants) {
    int last_finisher = -1;
    for (const auto& p : participants) {
        if (!p.resigned) last_finisher = std::max(last_finisher, p.place);
    }
    std::vector<int> places;
    for (const auto& p : participants) places.push_back(p.resigned ? last_finisher + 1 : p.place);
    return places;
}

RatedGameResult rate_game(const std::vector<Participant>& participants, const LeftOutPairs& left_out,
                          const Glicko2Config& config) {
    check(participants);
    const std::vector<int> places = effective_places(participants);
    std::vector<Rating> now;  // widened by each participant's idle time; a bot's stays fixed
    for (const auto& p : participants) {
        now.push_back(p.fixed ? p.before
                              : after_idle_periods(p.before, rating_periods(p.idle_seconds)));
    }
    RatedGameResult result;
    std::vector<Rating> after(participants.size());
    // One rating period per game: a result against each other player at the table, all against
    // the ratings before the game. A table of n is n - 1 results, so a 4-player game tells as
    // much as three two-player games would (docs/ratings.md measures what that gives).
    for (std::size_t i = 0; i < now.size(); ++i) {
        std::vector<Glicko2Game> games;
        for (std::size_t j = 0; j < now.size(); ++j) {
            const std::pair<int, int> pair{static_cast<int>(std::min(i, j)), static_cast<int>(std::max(i, j))};
            if (j != i && !left_out.contains(pair)) games.push_back({now[j], score_against(places[i], places[j])});
        }
        after[i] = games.empty() ? participants[i].before : glicko2_update(now[i], games, config);
    }
    result.model = participants.size() == 2 ? RatingModel::glicko2 : RatingModel::pairwise_glicko2;
    for (std::size_t i = 0; i < participants.size(); ++i) {
        const Rating& before = participants[i].before;
        result.participants.push_back({before, participants[i].fixed ? before : after[i]});
    }
    return result;
}

}  // namespace carc::competition

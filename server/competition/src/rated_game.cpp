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

RatedGameResult rate_game(const std::vector<Participant>& participants,
                          const Glicko2Config& two_player, const PlackettLuceConfig& multiplayer) {
    check(participants);
    const std::vector<int> places = effective_places(participants);
    std::vector<Rating> now;  // widened by each participant's idle time; a bot's stays fixed
    for (const auto& p : participants) {
        now.push_back(p.fixed ? p.before
                              : after_idle_periods(p.before, rating_periods(p.idle_seconds)));
    }
    RatedGameResult result;
    std::vector<Rating> after(participants.size());
    if (participants.size() == 2) {
        result.model = RatingModel::glicko2;
        for (std::size_t i = 0; i < 2; ++i) {
            const Glicko2Game game{now[1 - i], score_against(places[i], places[1 - i])};
            after[i] = glicko2_update(now[i], std::span(&game, 1), two_player);
        }
    } else {
        result.model = RatingModel::plackett_luce;
        std::vector<RankedSkill> ranked;
        for (std::size_t i = 0; i < now.size(); ++i) ranked.push_back({to_skill(now[i]), places[i]});
        const std::vector<Skill> skills = plackett_luce_update(ranked, multiplayer);
        for (std::size_t i = 0; i < now.size(); ++i) after[i] = to_rating(skills[i], now[i]);
    }
    for (std::size_t i = 0; i < participants.size(); ++i) {
        const Rating& before = participants[i].before;
        result.participants.push_back({before, participants[i].fixed ? before : after[i]});
    }
    return result;
}

}  // namespace carc::competition

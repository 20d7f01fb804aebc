#include "carc/protocol/review_json.hpp"

#include <cmath>

#include "carc/protocol/engine_json.hpp"

namespace carc::protocol {

using json = nlohmann::ordered_json;

namespace {

double hundredths(double points) {
    const double r = std::round(points * 100.0) / 100.0;
    return r == 0 ? 0.0 : r;  // no "-0.0"
}

json leads_json(const Leads& leads, int players) {
    json out = json::array();
    for (int p = 0; p < players; ++p) out.push_back(hundredths(leads[static_cast<std::size_t>(p)]));
    return out;
}

json tile_json(const Game& game, TileTypeId tile) {
    if (tile == no_tile) return nullptr;
    return game.tiles().at(tile).id;
}

json decision_json(const ReviewDecision& d, const Game& game, int players) {
    return {{"index", d.index},
            {"turn", d.turn},
            {"seat", d.player},
            {"phase", to_string(d.phase)},
            {"tile", tile_json(game, d.tile)},
            {"choices", d.choices},
            {"played", action_to_json(d.played)},
            {"best", action_to_json(d.best)},
            {"played_is_best", d.played_is_best},
            {"before", leads_json(d.before, players)},
            {"after_played", leads_json(d.after_played, players)},
            {"after_best", leads_json(d.after_best, players)},
            {"loss", hundredths(d.loss)},
            {"grade", to_string(d.grade)},
            {"chance", d.chance},
            {"drawn", tile_json(game, d.drawn)},
            {"luck", leads_json(d.luck, players)}};
}

json player_json(const ReviewPlayer& p) {
    return {{"seat", p.player},
            {"start", hundredths(p.start)},
            {"final_lead", hundredths(p.final_lead)},
            {"own_losses", hundredths(p.own_losses)},
            {"others", hundredths(p.others)},
            {"luck", hundredths(p.luck)},
            {"without_luck", hundredths(p.without_luck)},
            {"decisions", p.decisions},
            {"average_loss", hundredths(p.average_loss)},
            {"inaccuracies", p.inaccuracies},
            {"mistakes", p.mistakes},
            {"blunders", p.blunders},
            {"costliest", p.costliest}};
}

}  // namespace

json review_to_json(const Review& review, const Game& game, std::string_view strength) {
    json decisions = json::array();
    for (const auto& d : review.decisions) decisions.push_back(decision_json(d, game, review.players));
    json players = json::array();
    for (const auto& p : review.summary) players.push_back(player_json(p));
    return {{"format", "carc-review"},
            {"strength", strength},
            {"iterations", review.iterations},
            {"seed", std::to_string(review.seed)},
            {"players", review.players},
            {"finished", review.finished},
            {"thresholds",
             {{"inaccuracy", review.thresholds.inaccuracy},
              {"mistake", review.thresholds.mistake},
              {"blunder", review.thresholds.blunder}}},
            {"summary", players},
            {"decisions", decisions}};
}

}  // namespace carc::protocol

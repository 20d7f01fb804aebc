#pragma once
// The City of Carcassonne with the Count as a friend of State (rule book seeds/001 "ГРАФ",
// tiles-carcassonne.md §4.4 and §5.4; the model: docs/ckc-city.md). State hands over its
// scoring here when the Count is in play, and the City's own phases.

#include <cstdint>
#include <optional>
#include <vector>

#include "carc/state.hpp"

namespace carc {

struct CityRules {
    static bool active(const State& s) { return s.game().config().expansions.count; }
    // Whether the phase is one of the City's decisions.
    static bool owns(Phase phase) {
        return phase == Phase::city_follower || phase == Phase::move_count ||
               phase == Phase::redeploy || phase == Phase::market_move;
    }
    // The quarter whose followers may join a feature of that kind (market: fields).
    static Quarter quarter_for(FeatureKind kind);

    static void legal_actions(const State& s, std::vector<Action>& out);
    static std::optional<RuleError> check(const State& s, const Action& a);
    static void apply(State& s, const Action& a, std::vector<Event>* events);
    static std::uint64_t hash(const State& s, std::uint64_t h);

    // ---- turn flow (city_rules.cpp) ----
    // After the follower step: the completed features, each after its redeployment round;
    // then the quarter placement when earned; then the next turn.
    static void score_turn(State& s, std::vector<Event>* events);
    // The end of the game (after the final_scoring event): incomplete features, the market's
    // followers onto fields, then the farms.
    static void begin_final(State& s, std::vector<Event>* events);
    // Scores pending features until a player has a redeployment to decide.
    static void continue_scoring(State& s, std::vector<Event>* events);
    static void after_pending(State& s, std::vector<Event>* events);
    static void continue_market(State& s, std::vector<Event>* events);

    // ---- queries ----
    static PlayerId round_seat(const State& s, int step);  // step 0: the round's first player
    static int quarter_followers(const State& s, PlayerId p, Quarter q);
    static bool may_redeploy(const State& s, PlayerId p, Quarter q);
    static bool earned_quarter_follower(const State& s);
    // 1 when the field (a root) has a part on a cell of the City: it counts as a completed city.
    static int farm_bonus(const State& s, int field_root);
    // The City counts as one completed city for the King's final count (tiles-carcassonne.md
    // §4.5); king_robber_rules.cpp adds it.
    static int cities_for_king(const State& s) { return active(s) ? 1 : 0; }

    // ---- test seams: set up a position without playing up to it ----
    static void put_in_quarter(State& s, PlayerId p, Quarter q) {
        s.followers_.push_back(Follower{p, FollowerSpot::quarter, 0, -1, static_cast<std::uint8_t>(q)});
        --s.players_[p].supply;
    }
    static void set_count(State& s, Quarter q) { s.count_quarter_ = static_cast<std::uint8_t>(q); }
};

}  // namespace carc

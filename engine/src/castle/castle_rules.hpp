#pragma once
// The Castle's rules as a friend of State: the turn flow (castle_rules.cpp) and the scoring
// (castle_scoring.cpp). State dispatches here when its game is a Castle game.

#include <cstdint>
#include <optional>
#include <vector>

#include "carc/castle.hpp"
#include "carc/rng.hpp"
#include "carc/state.hpp"

namespace carc {

struct CastleRules {
    static bool active(const State& s) { return s.game().castle_board() != nullptr; }

    // Setup: 18 tokens (2 of each kind) shuffled, one face down on each of the 13 towers.
    static void deal_wall_tokens(State& s, Rng& rng);
    static void place_wall_tokens(State& s, std::span<const WallToken> tokens);

    static void legal_actions(const State& s, std::vector<Action>& out);
    static std::optional<RuleError> check(const State& s, const Action& a);
    static void apply(State& s, const Action& a, std::vector<Event>* events);
    static std::uint64_t hash(const State& s, std::uint64_t h);

    // ---- turn flow (castle_rules.cpp) ----
    static void collect_completed(State& s);
    static void continue_scoring(State& s, std::vector<Event>* events);
    static void finish_turn(State& s, std::vector<Event>* events);
    static void next_turn(State& s, std::vector<Event>* events);
    // The pending scorings the turn player may pick now: their own first, then the opponent's.
    static std::vector<int> choosable(const State& s);
    static WallToken doubling_token(const State& s, const PendingScoring& p);

    // ---- scoring (castle_scoring.cpp) ----
    static PlayerId owner(const State& s, int root);  // strictly more followers, or nobody
    static int feature_points(const State& s, int root, std::string& detail);
    static void score_pending(State& s, int index, WallToken doubling, std::vector<Event>* events);
    static void add_points(State& s, PlayerId p, int points, std::vector<Event>* events);
    static void update_keep(State& s, PlayerId p, int root, std::vector<Event>* events);
    static void return_followers(State& s, std::vector<Event>* events);
    static void final_scoring(State& s, std::vector<Event>* events);
    static void score_courtyards(State& s, std::vector<Event>* events);
    static void score_keeps(State& s, std::vector<Event>* events);
    static void score_incomplete_with_tokens(State& s, std::vector<Event>* events);
    static void score_five_point_tokens(State& s, std::vector<Event>* events);
    // Spends a held token; `final`: during the final scoring.
    static void use_token(State& s, PlayerId p, WallToken t, int points, bool final,
                          std::vector<Event>* events);
    static std::vector<int> feature_roots(const State& s, FeatureKind kind);
    static void emit_scored(State& s, int root, PlayerId p, int points, bool final,
                            std::string detail, std::vector<Event>* events);

    // ---- test seams: set up a position without playing up to it ----
    static void set_score(State& s, PlayerId p, int score) { s.players_[p].score = score; }
    static void give_token(State& s, PlayerId p, WallToken t) {
        ++s.castle_.players[p].tokens[static_cast<int>(t)];
    }
};

}  // namespace carc

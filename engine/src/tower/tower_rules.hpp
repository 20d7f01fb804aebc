#pragma once
// The Tower as a friend of State (tower_rules.cpp): floors, followers on towers, captures,
// prisoner exchange and ransom. State dispatches the Tower's actions here.

#include <optional>
#include <vector>

#include "carc/state.hpp"

namespace carc {

struct TowerRules {
    static bool has_foundation(const State& s, int placed_index);
    // No follower stands on top yet (State::tower_open).
    static bool open(const State& s, int placed_index);
    static bool in_reach(const State& s, int tower_index, const Follower& f);

    // ---- legal actions ----
    static void append_tower_actions(const State& s, std::vector<Action>& out);
    static void append_captures(const State& s, std::vector<Action>& out);
    static void append_ransoms(const State& s, std::vector<Action>& out);

    // ---- checks ----
    static std::optional<RuleError> check_tower_action(const State& s, const Action& a);
    static std::optional<RuleError> check_capture_step(const State& s, const Action& a);
    static std::optional<RuleError> check_ransom(const State& s, const Action& a);

    // ---- applying ----
    static bool apply_add_floor(State& s, const Action& a, std::vector<Event>* events);  // true: may capture
    static void apply_tower_follower(State& s, const Action& a, std::vector<Event>* events);
    static void apply_capture(State& s, const Action& a, std::vector<Event>* events);
    static void exchange_prisoners(State& s, PlayerId captor, PlayerId owner, std::vector<Event>* events);
    static void apply_ransom(State& s, const Action& a, std::vector<Event>* events);
};

}  // namespace carc

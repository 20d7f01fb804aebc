#pragma once
// A table for The Tower's rules tests: a game with The Tower whose tiles come in a fixed order,
// driven one decision at a time through the public API (lay, then a follower, a floor, a
// follower on a tower or pass; then perhaps a capture; ransoms whenever allowed).

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/state.hpp"
#include "rules_table.hpp"

namespace carc::test {

class TowerTable : public RulesTable {
public:
    // `order` is the whole draw order; a spare tile is added so the game does not end early.
    TowerTable(int players, const std::vector<std::string>& order)
        : RulesTable(with_tower(players), order, 1) {}

    // ---- decisions (each must be listed and accepted) ------------------------------------
    void floor(int x, int y) { must(at_action(ActionType::add_floor, x, y)); }
    void tower_follower(int x, int y) { must(at_action(ActionType::tower_follower, x, y)); }
    void capture(int x, int y, PlayerId owner) { must(capture_action(x, y, owner)); }
    void ransom(PlayerId holder) { must(ransom_action(holder)); }

    // ---- actions, for tests of refusals ----------------------------------------------------
    static Action at_action(ActionType type, int x, int y) {
        Action a;
        a.type = type;
        a.at = cell(x, y);
        return a;
    }
    static Action ransom_action(PlayerId holder) {
        Action a;
        a.type = ActionType::ransom;
        a.target = holder;
        return a;
    }
    // The capture of `owner`'s follower at (x, y); the only one there is expected.
    Action capture_action(int x, int y, PlayerId owner) const {
        const int index = follower_index(x, y, owner);
        REQUIRE(index >= 0);
        Action a;
        a.type = ActionType::capture;
        a.target = static_cast<std::int16_t>(index);
        return a;
    }
    int follower_index(int x, int y, PlayerId owner) const {
        const auto followers = state_->followers();
        for (std::size_t i = 0; i < followers.size(); ++i)
            if (followers[i].owner == owner && state_->follower_cell(followers[i]) == cell(x, y))
                return static_cast<int>(i);
        return -1;
    }
    // The cells of the followers the pending capture step may take.
    std::vector<Coord> capturable_cells() const {
        std::vector<Action> legal;
        state_->legal_actions(legal);
        std::vector<Coord> cells;
        for (const auto& a : legal)
            if (a.type == ActionType::capture)
                cells.push_back(state_->follower_cell(state_->followers()[a.target]));
        return cells;
    }

private:
    static GameConfig with_tower(int players) {
        GameConfig config;
        config.players = players;
        config.expansions.tower = true;
        return config;
    }
};

}  // namespace carc::test

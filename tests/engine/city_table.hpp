#pragma once
// A table for the City of Carcassonne's rules tests: a game with the Count (and optionally The
// Tower) whose tiles come in a fixed order, driven one decision at a time through the public
// API. The City's cells lie at x -2..1, y -1..1 (CO-7 at (0,0)); its rim:
//   north: F F F R (road stub at (1,-1) N)    east: F F C (city at (1,1) E)
//   south: C F R F from west (city at (-2,1) S, road stub at (0,1) S)   west: R F F from north
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/state.hpp"
#include "city/city_rules.hpp"
#include "rules_table.hpp"

namespace carc::test {

class CityTable : public RulesTable {
public:
    // `order` is the whole draw order; `spares` more tiles keep the game from ending early.
    CityTable(int players, const std::vector<std::string>& order, GameConfig config = {},
              int spares = 1)
        : RulesTable(with_city(players, config), order, spares) {}

    void act(const Action& a) { must(a); }

    static Action quarter_action(ActionType type, Quarter q) {
        Action a;
        a.type = type;
        a.quarter = static_cast<std::uint8_t>(q);
        return a;
    }
    // The market move onto the field at half-edge `half` of the tile at (x, y).
    Action market_action(int x, int y, const std::string& half) const {
        const int index = state_->tile_at(cell(x, y));
        REQUIRE(index >= 0);
        const auto& placed = state_->tiles()[index];
        Action a;
        a.type = ActionType::market_move;
        a.at = cell(x, y);
        a.segment = static_cast<std::int8_t>(
            game_->tiles().at(placed.type).segment_at(placed.rotation, FeatureKind::field, half));
        REQUIRE(a.segment >= 0);
        return a;
    }

    // ---- queries -------------------------------------------------------------------------
    int in_quarter(PlayerId p, Quarter q) const {
        int n = 0;
        for (const auto& f : state_->followers())
            n += f.spot == FollowerSpot::quarter && f.owner == p && f.quarter == static_cast<int>(q);
        return n;
    }

private:
    static GameConfig with_city(int players, GameConfig config) {
        config.players = players;
        config.expansions.count = true;
        return config;
    }
};

}  // namespace carc::test

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

namespace carc::test {

class TowerTable {
public:
    // `order` is the whole draw order; a spare tile is added so the game does not end early.
    TowerTable(int players, const std::vector<std::string>& order) {
        GameConfig config;
        config.players = players;
        config.expansions.tower = true;
        std::string error;
        game_ = Game::create(config, &error);
        REQUIRE(game_);
        std::vector<TileTypeId> tiles;
        for (const auto& name : order) tiles.push_back(id(name));
        tiles.push_back(id("B-B"));
        state_ = std::make_unique<State>(State::start_with_order(*game_, tiles));
    }

    // ---- decisions (each must be accepted) ----------------------------------------------
    void lay(const std::string& tile, int x, int y, int degrees = 0) {
        INFO("lay " << tile << " at (" << x << "," << y << ")");
        REQUIRE(state_->phase() == Phase::place_tile);
        REQUIRE(game_->tiles().at(state_->drawn_tile()).id == tile);
        rotation_ = degrees / 90;
        last_tile_ = tile;
        must(Action::place_tile(cell(x, y), rotation_));
    }
    void follower(const std::string& on, const std::string& at = "") {
        FeatureKind kind;
        REQUIRE(feature_kind_from_string(on, kind));
        const int seg = game_->tiles().at(id(last_tile_)).segment_at(rotation_, kind, at);
        REQUIRE(seg >= 0);
        must(Action::place_follower(seg));
    }
    void pass() { must(Action::pass()); }
    void floor(int x, int y) { must(at_action(ActionType::add_floor, x, y)); }
    void tower_follower(int x, int y) { must(at_action(ActionType::tower_follower, x, y)); }
    void capture(int x, int y, PlayerId owner) { must(capture_action(x, y, owner)); }
    void ransom(PlayerId holder) { must(ransom_action(holder)); }
    // A whole turn without tower actions: lay, then a follower or pass.
    void turn(const std::string& tile, int x, int y, int degrees = 0, const std::string& on = "",
              const std::string& at = "") {
        lay(tile, x, y, degrees);
        if (on.empty()) pass();
        else follower(on, at);
    }

    // ---- actions, for tests of refusals ----------------------------------------------------
    static Coord cell(int x, int y) {
        return Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
    }
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
    std::optional<RuleError> attempt(const Action& a) { return state_->apply(a, &events_); }
    bool listed(const Action& a) const {
        std::vector<Action> legal;
        state_->legal_actions(legal);
        return std::find(legal.begin(), legal.end(), a) != legal.end();
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

    State& state() { return *state_; }
    const Game& game() const { return *game_; }
    const std::vector<Event>& events() const { return events_; }
    int count(EventType type) const {
        int n = 0;
        for (const auto& e : events_) n += e.type == type;
        return n;
    }
    TileTypeId id(const std::string& name) const {
        const auto* t = TileCatalog::instance().find(name);
        REQUIRE(t);
        return t->index;
    }

private:
    void must(const Action& a) {
        INFO(describe(a));
        // The engine lists exactly what it accepts.
        CHECK(listed(a));
        if (auto refused = state_->apply(a, &events_)) FAIL(refused->message);
    }

    std::shared_ptr<const Game> game_;
    std::unique_ptr<State> state_;
    std::vector<Event> events_;
    std::string last_tile_;
    int rotation_ = 0;
};

}  // namespace carc::test

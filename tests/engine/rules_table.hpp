#pragma once
// The common part of the expansions' rules tables (city_table.hpp, tower_table.hpp): a game whose
// tiles come in a fixed order, driven one decision at a time through the public API, where each
// decision must be listed by legal_actions and accepted.

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/state.hpp"
#include "scenario.hpp"

namespace carc::test {

class RulesTable {
public:
    // `order` is the whole draw order; `spares` more tiles keep the game from ending early.
    RulesTable(const GameConfig& config, const std::vector<std::string>& order, int spares) {
        std::string error;
        game_ = Game::create(config, &error);
        INFO(error);
        REQUIRE(game_);
        std::vector<TileTypeId> tiles;
        for (const auto& name : order) tiles.push_back(id(name));
        for (int i = 0; i < spares; ++i) tiles.push_back(id("B-B"));
        state_ = std::make_unique<State>(State::start_with_order(*game_, tiles));
    }

    // ---- decisions (each must be listed and accepted) ------------------------------------
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
    // A whole turn without the expansion's decisions: lay, then a follower or pass.
    void turn(const std::string& tile, int x, int y, int degrees = 0, const std::string& on = "",
              const std::string& at = "") {
        lay(tile, x, y, degrees);
        if (on.empty()) pass();
        else follower(on, at);
    }

    // ---- queries -------------------------------------------------------------------------
    static Coord cell(int x, int y) {
        return Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
    }
    std::optional<RuleError> attempt(const Action& a) { return state_->apply(a, &events_); }
    bool listed(const Action& a) const {
        std::vector<Action> legal;
        state_->legal_actions(legal);
        return std::find(legal.begin(), legal.end(), a) != legal.end();
    }
    int count(EventType type) const {
        int n = 0;
        for (const auto& e : events_) n += e.type == type;
        return n;
    }
    // The scoring events, in order.
    std::vector<Event> scorings(bool final) const {
        std::vector<Event> out;
        for (const auto& e : events_)
            if (e.type == EventType::feature_scored && e.final == final) out.push_back(e);
        return out;
    }
    State& state() { return *state_; }
    const Game& game() const { return *game_; }
    const std::vector<Event>& events() const { return events_; }
    TileTypeId id(const std::string& name) const { return tile_id(name); }

protected:
    void must(const Action& a) {
        INFO(describe(a) << " in phase " << to_string(state_->phase()));
        CHECK(listed(a));  // the engine lists exactly what it accepts
        if (auto refused = state_->apply(a, &events_)) FAIL(refused->message);
    }

    std::shared_ptr<const Game> game_;
    std::unique_ptr<State> state_;
    std::vector<Event> events_;

private:
    std::string last_tile_;
    int rotation_ = 0;
};

}  // namespace carc::test

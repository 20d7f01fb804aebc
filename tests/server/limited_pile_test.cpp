// A short game (options.pile_limit) draws a secret part of the box. Every frame a viewer receives
// in such a game, in every rule system, must show as `remaining` the box's tiles not drawn yet
// (public: the box less what was laid or discarded), never the truncated pile's, which would
// name the tiles to come. The room runs in process (room_harness.hpp): what it sends is what a
// client's frames carry.
#include <map>

#include <catch2/catch.hpp>

#include "carc/game.hpp"
#include "carc/tiles.hpp"
#include "game_driver.hpp"
#include "room_harness.hpp"
#include "view_follower.hpp"

using namespace carc::test;

namespace {

constexpr int pile_limit = 6;

struct rule_system {
    const char* name;
    json create;  // create_room fields
    carc::GameConfig config;
};

carc::GameConfig config_of(carc::RuleSystem rules, carc::Expansions expansions) {
    carc::GameConfig config;
    config.rules = rules;
    config.players = 2;
    config.expansions = expansions;
    config.options.pile_limit = pile_limit;
    return config;
}

std::vector<rule_system> every_rule_system() {
    using carc::RuleSystem;
    return {
        {"carcassonne", {{"rules", "carcassonne"}}, config_of(RuleSystem::carcassonne, {})},
        {"tower", {{"expansions", {{"tower", true}}}}, config_of(RuleSystem::carcassonne, {.tower = true})},
        {"river2", {{"expansions", {{"river2", true}}}}, config_of(RuleSystem::carcassonne, {.river2 = true})},
        {"city", {{"expansions", {{"count", true}}}}, config_of(RuleSystem::carcassonne, {.count = true})},
        {"king_robber+cult", {{"expansions", {{"king_robber", true}, {"cult", true}}}},
         config_of(RuleSystem::carcassonne, {.king_robber = true, .cult = true})},
        {"castle", {{"rules", "castle"}}, config_of(RuleSystem::castle, {})},
    };
}

using counts = std::vector<int>;

int index_of(const std::string& tile_id) {
    const carc::TileType* type = carc::TileCatalog::instance().find(tile_id);
    REQUIRE(type);
    return type->index;
}

counts count_tiles(const std::vector<carc::TileTypeId>& tiles) {
    counts out(carc::TileCatalog::instance().size(), 0);
    for (const auto t : tiles) ++out[t];
    return out;
}

// Every tile of the box that can be drawn: the river stacks and the land pile, all of it.
counts box_of(const carc::Game& game) {
    std::vector<carc::TileTypeId> all;
    for (const auto* part : {&game.river_first(), &game.river_shuffled(), &game.river_last(), &game.pile()})
        all.insert(all.end(), part->begin(), part->end());
    return count_tiles(all);
}

counts minus(counts a, const counts& b) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] -= b[i];
    return a;
}

int sum(const counts& c) {
    int total = 0;
    for (const int n : c) total += n;
    return total;
}

// What a frame's viewer has seen drawn: laid tiles (the setup aside), the one in hand and the
// discards announced so far.
struct frame_seen {
    counts remaining;
    counts drawn;
    int tiles_left = 0;
    bool over = false;
};

}  // namespace

TEST_CASE("a limited pile shows the box's face-down tiles in every frame, never the pile's",
          "[server][hidden]") {
    for (const rule_system& system : every_rule_system()) {
        DYNAMIC_SECTION(system.name) {
            std::string error;
            const auto game = carc::Game::create(system.config, &error);
            REQUIRE(game);
            const counts box = box_of(*game);
            std::vector<carc::TileTypeId> setup_tiles;
            for (const auto& s : game->setup()) setup_tiles.push_back(s.type);
            const counts setup = count_tiles(setup_tiles);
            REQUIRE(static_cast<int>(game->pile().size()) > pile_limit);  // the pile really is cut

            // In process (room_harness.hpp): without a bot pause, the start settles into the
            // whole game.
            room_harness h;
            auto& host_person = h.arrive("Host");
            json create = system.create;
            create["seats"] = 2;
            create["options"] = {{"pile_limit", pile_limit}};
            create["bots"] = {{{"seat", 0}, {"kind", "greedy"}}, {{"seat", 1}, {"kind", "random"}}};
            room_member host(h, host_person, h.create(host_person, create));
            REQUIRE(host.request({{"type", "start"}})["type"] == "ack");
            REQUIRE(game_over(host.view()));

            // Replay every message the host received, as its client did.
            std::vector<frame_seen> frames;
            view_follower replayed(host.room());
            counts discarded(box.size(), 0);
            for (const json& m : host.received) {
                const std::string type = m.value("type", "");
                if (m.value("room", "") != host.room() || (type != "snapshot" && type != "patch")) continue;
                replayed.absorb(m);
                for (const auto& e : m.value("events", json::array()))
                    if (e.value("type", "") == "tile_discarded") ++discarded[index_of(e["tile"])];
                if (!replayed.view["game"].is_object()) continue;
                const json& g = replayed.view["game"];
                frame_seen seen;
                seen.remaining = g["remaining"].get<counts>();
                std::vector<carc::TileTypeId> laid;
                for (const auto& t : g["board"]) laid.push_back(static_cast<carc::TileTypeId>(index_of(t["tile"])));
                seen.drawn = minus(count_tiles(laid), setup);
                if (!g["drawn_tile"].is_null()) ++seen.drawn[index_of(g["drawn_tile"])];
                for (std::size_t i = 0; i < discarded.size(); ++i) seen.drawn[i] += discarded[i];
                seen.tiles_left = g["tiles_left"];
                seen.over = !g["result"].is_null();
                frames.push_back(std::move(seen));
            }
            REQUIRE(frames.size() > 3);

            // Everything drawn in the whole game; what was still to come at each frame.
            const counts drawn_in_game = frames.back().drawn;
            for (std::size_t k = 0; k < frames.size(); ++k) {
                const frame_seen& f = frames[k];
                INFO("frame " << k << " of " << frames.size());
                CHECK(f.remaining == minus(box, f.drawn));
                const counts to_come = minus(drawn_in_game, f.drawn);
                CHECK(f.remaining != to_come);
                if (!f.over) CHECK(sum(f.remaining) > f.tiles_left);
            }
        }
    }
}

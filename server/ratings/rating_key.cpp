#include "ratings/rating_key.hpp"

#include <array>

namespace carc::server::ratings {

std::string rating_key(const GameConfig& config) {
    if (config.rules == RuleSystem::castle) return "castle";
    const Expansions& e = config.expansions;
    std::string key = "carcassonne";
    if (e.tower) key += "+tower";
    if (e.river2 && e.count && e.king_robber && e.cult) return key + "+ckc";
    if (e.river2) key += "+river2";
    if (e.count) key += "+count";
    if (e.king_robber) key += "+king_robber";
    if (e.cult) key += "+cult";
    return key;
}

bool is_rating_key(std::string_view key) {
    if (key == "castle") return true;
    // Every combination of the Tower and Count King and Cult's parts, as rating_key names them.
    for (unsigned bits = 0; bits < 32; ++bits) {
        GameConfig config;
        config.expansions.tower = (bits & 1u) != 0;
        config.expansions.river2 = (bits & 2u) != 0;
        config.expansions.count = (bits & 4u) != 0;
        config.expansions.king_robber = (bits & 8u) != 0;
        config.expansions.cult = (bits & 16u) != 0;
        if (rating_key(config) == key) return true;
    }
    return false;
}

}  // namespace carc::server::ratings

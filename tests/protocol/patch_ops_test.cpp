// The view publisher's own patch operations: built and applied like nlohmann's RFC 6902 patch.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../../protocol/src/patch_ops.hpp"

using nlohmann::json;
namespace ops = carc::protocol::patch_ops;

namespace {

json document() {
    return json::parse(R"({"room": {"status": "waiting", "spectators": [{"person": "p1"}, {"person": "p3"}]},
                           "game": {"phase": "place_tile", "board": [{"x": 0}], "a/b": 1, "t~x": 2}})");
}

}  // namespace

TEST_CASE("patch_ops builds the same operations as an initializer list", "[protocol][views]") {
    CHECK(ops::make("replace", "/game/phase", "place_follower") ==
          json({{"op", "replace"}, {"path", "/game/phase"}, {"value", "place_follower"}}));
    CHECK(ops::make("add", "/game/board/-", json({{"x", 1}})).dump() ==
          R"({"op":"add","path":"/game/board/-","value":{"x":1}})");
    CHECK(ops::make_remove("/room/spectators/0") == json({{"op", "remove"}, {"path", "/room/spectators/0"}}));
}

TEST_CASE("patch_ops applies add, replace and remove as nlohmann's patch does", "[protocol][views]") {
    json ops_list = json::array();
    ops_list.push_back(ops::make("replace", "/game/phase", "place_follower"));
    ops_list.push_back(ops::make("add", "/game/board/-", json({{"x", 1}})));
    ops_list.push_back(ops::make("replace", "/game/board/0/x", 5));
    ops_list.push_back(ops::make("add", "/room/spectators/1", json({{"person", "p2"}})));
    ops_list.push_back(ops::make_remove("/room/spectators/0"));
    ops_list.push_back(ops::make("add", "/game/redeploy_onto", json::array({1, 2})));
    ops_list.push_back(ops::make("replace", "/game/a~1b", 10));
    ops_list.push_back(ops::make_remove("/game/t~0x"));
    ops_list.push_back(ops::make("replace", "/room", json({{"status", "playing"}})));

    json mine = document();
    ops::apply(mine, ops_list);
    const json expected = document().patch(ops_list);
    CHECK(mine == expected);
    CHECK(mine["game"]["board"] == json::parse(R"([{"x": 5}, {"x": 1}])"));
    CHECK(mine["game"]["a/b"] == 10);
    CHECK_FALSE(mine["game"].contains("t~x"));
    CHECK(mine["room"] == json({{"status", "playing"}}));
}

TEST_CASE("patch_ops refuses paths that lead nowhere and changes nothing before them", "[protocol][views]") {
    json doc = document();
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make("replace", "/game/nothing", 1)})), std::invalid_argument);
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make("replace", "/game/board/1", 1)})), std::invalid_argument);
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make("add", "/game/board/x", 1)})), std::invalid_argument);
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make_remove("/game/phase/0")})), std::invalid_argument);
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make_remove("/room/missing")})), std::invalid_argument);
    CHECK_THROWS_AS(ops::apply(doc, json::array({ops::make("move", "/game/phase", 1)})), std::invalid_argument);
    CHECK(doc == document());
}

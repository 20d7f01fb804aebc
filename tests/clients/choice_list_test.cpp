// The side panel's list of choices: numbers without gaps (pass is `p`, a ransom after it is
// the next number), long choices wrapped and never cut, the window around the selected one; the
// market move's many fields picked on the board, tile by tile.

#include <catch2/catch.hpp>

#include "choice_list.hpp"
#include "client_model.hpp"
#include "game_scene.hpp"
#include "i18n.hpp"
#include "text_width.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

// The engine's follower step with The Tower: followers, pass, then a ransom.
const std::vector<json> follower_step_with_ransom = {
    {{"type", "place_follower"}, {"segment", 0}},
    {{"type", "place_follower"}, {"segment", 2}},
    {{"type", "pass"}},
    {{"type", "ransom"}, {"target", 1}},
};

std::string joined(const std::vector<ChoiceRow>& rows) {
    std::string all;
    for (const auto& r : rows) all += r.text + "\n";
    return all;
}

}  // namespace

TEST_CASE("choice numbers skip pass, not a number: the ransom after pass is 3") {
    CHECK(choice_keys(follower_step_with_ransom) == std::vector<std::string>{"1", "2", "p", "3"});
    CHECK(option_for_number(follower_step_with_ransom, 3) == std::size_t{3});
    CHECK_FALSE(option_for_number(follower_step_with_ransom, 4));
    std::vector<json> many(12, json{{"type", "place_follower"}, {"segment", 0}});
    const auto keys = choice_keys(many);
    CHECK(keys[8] == "9");
    CHECK(keys[9].empty());

    const auto rows = layout_choices(follower_step_with_ransom, {"a", "b", "no follower (pass)", "ransom"}, 2, 29, 10);
    CHECK(joined(rows) == "1 a\n2 b\n3 ransom\np no follower (pass)\n");
    CHECK(rows.back().selected);
}

TEST_CASE("long choices wrap within the panel's width, never cut") {
    set_language(Lang::en);
    const std::string long_text = "move a follower from the cathedral quarter onto the city at (12,-3)";
    const std::vector<json> options = {{{"type", "redeploy"}}, {{"type", "redeploy"}}, {{"type", "pass"}}};
    const auto rows = layout_choices(options, {long_text, "short", "pass (the Count stays in the castle quarter)"}, 0, 29, 12);
    for (const auto& r : rows) CHECK(display_width(r.text) <= 29);
    std::string words;  // the rows' words, in order, are the texts' words
    for (const auto& r : rows) words += r.text.substr(2) + " ";
    CHECK(words.find("onto the city at (12,-3)") != std::string::npos);
    CHECK(words.find("castle quarter)") != std::string::npos);
    CHECK(rows[0].selected);
    CHECK(rows[1].selected);  // the selected choice's every row
    CHECK(rows[1].text.rfind("  ", 0) == 0);  // continued under the text
    CHECK(rows.back().text.find("quarter)") != std::string::npos);  // pass last, whole
}

TEST_CASE("a long list shows a window around the selected choice and says how many are hidden") {
    set_language(Lang::en);
    std::vector<json> options(20, json{{"type", "place_follower"}, {"segment", 0}});
    options.push_back({{"type", "pass"}});
    std::vector<std::string> texts(21, "a follower");
    const auto rows = layout_choices(options, texts, 12, 29, 8);
    REQUIRE(rows.size() == 8);
    CHECK(rows.front().marker);
    CHECK(rows[rows.size() - 2].marker);
    CHECK(rows.back().text.rfind("p ", 0) == 0);
    int selected = 0;
    for (const auto& r : rows) selected += r.selected;
    CHECK(selected == 1);
    CHECK(rows.front().text.find("more above") != std::string::npos);
}

TEST_CASE("the market move is picked on the board: the fields of the cursor's tile, numbered there") {
    set_language(Lang::en);
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    json legal = json::array();
    for (int x = 0; x < 6; ++x)
        for (const int segment : {0, 2, 4}) legal.push_back({{"type", "market_move"}, {"x", x}, {"y", 1}, {"segment", segment}});
    json board = json::array();
    for (int x = 0; x < 6; ++x) board.push_back({{"x", x}, {"y", 1}, {"tile", "B-D"}, {"rotation", 0}, {"height", 0}});
    const json view = {{"room", {{"id", "r1"}, {"status", "playing"}, {"seats", {{{"seat", 0}, {"kind", "human"}, {"name", "Ada"}}}}}},
                       {"you", {{"seat", 0}, {"legal", legal}}},
                       {"game", {{"phase", "market_move"}, {"decider", 0}, {"turn_player", 0}, {"result", nullptr},
                                 {"board", board}, {"followers", json::array()}}}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 3}, {"view", view}});
    REQUIRE(model.my_decision());
    const auto all = decision_options(model);
    CHECK(picked_on_board(all));
    CHECK(option_cells(all).size() == 6);
    const auto here = shown_options(model, {2, 1});
    REQUIRE(here.size() == 3);
    for (const json& o : here) CHECK(o["x"] == 2);
    CHECK(choice_keys(here) == std::vector<std::string>{"1", "2", "3"});
    CHECK(shown_options(model, {9, 9}).empty());
    // The numbers stand on the cursor's tile only.
    const BoardScene scene = build_scene(model, {{2, 1}, 0});
    REQUIRE(scene.marks.size() == 3);
    for (const auto& m : scene.marks) CHECK(m.at == BoardCoord{2, 1});
    CHECK(scene.marks[2].letter == '3');
    // A short list (9 or fewer) stays a list, and so do other decisions (tower floors on many towers).
    std::vector<json> floors(12, json{{"type", "add_floor"}, {"x", 1}, {"y", 2}});
    floors.push_back({{"type", "pass"}});
    CHECK_FALSE(picked_on_board(floors));
    CHECK_FALSE(picked_on_board(std::vector<json>(all.begin(), all.begin() + 9)));
}

TEST_CASE("The Castle's scoring order is numbered on the board, on each feature it scores") {
    set_language(Lang::en);
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    // Two pending scorings sharing the tile (1, 0), the first also doubled by a token.
    const json legal = json::array({{{"type", "choose_scoring"}, {"target", 0}, {"token", -1}},
                                    {{"type", "choose_scoring"}, {"target", 0}, {"token", 2}},
                                    {{"type", "choose_scoring"}, {"target", 1}, {"token", -1}}});
    const json pending = json::array({{{"owner", 0}, {"feature", "castle_tower"}, {"tiles", {{1, 0}}}},
                                      {{"owner", 0}, {"feature", "house"}, {"tiles", {{1, 0}, {2, 0}}}}});
    json board = json::array();
    for (int x = 0; x < 3; ++x) board.push_back({{"x", x}, {"y", 0}, {"tile", "B-D"}, {"rotation", 0}, {"height", 0}});
    const json view = {{"room", {{"id", "r1"}, {"status", "playing"}, {"seats", {{{"seat", 0}, {"kind", "human"}, {"name", "Ada"}}}}}},
                       {"you", {{"seat", 0}, {"legal", legal}}},
                       {"game", {{"phase", "choose_scoring"}, {"decider", 0}, {"turn_player", 0}, {"result", nullptr},
                                 {"board", board}, {"followers", json::array()}, {"castle", {{"pending", pending}}}}}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 3}, {"view", view}});
    REQUIRE(model.my_decision());
    const BoardScene scene = build_scene(model, {});
    REQUIRE(scene.marks.size() == 3);
    CHECK(scene.marks[0].at == BoardCoord{1, 0});
    CHECK(scene.marks[0].letter == '1');
    CHECK(scene.marks[1].at == BoardCoord{1, 0});  // doubled: beside the plain one
    CHECK(scene.marks[1].segment != scene.marks[0].segment);
    CHECK(scene.marks[2].at == BoardCoord{2, 0});  // the house's other tile, free of numbers
    CHECK(scene.marks[2].letter == '3');
}

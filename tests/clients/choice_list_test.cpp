// The side panel's list of choices: numbers without gaps (pass is `p`, a ransom after it is
// the next number), long choices wrapped and never cut, the window around the selected one.

#include <catch2/catch.hpp>

#include "choice_list.hpp"
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

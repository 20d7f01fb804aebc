// carc-term --leaderboard and --profile: the server's JSON as printed lines, in English and Russian.
#include <catch2/catch.hpp>

#include "i18n.hpp"
#include "ratings_text.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

const json board = {{"rules", "carcassonne"},
                    {"max_rd", 75},
                    {"min_games", 10},
                    {"players", {{{"rank", 1}, {"name", "Ada"}, {"rating", 1802.5}, {"rd", 61.0}, {"games", 24}, {"wins", 15}}}},
                    {"bots", {{{"bot", "easy"}, {"name", "Easy bot"}, {"rating", 1500}}}}};

const json profile = {
    {"name", "Ada"},
    {"ratings", {{{"key", "carcassonne"}, {"rating", 1662.3}, {"rd", 290.3}, {"provisional", true}, {"games", 1}, {"wins", 1}}}},
    {"stats",
     {{{"key", "carcassonne"},
       {"games", 2},
       {"wins", 1},
       {"average", {{"score", 41.5}, {"tiles_placed", 12}, {"followers_used", 5.25}, {"points", {{"city", 20.5}, {"king", 4}}}}}}}}};

}  // namespace

TEST_CASE("the leaderboard and a profile as carc-term prints them in English", "[clients][ratings]") {
    set_language(Lang::en);
    CHECK(leaderboard_text(board) ==
          "Leaderboard carcassonne\n"
          "1. Ada  1803 (RD 61)  games 24, won 15\n"
          "   Easy bot  1500\n");
    CHECK(leaderboard_text({{"rules", "castle"}, {"players", json::array()}}) ==
          "Leaderboard castle\nnobody yet: it takes 10 rated games and RD 75 at most\n");
    CHECK(profile_text(profile) ==
          "Player Ada\n"
          "carcassonne: 1662? (RD 290, provisional)  games 1, won 1\n"
          "carcassonne: 2 games, 1 won; per game 41.5 points, 12 tiles, 5.25 followers\n"
          "    points per game: city 20.5, king 4\n");
}

TEST_CASE("the leaderboard and a profile as carc-term prints them in Russian", "[clients][ratings]") {
    set_language(Lang::ru);
    CHECK(leaderboard_text(board) ==
          "Рейтинг carcassonne\n"
          "1. Ada  1803 (RD 61)  партий 24, побед 15\n"
          "   Easy bot  1500\n");
    CHECK(profile_text(profile).starts_with("Игрок Ada\ncarcassonne: 1662? (RD 290, предварительный)"));
    CHECK(profile_text(profile).find("город 20.5") != std::string::npos);
    set_language(Lang::en);
}

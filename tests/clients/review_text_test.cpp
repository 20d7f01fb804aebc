// The move review as the terminal words it (review_text.cpp), from a fixed review document in
// the shape the server sends (docs/bots.md, "Move review"), in English and Russian; and the
// replay's board rebuilt from a record's events (replay_frames.cpp).

#include <catch2/catch.hpp>

#include <clocale>

#include "carc/protocol/engine_json.hpp"
#include "carc/tiles.hpp"
#include "i18n.hpp"
#include "replay_frames.hpp"
#include "review_text.hpp"
#include "text_width.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

const TileBook& book() {
    static const TileBook tiles(carc::protocol::catalog_to_json(carc::TileCatalog::instance())["tiles"]);
    return tiles;
}

struct LanguageGuard {
    explicit LanguageGuard(Lang lang) { set_language(lang); }
    ~LanguageGuard() { set_language(Lang::en); }
};

const SeatNamer names = [](int seat) { return std::string(seat == 0 ? "Ada" : "Bob"); };

json decision(int index, int turn, int seat, const char* phase, const char* tile, json played, json best, double loss,
              const char* grade) {
    const bool same = played == best;
    return {{"index", index}, {"turn", turn}, {"seat", seat}, {"phase", phase}, {"tile", tile}, {"choices", 5},
            {"played", played}, {"best", best}, {"played_is_best", same}, {"before", {0.0, 0.0}},
            {"after_played", {0.0, 0.0}}, {"after_best", {0.0, 0.0}}, {"loss", loss}, {"grade", grade},
            {"chance", false}, {"drawn", nullptr}, {"luck", {0.0, 0.0}}};
}

// Two players; Ada's costliest: a blunder (a follower on the field, the road was better) and an
// inaccuracy (a tile laid elsewhere and turned); Bob's: a mistake (no follower) and a move that
// was the search's own.
json fixed_review() {
    const json tile_played = {{"type", "place_tile"}, {"x", 1}, {"y", 0}, {"rotation", 0}};
    const json tile_best = {{"type", "place_tile"}, {"x", 0}, {"y", 1}, {"rotation", 1}};
    const json field = {{"type", "place_follower"}, {"segment", 1}};  // B-V's and B-U's segment 1
    const json road = {{"type", "place_follower"}, {"segment", 0}};
    const json tile_bob = {{"type", "place_tile"}, {"x", 0}, {"y", -1}, {"rotation", 2}};
    return {{"format", "carc-review"}, {"strength", "medium"}, {"players", 2}, {"finished", true},
            {"summary",
             {{{"seat", 0}, {"start", 1.09}, {"final_lead", -10.5}, {"own_losses", 17.45}, {"others", 9.7},
               {"luck", -3.4}, {"without_luck", -7.1}, {"decisions", 50}, {"average_loss", 1.514},
               {"inaccuracies", 1}, {"mistakes", 0}, {"blunders", 21}, {"costliest", {1, 0}}},
              {{"seat", 1}, {"start", -1.09}, {"final_lead", 10.5}, {"own_losses", 6.2}, {"others", 17.45},
               {"luck", 3.4}, {"without_luck", 7.1}, {"decisions", 57}, {"average_loss", 0.17},
               {"inaccuracies", 2}, {"mistakes", 5}, {"blunders", 1}, {"costliest", {3, 2}}}}},
            {"decisions",
             {decision(0, 1, 0, "place_tile", "B-V", tile_played, tile_best, 4.95, "inaccuracy"),
              decision(1, 1, 0, "place_follower", "B-V", field, road, 12.5, "blunder"),
              decision(2, 2, 1, "place_tile", "B-U", tile_bob, tile_bob, 0.0, "best"),
              decision(3, 2, 1, "place_follower", "B-U", {{"type", "pass"}}, field, 6.2, "mistake")}}};
}

std::vector<std::string> texts(const std::vector<ReviewLine>& lines) {
    std::vector<std::string> out;
    for (const ReviewLine& l : lines) out.push_back(l.text);
    return out;
}

}  // namespace

TEST_CASE("the move review's summary and costliest decisions in English") {
    std::setlocale(LC_CTYPE, "C.UTF-8");
    const auto lines = review_lines(fixed_review(), names, book(), 76);
    CHECK(texts(lines) == std::vector<std::string>{
                              "A Ada: result -10.5, without luck -7.1, luck -3.4",
                              "  average loss a decision 1.51; 1 inaccuracy, 0 mistakes, 21 blunders",
                              "  costliest decisions:",
                              "    turn 1, Ada: blunder, -12.5",
                              "      played: follower on the field; better: follower on the road",
                              "    turn 1, Ada: inaccuracy, -5.0",
                              "      played: lay B-V at (1,0); better: lay B-V at (0,1) turned 90°",
                              "",
                              "B Bob: result +10.5, without luck +7.1, luck +3.4",
                              "  average loss a decision 0.17; 2 inaccuracies, 5 mistakes, 1 blunder",
                              "  costliest decisions:",
                              "    turn 2, Bob: mistake, -6.2",
                              "      played: no follower (pass); better: follower on the field",
                              "    turn 2, Bob: 0.0",
                              "      played: lay B-U at (0,-1) turned 180° (the search's move too)",
                          });
    // Each costliest decision's lines open it (Enter); the summary lines open nothing.
    CHECK(lines[3].decision == 1);
    CHECK(lines[4].decision == 1);
    CHECK(lines[5].decision == 0);
    CHECK(lines[11].decision == 3);
    CHECK(lines[0].decision == -1);
    CHECK(lines[0].heading);
    for (const ReviewLine& l : lines) CHECK(display_width(l.text) <= 76);

    // A window of 6 lines: from the top while the chosen decision's lines fit, else just enough
    // lower to show them whole.
    CHECK(review_window_top(lines, 1, 6) == 0);
    CHECK(review_window_top(lines, 0, 6) == 1);   // its lines are 5 and 6
    CHECK(review_window_top(lines, 3, 6) == 7);   // 11 and 12
    CHECK(review_window_top(lines, 3, 1) == 11);  // a window smaller than its lines: the first
    CHECK(review_window_top(lines, -1, 6) == 0);
}

TEST_CASE("the move review's summary and costliest decisions in Russian, with plurals") {
    std::setlocale(LC_CTYPE, "C.UTF-8");
    LanguageGuard ru(Lang::ru);
    const auto lines = review_lines(fixed_review(), names, book(), 76);
    CHECK(texts(lines) == std::vector<std::string>{
                              "A Ada: итог -10.5, без удачи -7.1, удача -3.4",
                              "  средняя потеря за решение 1.51; 1 неточность, 0 ошибок, 21 грубая ошибка",
                              "  самые дорогие решения:",
                              "    ход 1, Ada: грубая ошибка, -12.5",
                              "      сыграно: поставить подданного на поле; лучше: поставить подданного",
                              "        на дорогу",
                              "    ход 1, Ada: неточность, -5.0",
                              "      сыграно: положить квадрат B-V на (1,0); лучше: положить квадрат B-V",
                              "        на (0,1) с поворотом на 90°",
                              "",
                              "B Bob: итог +10.5, без удачи +7.1, удача +3.4",
                              "  средняя потеря за решение 0.17; 2 неточности, 5 ошибок, 1 грубая ошибка",
                              "  самые дорогие решения:",
                              "    ход 2, Bob: ошибка, -6.2",
                              "      сыграно: без подданного (пас); лучше: поставить подданного на поле",
                              "    ход 2, Bob: 0.0",
                              "      сыграно: положить квадрат B-U на (0,-1) с поворотом на 180° (так же",
                              "        сыграл бы поиск)",
                          });
    for (const ReviewLine& l : lines) CHECK(display_width(l.text) <= 76);
    CHECK(tr("review.blunders", {{"count", "2"}}) == "2 грубые ошибки");
    CHECK(tr("review.mistakes", {{"count", "22"}}) == "22 ошибки");
    CHECK(tr("review.inaccuracies", {{"count", "11"}}) == "11 неточностей");
}

TEST_CASE("the review job while it is computed, and refusals, in words") {
    CHECK(review_job_text({{"state", "queued"}}) == "waiting for a free bot to review the game...");
    CHECK(review_job_text({{"state", "running"}, {"judged", 40}, {"decisions", 142}}) == "judging decisions: 40 of 142");
    CHECK(review_job_text({{"state", "failed"}, {"error", "bad record"}}) == "the review failed: bad record");
    CHECK(review_refusal_text(429, {{"error", "review_busy"}, {"message", "busy"}}, "busy") ==
          "you already have a review in progress; try again later");
    CHECK(review_refusal_text(418, {{"error", "teapot"}, {"message", "short and stout"}}, "short and stout") == "short and stout");
    CHECK(review_refusal_text(0, json(), "Connection refused") == "the server cannot be reached: Connection refused");
    LanguageGuard ru(Lang::ru);
    CHECK(review_job_text({{"state", "running"}, {"judged", 1}, {"decisions", 21}}) == "оцениваем решения: 1 из 21");
    CHECK(review_refusal_text(409, {{"error", "game_not_finished"}}, "") == "партия ещё идёт");
}

TEST_CASE("the replay rebuilds the board, the followers and the points from the record's events") {
    const json record = {
        {"players", {{{"seat", 0}, {"name", "Ada"}}, {{"seat", 1}, {"name", "Bob"}}}},
        {"setup", {{{"x", 0}, {"y", 0}, {"tile", "B-D"}, {"rotation", 0}}}},
        {"actions",
         {{{"seat", 0}, {"action", {{"type", "place_tile"}, {"x", 1}, {"y", 0}, {"rotation", 1}}},
           {"events", {{{"type", "tile_placed"}, {"player", 0}, {"tile", "B-E"}, {"x", 1}, {"y", 0}, {"rotation", 1}}}}},
          {{"seat", 0}, {"action", {{"type", "place_follower"}, {"segment", 0}}},
           {"events", {{{"type", "follower_placed"}, {"player", 0}, {"x", 1}, {"y", 0}, {"segment", 0}, {"feature", "city"}},
                       {{"type", "feature_scored"}, {"feature", "city"}, {"points", 4}, {"scorers", {0}}},
                       {{"type", "follower_returned"}, {"player", 0}, {"x", 1}, {"y", 0}, {"segment", 0}}}}},
          {{"seat", 1}, {"action", {{"type", "place_tile"}, {"x", -1}, {"y", 0}, {"rotation", 0}}},
           {"events", {{{"type", "tile_placed"}, {"player", 1}, {"tile", "B-U"}, {"x", -1}, {"y", 0}, {"rotation", 0}}}}},
          {{"seat", 1}, {"action", {{"type", "place_follower"}, {"segment", 1}}},
           {"events", {{{"type", "follower_placed"}, {"player", 1}, {"x", -1}, {"y", 0}, {"segment", 1}, {"feature", "road"}}}}}}}};
    CHECK(replay_length(record) == 4);
    const ReplayFrame start = replay_frame(record, 0);
    REQUIRE(start.tiles.size() == 1);
    CHECK(start.tiles[0].tile == "B-D");
    CHECK(start.scores == std::vector<int>{0, 0});

    const ReplayFrame first = replay_frame(record, 1);
    REQUIRE(first.tiles.size() == 2);
    CHECK(first.tiles[1].at == BoardCoord{1, 0});
    CHECK(first.tiles[1].rotation == 1);
    CHECK(first.last_tiles == std::vector<std::pair<BoardCoord, int>>{{{1, 0}, 0}});

    const ReplayFrame scored = replay_frame(record, 2);  // placed, scored and returned in one action
    CHECK(scored.followers.empty());
    CHECK(scored.scores == std::vector<int>{4, 0});

    const ReplayFrame end = replay_frame(record, 99);  // past the end: the end
    REQUIRE(end.followers.size() == 1);
    CHECK(end.followers[0].owner == 1);
    CHECK(end.followers[0].at == BoardCoord{-1, 0});
    CHECK(end.followers[0].segment == 1);
    CHECK(end.tiles.size() == 3);

    // The better placement is the cursor's box, drawn with its tile.
    const BoardScene scene = replay_scene(end, SceneTile{{0, 1}, "B-V", 2, 0});
    REQUIRE(scene.cursor);
    CHECK(*scene.cursor == BoardCoord{0, 1});
    REQUIRE(scene.preview);
    CHECK(scene.preview->tile == "B-V");
    CHECK(replay_scene(end, std::nullopt).cursor == std::nullopt);
}

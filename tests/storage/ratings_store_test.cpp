// Ratings in the store (both backends run this file): a game is rated in the transaction that
// finishes it, once, whatever store (node) finishes it; a person's seat without an account rates
// nothing; two games of one player rated at once both count (PostgreSQL: two connections).
#include <thread>

#include <catch2/catch.hpp>

#include "carc/storage/rating_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

RatingStore& ratings_of(const std::shared_ptr<Store>& store) {
    auto* ratings = dynamic_cast<RatingStore*>(store.get());
    REQUIRE(ratings != nullptr);
    return *ratings;
}

// Each seat's rating goes up by 10 per game for the winner (seat 0), down by 10 for the others:
// a stand-in model, so the test checks the storage, not the mathematics.
std::vector<RatingChange> plus_minus_ten(const std::vector<SeatRatingInput>& seats) {
    std::vector<RatingChange> out;
    for (const SeatRatingInput& in : seats) {
        RatingChange& c = out.emplace_back();
        c.seat = in.seat.seat;
        c.person_id = in.seat.person_id;
        c.bot_kind = in.seat.bot_kind;
        c.name = in.seat.bot_kind.empty() ? "" : "Easy bot";
        c.place = in.seat.place;
        c.won = in.seat.place == 0;
        c.before = in.stored.value_or(RatingValue{1500, 350, 0.06});
        c.after = c.before;
        if (!in.seat.bot_kind.empty()) continue;  // a bot's rating stays
        c.after.rating += c.won ? 10 : -10;
        c.after.rd = c.before.rd - 1;
    }
    return out;
}

FinishedGame rated_game(const std::string& id, std::vector<RatedSeat> seats, TimeMs at_ms = 1'700'000'100'000) {
    FinishedGame game;
    game.game_id = id;
    game.finished_at_ms = at_ms;
    game.rule_system = "carcassonne";
    game.engine_version = "engine-1";
    game.record_json = R"({"id":")" + id + R"("})";
    auto rated = std::make_shared<RatedGame>();
    rated->key = "carcassonne";
    rated->seats = std::move(seats);
    rated->rate = plus_minus_ten;
    game.rated = std::move(rated);
    return game;
}

void running_room(Store& store, const std::string& id) {
    NewRoom room = sample_room(id);
    room.status = RoomStatus::running;
    REQUIRE(create_room(store, room).ok());
}

}  // namespace

TEST_CASE("a rated game is rated with its finish, once: finishing it again changes nothing", "[storage][ratings]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    running_room(*store, "g1");
    const auto game = rated_game("g1", {{0, "pa", "", 0, false}, {1, "pb", "", 1, false}, {2, "", "easy", 2, false}});
    REQUIRE(finish_game(*store, game).ok());
    // A second finish of the same game (a retry, another node) is refused and rates nothing.
    CHECK(finish_game(*store, game).code() == ErrorCode::already_exists);

    RatingStore& ratings = ratings_of(store);
    const auto ada = ratings.ratings_of("pa").value();
    REQUIRE(ada.size() == 1);
    CHECK(ada[0].value.rating == Approx(1510).margin(1e-9));
    CHECK(ada[0].value.rd == Approx(349).margin(1e-9));
    CHECK(ada[0].games == 1);
    CHECK(ada[0].wins == 1);
    CHECK(ada[0].name == "ada");
    CHECK(ada[0].last_game_ms == game.finished_at_ms);
    const auto bob = ratings.ratings_of("pb").value();
    REQUIRE(bob.size() == 1);
    CHECK(bob[0].value.rating == Approx(1490).margin(1e-9));
    CHECK(bob[0].wins == 0);

    const auto changes = ratings.game_rating("g1").value();
    REQUIRE(changes.size() == 3);
    CHECK(changes[0].name == "ada");
    CHECK(changes[2].bot_kind == "easy");
    CHECK(changes[2].person_id.empty());
    CHECK(changes[2].before == changes[2].after);

    // The next game starts from the stored rating.
    running_room(*store, "g2");
    REQUIRE(finish_game(*store, rated_game("g2", {{0, "pb", "", 0, false}, {1, "pa", "", 1, false}},
                                           game.finished_at_ms + 60'000))
                .ok());
    const auto after = ratings.ratings_of("pa").value();
    CHECK(after[0].value.rating == Approx(1500).margin(1e-9));
    CHECK(after[0].games == 2);
    const auto history = ratings.rating_history("pa", 10).value();
    REQUIRE(history.size() == 2);
    CHECK(history[0].game_id == "g1");  // oldest first
    CHECK(history[1].change.before.rating == Approx(1510).margin(1e-9));
    const auto h2h = ratings.head_to_head("pa", "pb").value();
    REQUIRE(h2h.size() == 1);
    CHECK(h2h[0].games == 2);
    CHECK(h2h[0].wins == 1);
    CHECK(h2h[0].losses == 1);
}

TEST_CASE("a rated game with a person who has no account is finished but not rated", "[storage][ratings]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    running_room(*store, "g1");
    REQUIRE(finish_game(*store, rated_game("g1", {{0, "pa", "", 0, false}, {1, "guest7", "", 1, false}})).ok());
    CHECK(store->get_game("g1").value().has_value());
    RatingStore& ratings = ratings_of(store);
    CHECK(ratings.ratings_of("pa").value().empty());
    CHECK(ratings.game_rating("g1").value().empty());
}

TEST_CASE("the leaderboard's candidates: enough games and RD low enough, best first", "[storage][ratings]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    for (int i = 0; i < 3; ++i) {
        const std::string id = "g" + std::to_string(i);
        running_room(*store, id);
        REQUIRE(finish_game(*store, rated_game(id, {{0, "pa", "", 0, false}, {1, "pb", "", 1, false}})).ok());
    }
    RatingStore& ratings = ratings_of(store);
    CHECK(ratings.leaderboard_candidates("carcassonne", 4, 400).value().empty());
    const auto both = ratings.leaderboard_candidates("carcassonne", 3, 400).value();
    REQUIRE(both.size() == 2);
    CHECK(both[0].name == "ada");
    CHECK(both[1].name == "bob");
    CHECK(ratings.leaderboard_candidates("carcassonne", 3, 346.5).value().empty());  // RD 347 after 3 games
    CHECK(ratings.leaderboard_candidates("castle", 1, 400).value().empty());
}

TEST_CASE("the model is told how often each pair met in rated games in the last day", "[storage][ratings]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    add_account(store, "pc", "cy");
    const TimeMs day = kRecentGamesWindowMs;
    const TimeMs now = 1'700'000'000'000 + 2 * day;
    int next = 0;
    const auto finish = [&](std::vector<RatedSeat> seats, TimeMs at) {
        const std::string id = "g" + std::to_string(next++);
        running_room(*store, id);
        REQUIRE(finish_game(*store, rated_game(id, std::move(seats), at)).ok());
    };
    // Ada and Bob: two games in the last day, one the day before (not counted); Ada and the easy
    // bot: one game (a three-seat game, with Cy); Ada and the medium bot: none.
    finish({{0, "pa", "", 0, false}, {1, "pb", "", 1, false}}, now - day - 1000);
    finish({{0, "pa", "", 0, false}, {1, "pb", "", 1, false}}, now - 5000);
    finish({{0, "pb", "", 0, false}, {1, "pa", "", 1, false}}, now - 4000);
    finish({{0, "pc", "", 0, false}, {1, "", "easy", 1, false}, {2, "pa", "", 2, false}}, now - 3000);

    std::vector<SeatRatingInput> seen;
    FinishedGame game = rated_game("probe", {{0, "pa", "", 0, false},
                                             {1, "pb", "", 1, false},
                                             {2, "", "easy", 2, false},
                                             {3, "", "medium", 3, false},
                                             {4, "pc", "", 4, false}},
                                   now);
    auto rated = std::make_shared<RatedGame>(*game.rated);
    rated->rate = [&](const std::vector<SeatRatingInput>& in) {
        seen = in;
        return plus_minus_ten(in);
    };
    game.rated = rated;
    running_room(*store, "probe");
    REQUIRE(finish_game(*store, game).ok());
    REQUIRE(seen.size() == 5);
    CHECK(seen[0].recent_games_with == std::vector<int>{0, 2, 1, 0, 1});  // Ada
    CHECK(seen[1].recent_games_with == std::vector<int>{2, 0, 0, 0, 0});  // Bob
    CHECK(seen[2].recent_games_with == std::vector<int>{1, 0, 0, 0, 1});  // the easy bot
    CHECK(seen[3].recent_games_with == std::vector<int>{0, 0, 0, 0, 0});  // the medium bot
    CHECK(seen[4].recent_games_with == std::vector<int>{1, 0, 1, 0, 0});  // Cy
}

TEST_CASE("the leaderboard's minimum counts games shared with another account, not bots alone",
          "[storage][ratings]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    for (int i = 0; i < 3; ++i) {
        const std::string id = "bot" + std::to_string(i);
        running_room(*store, id);
        REQUIRE(finish_game(*store, rated_game(id, {{0, "pa", "", 0, false}, {1, "", "easy", 1, false}})).ok());
    }
    RatingStore& ratings = ratings_of(store);
    CHECK(ratings.leaderboard_candidates("carcassonne", 3, 400).value().empty());  // three games, all bots
    running_room(*store, "human");
    REQUIRE(finish_game(*store, rated_game("human", {{0, "pa", "", 0, false}, {1, "pb", "", 1, false}})).ok());
    CHECK(ratings.leaderboard_candidates("carcassonne", 2, 400).value().empty());  // one against an account
    CHECK(ratings.leaderboard_candidates("carcassonne", 1, 400).value().size() == 2);
}

#ifdef CARC_STORE_TESTS_ON_POSTGRES
TEST_CASE("two nodes finishing one rated game rate it once, and two games of one player both count",
          "[storage][ratings]") {
    TempDir dir;
    auto node_a = open_or_fail(dir.path());
    auto node_b = open_or_fail(dir.path());
    add_account(node_a, "pa", "ada");
    add_account(node_a, "pb", "bob");
    add_account(node_a, "pc", "cy");
    for (const char* id : {"g1", "g2", "g3"}) running_room(*node_a, id);

    // The same game finished by both nodes at once: one finish wins, the other is refused.
    const auto same = rated_game("g1", {{0, "pa", "", 0, false}, {1, "pb", "", 1, false}});
    Status first;
    Status second;
    std::thread a([&] { first = finish_game(*node_a, same); });
    std::thread b([&] { second = finish_game(*node_b, same); });
    a.join();
    b.join();
    CHECK(first.ok() != second.ok());
    CHECK(ratings_of(node_a).ratings_of("pa").value()[0].games == 1);
    CHECK(ratings_of(node_a).game_rating("g1").value().size() == 2);

    // Two games of Ada's finished at once on two nodes: both rated, one after the other.
    std::thread c([&] { first = finish_game(*node_a, rated_game("g2", {{0, "pa", "", 0, false}, {1, "pb", "", 1, false}})); });
    std::thread d([&] { second = finish_game(*node_b, rated_game("g3", {{0, "pa", "", 0, false}, {1, "pc", "", 1, false}})); });
    c.join();
    d.join();
    REQUIRE(first.ok());
    REQUIRE(second.ok());
    const auto ada = ratings_of(node_b).ratings_of("pa").value();
    REQUIRE(ada.size() == 1);
    CHECK(ada[0].games == 3);
    CHECK(ada[0].value.rating == Approx(1530).margin(1e-9));  // no update lost
}
#endif

// Ratings through the real server (docs/ratings.md): a rated game between accounts moves their
// ratings by the competition library's numbers, stored once with the game; unrated games and
// guests change nothing; a bot's rating stays; three players are rated pairwise; the
// leaderboard's threshold; the profile's JSON.
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "carc/competition/rated_game.hpp"
#include "carc/storage/rating_store.hpp"
#include "ratings/bot_ratings.hpp"
#include "ratings/game_rating.hpp"
#include "persist_driver.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;
namespace cm = carc::competition;
namespace st = carc::storage;

namespace {

constexpr const char* password = "correct horse battery";

void resign(signed_player& p, const std::string& room) {
    REQUIRE(p.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
}

// Waits (not timed: up to 10 s, for a loaded machine) until GET `target` answers 200.
api_reply wait_for_200(account_server& s, const std::string& target) {
    api_reply reply;
    for (int i = 0; i < 500; ++i) {
        reply = call_api(s.port(), "GET", target);
        if (reply.status == 200) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    INFO(target << " " << reply.body.dump());
    REQUIRE(reply.status == 200);
    return reply;
}

void check_value(const json& value, const cm::Rating& expected) {
    CHECK(value["rating"].get<double>() == Approx(expected.rating).margin(1e-6));
    CHECK(value["rd"].get<double>() == Approx(expected.rd).margin(1e-6));
    CHECK(value["volatility"].get<double>() == Approx(expected.volatility).margin(1e-9));
}

// Ada and Bob (accounts) play a rated two-player game: a turn each, then Bob resigns.
std::string ada_beats_bob(signed_player& ada, signed_player& bob) {
    const std::string room = open_room(*ada.ws, {{"seats", 2}, {"rated", true}})["room"];
    join_room(*bob.ws, room);
    start_game(*ada.ws, room);
    viewer a{*ada.ws, room};
    viewer b{*bob.ws, room};
    everyone_plays_a_turn({&a, &b});
    resign(bob, room);
    return room;
}

cm::Participant newcomer(int place, bool resigned = false) {
    cm::Participant p;
    p.place = place;
    p.resigned = resigned;
    return p;
}

}  // namespace

TEST_CASE("a rated two-player game between accounts moves both ratings by Glicko-2, stored once", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    const std::string room = ada_beats_bob(ada, bob);  // a resignation is a loss

    const auto rating = wait_for_200(s, "/api/games/" + room + "/rating");
    const cm::RatedGameResult expected = cm::rate_game({newcomer(0), newcomer(0, true)});
    REQUIRE(expected.model == cm::RatingModel::glicko2);
    const json& changes = rating.body["changes"];
    REQUIRE(changes.size() == 2);
    CHECK(changes[0]["name"] == "Ada");
    CHECK(changes[0]["won"] == true);
    CHECK(changes[1]["resigned"] == true);
    check_value(changes[0]["before"], cm::kNewcomer);
    check_value(changes[0]["after"], expected.participants[0].after);
    check_value(changes[1]["after"], expected.participants[1].after);
    CHECK(expected.participants[0].after.rating > 1500);

    const auto profile = call_api(s.port(), "GET", "/api/players/ada");
    REQUIRE(profile.status == 200);
    REQUIRE(profile.body["ratings"].size() == 1);
    CHECK(profile.body["ratings"][0]["games"] == 1);
    check_value(profile.body["ratings"][0], expected.participants[0].after);

    // Finishing the same game again (a retry, another node) is refused and rates nothing.
    st::FinishWrite again;
    again.game.game_id = room;
    again.game.finished_at_ms = carc::server::unix_ms();
    again.game.rule_system = "carcassonne";
    again.game.engine_version = "x";
    again.game.record_json = "{}";
    auto rated = std::make_shared<st::RatedGame>();
    rated->key = "carcassonne";
    rated->seats = {{0, ada.person, "", 0, false}, {1, bob.person, "", 1, false}};
    rated->rate = carc::server::ratings::rate_seats;
    again.game.rated = rated;
    CHECK(s.store->write_batch({again})[0].code() == st::ErrorCode::already_exists);
    auto& ratings = dynamic_cast<st::RatingStore&>(*s.store);
    const auto stored = ratings.ratings_of(ada.person).value();
    REQUIRE(stored.size() == 1);
    CHECK(stored[0].games == 1);
    CHECK(stored[0].value.rating == Approx(expected.participants[0].after.rating).margin(1e-6));
}

TEST_CASE("an unrated game changes no rating, and a guest may neither open nor sit in a rated room", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    const std::string room = open_room(*ada.ws, {{"seats", 2}})["room"];
    join_room(*bob.ws, room);
    start_game(*ada.ws, room);
    resign(bob, room);
    wait_for_200(s, "/api/games/" + room);  // the record is stored
    CHECK(call_api(s.port(), "GET", "/api/games/" + room + "/rating").status == 404);
    CHECK(call_api(s.port(), "GET", "/api/players/Ada").body["ratings"].empty());

    ws_client guest(s.port());
    greet(guest, "Gus");
    const json refused_open = guest.request({{"type", "create_room"}, {"seats", 2}, {"rated", true}});
    CHECK(refused_open["code"] == "bad_settings");
    CHECK(refused_open["params"]["reason"] == "rated_needs_account");
    const std::string rated_room = open_room(*ada.ws, {{"seats", 2}, {"rated", true}})["room"];
    const json refused_seat = guest.request({{"type", "join"}, {"room", rated_room}});
    CHECK(refused_seat["code"] == "bad_settings");
    CHECK(refused_seat["params"]["reason"] == "rated_needs_account");
    watch_room(guest, rated_room);  // watching is for everyone
    join_room(*bob.ws, rated_room);
}

TEST_CASE("a bot's rating does not move, and it rates the account it played", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    const std::string room =
        open_room(*ada.ws, {{"seats", 2}, {"rated", true}, {"bots", {{{"seat", 1}, {"kind", "easy"}}}}})["room"];
    start_game(*ada.ws, room);
    viewer a{*ada.ws, room};
    everyone_plays_a_turn({&a, nullptr});
    resign(ada, room);

    const auto rating = wait_for_200(s, "/api/games/" + room + "/rating");
    const cm::Rating easy = carc::server::ratings::bot_rating(carc::BotKind::easy);
    cm::Participant bot;
    bot.before = easy;
    bot.fixed = true;
    const cm::RatedGameResult expected = cm::rate_game({newcomer(0, true), bot});
    const json& changes = rating.body["changes"];
    REQUIRE(changes.size() == 2);
    CHECK(changes[1]["bot"] == "easy");
    CHECK(changes[1]["name"] == "Easy bot");
    check_value(changes[1]["before"], easy);
    check_value(changes[1]["after"], easy);
    check_value(changes[0]["after"], expected.participants[0].after);
    CHECK(expected.participants[0].after.rating < 1500);
}

TEST_CASE("a rated three-player game uses the multiplayer model, forfeits sharing the last place", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    signed_player cy = sign_up_player(s, "Cy");
    const std::string room = open_room(*ada.ws, {{"seats", 3}, {"rated", true}})["room"];
    join_room(*bob.ws, room);
    join_room(*cy.ws, room);
    start_game(*ada.ws, room);
    viewer a{*ada.ws, room};
    viewer b{*bob.ws, room};
    viewer c{*cy.ws, room};
    everyone_plays_a_turn({&a, &b, &c});
    resign(cy, room);
    resign(bob, room);

    const auto rating = wait_for_200(s, "/api/games/" + room + "/rating");
    const cm::RatedGameResult expected = cm::rate_game({newcomer(0), newcomer(0, true), newcomer(0, true)});
    REQUIRE(expected.model == cm::RatingModel::pairwise_glicko2);
    const json& changes = rating.body["changes"];
    REQUIRE(changes.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) check_value(changes[i]["after"], expected.participants[i].after);
    CHECK(changes[1]["place"] == 1);
    CHECK(changes[2]["place"] == 1);
    CHECK(changes[1]["after"]["rating"] == changes[2]["after"]["rating"]);
}

TEST_CASE("the leaderboard lists accounts with at least 10 rated games and RD at most 75", "[server][ratings]") {
    account_server s;
    const auto ada = sign_up(s.port(), "Ada", password).body["person"].get<std::string>();
    const auto bob = sign_up(s.port(), "Bob", password).body["person"].get<std::string>();
    // Ten games written as the server writes them, with a model that sets the figures: Ada ends
    // at RD 70, Bob at RD 80.
    const auto finish = [&](int i) {
        const std::string id = "lb" + std::to_string(i);
        st::NewRoom room{id, "{}", 1, std::string(64, 'a'), "x", 1, st::RoomStatus::running};
        REQUIRE(s.store->write_batch({st::BeginGameWrite{room, {}, {0, 0}}})[0].ok());
        st::FinishWrite fin;
        fin.game = {id, carc::server::unix_ms(), "carcassonne", "x", {}, "{}", nullptr};
        auto rated = std::make_shared<st::RatedGame>();
        rated->key = "carcassonne";
        rated->seats = {{0, ada, "", 0, false}, {1, bob, "", 1, false}};
        rated->rate = [](const std::vector<st::SeatRatingInput>& in) {
            std::vector<st::RatingChange> out(2);
            for (std::size_t k = 0; k < 2; ++k) {
                out[k].seat = static_cast<int>(k);
                out[k].person_id = in[k].seat.person_id;
                out[k].place = static_cast<int>(k);
                out[k].won = k == 0;
                out[k].after = k == 0 ? st::RatingValue{1700, 70, 0.06} : st::RatingValue{1300, 80, 0.06};
            }
            return out;
        };
        fin.game.rated = rated;
        REQUIRE(s.store->write_batch({fin})[0].ok());
    };
    for (int i = 0; i < 9; ++i) finish(i);
    const auto nine = call_api(s.port(), "GET", "/api/leaderboard?rules=carcassonne");
    REQUIRE(nine.status == 200);
    CHECK(nine.body["players"].empty());  // nine games are not enough
    finish(9);
    const auto ten = call_api(s.port(), "GET", "/api/leaderboard?rules=carcassonne");
    REQUIRE(ten.body["players"].size() == 1);  // Bob's RD 80 is too uncertain
    CHECK(ten.body["players"][0]["name"] == "Ada");
    CHECK(ten.body["players"][0]["rank"] == 1);
    CHECK(ten.body["players"][0]["games"] == 10);
    CHECK(ten.body["players"][0]["provisional"] == false);
    // The bots, weakest first, at their fixed ratings (docs/ratings.md, "Bots").
    const json& bots = ten.body["bots"];
    const std::pair<std::string, double> ladder[] = {{"random", 447},     {"beginner", 666}, {"greedy", 844},
                                                     {"apprentice", 1076}, {"amateur", 1285}, {"easy", 1500},
                                                     {"medium", 1686},     {"hard", 1810}};
    REQUIRE(bots.size() == std::size(ladder));
    for (std::size_t i = 0; i < bots.size(); ++i) {
        CHECK(bots[i]["bot"] == ladder[i].first);
        CHECK(bots[i]["rating"] == ladder[i].second);
    }
    CHECK(bots[1]["name"] == "Beginner bot");
    CHECK(call_api(s.port(), "GET", "/api/leaderboard?rules=castle").body["players"].empty());
    CHECK(call_api(s.port(), "GET", "/api/leaderboard?rules=carcassonne%2Btower").status == 200);
    const auto unknown = call_api(s.port(), "GET", "/api/leaderboard?rules=chess");
    CHECK(unknown.status == 400);
    CHECK(unknown.body["error"] == "bad_rules");

    // The profile: ratings per key with games and wins, the history's points, head-to-head.
    const auto profile = call_api(s.port(), "GET", "/api/players/Ada?vs=bob");
    REQUIRE(profile.status == 200);
    CHECK(profile.body["name"] == "Ada");
    REQUIRE(profile.body["ratings"].size() == 1);
    CHECK(profile.body["ratings"][0]["key"] == "carcassonne");
    CHECK(profile.body["ratings"][0]["wins"] == 10);
    CHECK(profile.body["history"].size() == 10);
    CHECK(profile.body["history"][9]["rating"] == 1700);
    CHECK(profile.body["head_to_head"]["opponent"] == "Bob");
    CHECK(profile.body["head_to_head"]["results"][0]["wins"] == 10);
    CHECK(profile.body["head_to_head"]["results"][0]["losses"] == 0);
    CHECK(call_api(s.port(), "GET", "/api/players/Nobody").status == 404);
}

TEST_CASE("a profile shows the RD grown by the time since the last rated game", "[server][ratings]") {
    account_server s;
    const auto ada = sign_up(s.port(), "Ada", password).body["person"].get<std::string>();
    const auto bob = sign_up(s.port(), "Bob", password).body["person"].get<std::string>();
    // One rated game, finished 100 rating periods (weeks) ago, left Ada at RD 70.
    const double periods = 100;
    const st::TimeMs long_ago =
        carc::server::unix_ms() - static_cast<st::TimeMs>(periods * cm::kRatingPeriodSeconds * 1000);
    st::NewRoom room{"idle1", "{}", 1, std::string(64, 'a'), "x", 1, st::RoomStatus::running};
    REQUIRE(s.store->write_batch({st::BeginGameWrite{room, {}, {0, 0}}})[0].ok());
    st::FinishWrite fin;
    fin.game = {"idle1", long_ago, "carcassonne", "x", {}, "{}", nullptr};
    auto rated = std::make_shared<st::RatedGame>();
    rated->key = "carcassonne";
    rated->seats = {{0, ada, "", 0, false}, {1, bob, "", 1, false}};
    rated->rate = [](const std::vector<st::SeatRatingInput>& in) {
        std::vector<st::RatingChange> out(2);
        for (std::size_t k = 0; k < 2; ++k) {
            out[k].seat = static_cast<int>(k);
            out[k].person_id = in[k].seat.person_id;
            out[k].place = static_cast<int>(k);
            out[k].won = k == 0;
            out[k].after = st::RatingValue{k == 0 ? 1700.0 : 1300.0, 70, 0.06};
        }
        return out;
    };
    fin.game.rated = rated;
    REQUIRE(s.store->write_batch({fin})[0].ok());

    const auto profile = call_api(s.port(), "GET", "/api/players/Ada");
    REQUIRE(profile.status == 200);
    REQUIRE(profile.body["ratings"].size() == 1);
    const json& r = profile.body["ratings"][0];
    // Glicko-2's idle step: phi' = sqrt(phi^2 + periods * sigma^2), here about 125.6.
    const double grown = cm::after_idle_periods({1700, 70, 0.06}, periods).rd;
    CHECK(grown == Approx(125.56).margin(0.01));
    CHECK(r["rd"].get<double>() == Approx(grown).margin(0.01));  // a few ms of test time at most
    CHECK(r["rd_at_last_game"] == 70);
    CHECK(r["rating"] == 1700);
    CHECK(r["provisional"] == true);  // uncertain again after two idle years
}

TEST_CASE("a rated game that ends before every player has placed a tile is not rated", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    // Bob resigns at once: nobody has moved.
    const std::string first = open_room(*ada.ws, {{"seats", 2}, {"rated", true}})["room"];
    join_room(*bob.ws, first);
    start_game(*ada.ws, first);
    resign(bob, first);
    wait_for_200(s, "/api/games/" + first);  // the record is stored
    CHECK(call_api(s.port(), "GET", "/api/games/" + first + "/rating").status == 404);
    // Ada places a tile, then Bob resigns before his first: still an abort.
    const std::string second = open_room(*ada.ws, {{"seats", 2}, {"rated", true}})["room"];
    join_room(*bob.ws, second);
    start_game(*ada.ws, second);
    viewer a{*ada.ws, second};
    a.sync();
    const int first_turn = a.view["game"]["turn"];
    for (int guard = 0; a.view["game"]["turn"] == first_turn; a.sync()) {  // a tile, maybe a follower
        REQUIRE(++guard < 10);
        REQUIRE(play_first(a)["type"] == "ack");
    }
    resign(bob, second);
    wait_for_200(s, "/api/games/" + second);
    CHECK(call_api(s.port(), "GET", "/api/games/" + second + "/rating").status == 404);
    CHECK(call_api(s.port(), "GET", "/api/players/Ada").body["ratings"].empty());
    CHECK(call_api(s.port(), "GET", "/api/players/Bob").body["ratings"].empty());
}

TEST_CASE("a rated game uses the whole pile: pile_limit is refused with a clear error", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    const json refused = ada.ws->request(
        {{"type", "create_room"}, {"seats", 2}, {"rated", true}, {"options", {{"pile_limit", 1}}}});
    CHECK(refused["code"] == "bad_settings");
    CHECK(refused["params"]["reason"] == "rated_full_pile");
    CHECK(refused["message"].get<std::string>().find("whole pile") != std::string::npos);
    // Unrated, a short pile is fine.
    CHECK(ada.ws->request({{"type", "create_room"}, {"seats", 2}, {"options", {{"pile_limit", 1}}}})["type"] ==
          "room_created");
    // A tournament of rated games with a short pile is refused too.
    const auto tournament = call_api(
        s.port(), "POST", "/api/tournaments",
        {{"name", "Quick"}, {"format", "swiss"}, {"rounds", 2}, {"game", {{"rated", true}, {"options", {{"pile_limit", 1}}}}}},
        ada.auth());
    CHECK(tournament.status == 400);
    CHECK(tournament.body["error"] == "bad_settings");
}

TEST_CASE("repeated rated games against one opponent count less: three a day", "[server][ratings]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    signed_player cy = sign_up_player(s, "Cy");
    REQUIRE(cm::kCountedGamesPerOpponentPerDay == 3);
    for (int game = 0; game < 3; ++game) {
        const std::string room = ada_beats_bob(ada, bob);
        wait_for_200(s, "/api/games/" + room + "/rating");
    }
    // The fourth game today between them is not rated: neither rating moves.
    const auto before = call_api(s.port(), "GET", "/api/players/Ada").body["ratings"][0];
    const std::string fourth = ada_beats_bob(ada, bob);
    wait_for_200(s, "/api/games/" + fourth);
    CHECK(call_api(s.port(), "GET", "/api/games/" + fourth + "/rating").status == 404);
    const auto after = call_api(s.port(), "GET", "/api/players/Ada").body["ratings"][0];
    CHECK(after["games"] == 3);
    CHECK(after["rating"] == before["rating"]);

    // With Cy at the table, the game is rated, but Ada's and Bob's result against each other is
    // left out: each is rated against Cy alone.
    const std::string room = open_room(*ada.ws, {{"seats", 3}, {"rated", true}})["room"];
    join_room(*bob.ws, room);
    join_room(*cy.ws, room);
    start_game(*ada.ws, room);
    viewer a{*ada.ws, room};
    viewer b{*bob.ws, room};
    viewer c{*cy.ws, room};
    everyone_plays_a_turn({&a, &b, &c});
    resign(cy, room);
    resign(bob, room);  // places: Ada 0, Cy and Bob share the last
    const auto rating = wait_for_200(s, "/api/games/" + room + "/rating");
    const json& changes = rating.body["changes"];
    REQUIRE(changes.size() == 3);
    std::vector<cm::Participant> expected_in(3);
    for (std::size_t i = 0; i < 3; ++i) {
        const json& b4 = changes[i]["before"];
        expected_in[i].before = {b4["rating"].get<double>(), b4["rd"].get<double>(), b4["volatility"].get<double>()};
        expected_in[i].place = changes[i]["place"];
        expected_in[i].resigned = changes[i]["resigned"];
    }
    const cm::RatedGameResult expected = cm::rate_game(expected_in, {{0, 1}});
    const cm::RatedGameResult all_counted = cm::rate_game(expected_in);
    for (std::size_t i = 0; i < 3; ++i) {
        INFO("seat " << i);
        // Idle time of a few seconds widens RD by less than 1e-6.
        CHECK(changes[i]["after"]["rating"].get<double>() == Approx(expected.participants[i].after.rating).margin(1e-4));
        CHECK(changes[i]["after"]["rd"].get<double>() == Approx(expected.participants[i].after.rd).margin(1e-4));
    }
    CHECK(std::abs(all_counted.participants[0].after.rating - expected.participants[0].after.rating) > 1);
}

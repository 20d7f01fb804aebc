// Tournaments through the real server (docs/tournaments.md): accounts create, join and start
// one over HTTP; each round's games open by themselves as rooms with the players' seats, the
// players are told, and the next round starts by itself when the last game of a round ends,
// without a pair repeated; a restart in the middle loses nothing; bad requests get clear errors.
#include <set>
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "room_openings.hpp"
#include "tournaments/tournament_rounds.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = "correct horse battery";

struct player {
    std::string name;
    std::string person;
    std::string bearer;
    std::unique_ptr<ws_client> ws;
};

carc::server::server_config tournament_config() {
    auto config = test_config();
    config.tournament_sweep = std::chrono::milliseconds(100);
    return config;
}

player account_player(account_server& s, const std::string& name) {
    const auto made = sign_up(s.port(), name, password, {{"want_token", true}});
    REQUIRE(made.status == 201);
    const std::string token = made.body["token"];
    player p{name, made.body["person"].get<std::string>(), "Bearer " + token, nullptr};
    p.ws = std::make_unique<ws_client>(s.port());
    const json welcome = p.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", token}});
    REQUIRE(welcome["account"] == name);
    return p;
}

// Says hello again with the same session after a restart.
void reconnect(account_server& s, player& p) {
    const std::string token = p.bearer.substr(7);
    p.ws = std::make_unique<ws_client>(s.port());
    const json welcome = p.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", p.name}, {"session", token}});
    REQUIRE(welcome["account"] == p.name);
}

// Polls GET /api/tournaments/ID until `ready` holds (not timed: up to 20 s on a loaded machine).
json wait_tournament(account_server& s, const std::string& id, const std::function<bool(const json&)>& ready) {
    json body;
    for (int i = 0; i < 1000; ++i) {
        const auto reply = call_api(s.port(), "GET", "/api/tournaments/" + id);
        REQUIRE(reply.status == 200);
        body = reply.body;
        if (ready(body)) return body;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    INFO(body.dump(2));
    FAIL("the tournament did not get there");
    return body;
}

bool round_open(const json& t, int round) {
    return t["round"] == round && t["tables"].size() >= static_cast<std::size_t>(round);
}

player& by_person(std::vector<player>& players, const std::string& person) {
    for (auto& p : players)
        if (p.person == person) return p;
    FAIL("no such player " << person);
    return players.front();
}

// In every game of `round`, the player in seat 0 resigns, so seat 1 wins.
void finish_round(account_server& s, const json& t, int round, std::vector<player>& players) {
    for (const json& table : t["tables"][round - 1]) {
        if (table["bye"].get<bool>()) continue;
        const std::string room = table["room"];
        // The round is stored before its rooms open: wait for this one (not timed: up to 20 s).
        for (int i = 0; i < 1000 && !s.state().rooms.find(room); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        REQUIRE(s.state().rooms.find(room) != nullptr);
        player& loser = by_person(players, table["players"][0]["person"]);
        join_room(*loser.ws, room);
        REQUIRE(loser.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    }
}

std::set<std::pair<std::string, std::string>> pairs_of(const json& t) {
    std::set<std::pair<std::string, std::string>> pairs;
    for (const json& round : t["tables"]) {
        for (const json& table : round) {
            if (table["bye"].get<bool>()) continue;
            std::string a = table["players"][0]["person"], b = table["players"][1]["person"];
            const auto [inserted, fresh] = pairs.insert(std::minmax(a, b));
            CHECK(fresh);  // never the same pair twice
        }
    }
    return pairs;
}

std::string create_swiss(account_server& s, const player& creator, int rounds) {
    const auto made = call_api(s.port(), "POST", "/api/tournaments",
                               {{"name", "Club night"}, {"format", "swiss"}, {"rounds", rounds}}, creator.bearer);
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    CHECK(made.body["status"] == "open");
    CHECK(made.body["standings"].size() == 1);  // the creator plays
    return made.body["id"];
}

}  // namespace

TEST_CASE("a Swiss tournament's rounds start by themselves as their games finish", "[server][tournaments]") {
    account_server s(tournament_config());
    std::vector<player> players;
    for (const char* name : {"Ada", "Bob", "Cy", "Dee"}) players.push_back(account_player(s, name));
    const std::string id = create_swiss(s, players[0], 2);
    for (std::size_t i = 1; i < players.size(); ++i)
        REQUIRE(call_api(s.port(), "POST", "/api/tournaments/" + id + "/join", json::object(), players[i].bearer).status == 200);
    CHECK(call_api(s.port(), "POST", "/api/tournaments/" + id + "/start", json::object(), players[1].bearer).status == 403);
    const auto started = call_api(s.port(), "POST", "/api/tournaments/" + id + "/start", json::object(), players[0].bearer);
    INFO(started.body.dump());
    REQUIRE(started.status == 200);

    json t = wait_tournament(s, id, [](const json& now) { return round_open(now, 1); });
    REQUIRE(t["tables"][0].size() == 2);
    // Each player is told of their game.
    for (auto& p : players) {
        const auto notice = p.ws->wait_type("tournament_round");
        REQUIRE(notice);
        CHECK((*notice)["tournament"] == id);
        CHECK((*notice)["round"] == 1);
    }
    finish_round(s, t, 1, players);

    t = wait_tournament(s, id, [](const json& now) { return round_open(now, 2); });
    REQUIRE(t["tables"][1].size() == 2);
    CHECK(t["status"] == "running");
    // Round 2 pairs the two winners together and the two losers together: score groups.
    for (const json& table : t["tables"][1]) {
        std::set<double> points;
        for (const json& p : table["players"])
            for (const json& row : t["standings"])
                if (row["person"] == p["person"]) points.insert(row["points"].get<double>());
        CHECK(points.size() == 1);
    }
    finish_round(s, t, 2, players);

    t = wait_tournament(s, id, [](const json& now) { return now["status"] == "finished"; });
    CHECK(pairs_of(t).size() == 4);
    const json& standings = t["standings"];
    REQUIRE(standings.size() == 4);
    CHECK(standings[0]["points"] == 2.0);  // won both
    CHECK(standings[0]["rank"] == 1);
    CHECK(standings[3]["points"] == 0.0);
}

TEST_CASE("a tournament survives a restart in the middle of a round", "[server][tournaments]") {
    account_server s(tournament_config());
    std::vector<player> players;
    for (const char* name : {"Ada", "Bob", "Cy"}) players.push_back(account_player(s, name));
    const std::string id = create_swiss(s, players[0], 2);
    for (std::size_t i = 1; i < players.size(); ++i)
        REQUIRE(call_api(s.port(), "POST", "/api/tournaments/" + id + "/join", json::object(), players[i].bearer).status == 200);
    REQUIRE(call_api(s.port(), "POST", "/api/tournaments/" + id + "/start", json::object(), players[0].bearer).status == 200);
    json t = wait_tournament(s, id, [](const json& now) {
        return round_open(now, 1) && now["tables"][0].size() == 2;  // a game and a bye
    });
    const std::string room = t["tables"][0][0]["room"];
    wait_tournament(s, id, [&](const json&) { return s.state().rooms.find(room) != nullptr; });
    // Cy's bye is told at once, the game's players once its room is open.
    for (auto& p : players) REQUIRE(p.ws->wait_type("tournament_round"));

    // Restart: the game comes back from the store, the tournament from its tables.
    for (auto& p : players) p.ws.reset();
    s.server.reset();
    s.server = std::make_unique<test_server>(tournament_config(), s.stores);
    for (auto& p : players) reconnect(s, p);
    REQUIRE(s.state().rooms.find(room) != nullptr);
    t = wait_tournament(s, id, [](const json& now) { return round_open(now, 1); });
    finish_round(s, t, 1, players);

    t = wait_tournament(s, id, [](const json& now) { return round_open(now, 2); });
    REQUIRE(t["tables"][1].size() == 2);
    int byes = 0;
    std::set<std::string> had_bye;
    for (const json& round : t["tables"])
        for (const json& table : round)
            if (table["bye"].get<bool>()) {
                ++byes;
                CHECK(had_bye.insert(table["players"][0]["person"]).second);  // one bye each at most
            }
    CHECK(byes == 2);
    pairs_of(t);
}

TEST_CASE("late join, withdrawal and refusals with clear messages", "[server][tournaments]") {
    account_server s(tournament_config());
    player ada = account_player(s, "Ada");
    player bob = account_player(s, "Bob");
    const auto post = [&](const std::string& target, const json& body, const player& who) {
        return call_api(s.port(), "POST", target, body, who.bearer);
    };
    CHECK(call_api(s.port(), "POST", "/api/tournaments", {{"name", "x"}, {"rounds", 2}}).status == 401);
    CHECK(post("/api/tournaments", {{"name", "x"}, {"format", "swiss"}, {"rounds", 0}}, ada).body["error"] == "bad_field");
    CHECK(post("/api/tournaments", {{"name", "x"}, {"format", "knockout"}}, ada).body["error"] == "bad_field");
    CHECK(post("/api/tournaments", {{"name", "x"}, {"format", "round_robin"}, {"table_size", 6}}, ada).body["error"] ==
          "bad_field");
    CHECK(post("/api/tournaments", {{"name", "x"}, {"format", "round_robin"}, {"table_size", 3}, {"game", {{"rules", "castle"}}}},
               ada).body["error"] == "bad_settings");  // The Castle is for two
    CHECK(post("/api/tournaments", {{"name", ""}, {"rounds", 2}}, ada).status == 400);
    CHECK(call_api(s.port(), "GET", "/api/tournaments/nope").status == 404);

    const auto made = post("/api/tournaments",
                           {{"name", "Turn-based club"}, {"format", "round_robin"}, {"table_size", 3},
                            {"game", {{"move_time_s", 86400}}}},
                           ada);
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    const std::string id = made.body["id"];
    CHECK(made.body["game"]["move_time_s"] == 86400);
    CHECK(post("/api/tournaments/" + id + "/start", json::object(), ada).body["error"] == "too_few_players");
    CHECK(post("/api/tournaments/" + id + "/join", json::object(), ada).body["error"] == "already_joined");
    CHECK(post("/api/tournaments/" + id + "/withdraw", json::object(), bob).body["error"] == "not_in_tournament");
    REQUIRE(post("/api/tournaments/" + id + "/join", json::object(), bob).status == 200);
    const auto withdrawn = post("/api/tournaments/" + id + "/withdraw", json::object(), bob);
    REQUIRE(withdrawn.status == 200);
    bool bob_withdrawn = false;
    for (const json& row : withdrawn.body["standings"])
        if (row["name"] == "Bob") bob_withdrawn = row["withdrawn"].get<bool>();
    CHECK(bob_withdrawn);
    CHECK(post("/api/tournaments/" + id + "/start", json::object(), ada).body["error"] == "too_few_players");
    REQUIRE(post("/api/tournaments/" + id + "/join", json::object(), bob).status == 200);  // back
    player cy = account_player(s, "Cy");
    REQUIRE(post("/api/tournaments/" + id + "/join", json::object(), cy).status == 200);
    REQUIRE(post("/api/tournaments/" + id + "/start", json::object(), ada).status == 200);
    json t = wait_tournament(s, id, [](const json& now) { return round_open(now, 1); });
    REQUIRE(t["tables"][0].size() == 1);  // three players at one table
    CHECK(t["tables"][0][0]["players"].size() == 3);
    CHECK(post("/api/tournaments/" + id + "/start", json::object(), ada).body["error"] == "already_started");
    // A late joiner enters from the next round with no points.
    player dee = account_player(s, "Dee");
    const auto late = post("/api/tournaments/" + id + "/join", json::object(), dee);
    REQUIRE(late.status == 200);
    for (const json& row : late.body["standings"])
        if (row["name"] == "Dee") {
            CHECK(row["joined_round"] == 1);
            CHECK(row["points"] == 0.0);
        }
    const auto listed = call_api(s.port(), "GET", "/api/tournaments");
    REQUIRE(listed.status == 200);
    CHECK(listed.body["tournaments"].size() == 1);
}

TEST_CASE("a finished game's places: finishers by score, forfeits after them", "[server][tournaments]") {
    namespace tn = carc::server::tournaments;
    CHECK(tn::places_of_record({{"result", {{"scores", {10, 30, 30}}, {"resigned", json::array()}}}}) ==
          std::vector<int>{2, 0, 0});
    CHECK(tn::places_of_record({{"result", {{"scores", {50, 30}}, {"resigned", {0}}}}}) == std::vector<int>{1, 0});
    CHECK_FALSE(tn::places_of_record({{"result", nullptr}}).has_value());
}

TEST_CASE("a tournament with a start time starts by itself", "[server][tournaments]") {
    account_server s(tournament_config());
    player ada = account_player(s, "Ada");
    player bob = account_player(s, "Bob");
    // Half a second ahead: created and joined before it (the poll below waits for the start).
    const auto made = call_api(s.port(), "POST", "/api/tournaments",
                               {{"name", "At eight"}, {"format", "round_robin"}, {"starts_at_ms", carc::server::unix_ms() + 500}},
                               ada.bearer);
    REQUIRE(made.status == 201);
    const std::string id = made.body["id"];
    REQUIRE(call_api(s.port(), "POST", "/api/tournaments/" + id + "/join", json::object(), bob.bearer).status == 200);
    const json t = wait_tournament(s, id, [](const json& now) { return round_open(now, 1); });
    CHECK(t["status"] == "running");
    REQUIRE(t["tables"][0].size() == 1);
    CHECK(t["tables"][0][0]["players"].size() == 2);
}

TEST_CASE("a refused creation creates nothing", "[server][tournaments]") {
    account_server s(tournament_config());
    player ada = account_player(s, "Ada");
    const auto refused = call_api(s.port(), "POST", "/api/tournaments",
                                  {{"name", "Maybe night"}, {"rounds", 2}, {"play", "maybe"}}, ada.bearer);
    CHECK(refused.status == 400);
    CHECK(refused.body["error"] == "bad_field");
    CHECK(refused.body["message"] == "play: true or false");
    const auto bad_format = call_api(s.port(), "POST", "/api/tournaments",
                                     {{"name", "Odd night"}, {"rounds", 2}, {"format", 7}}, ada.bearer);
    CHECK(bad_format.status == 400);
    CHECK(bad_format.body["error"] == "bad_field");
    const auto listed = call_api(s.port(), "GET", "/api/tournaments");
    REQUIRE(listed.status == 200);
    CHECK(listed.body["tournaments"] == json::array());
    // "play": false is a choice, not a refusal: made, without its creator.
    const auto watching = call_api(s.port(), "POST", "/api/tournaments",
                                   {{"name", "Watched night"}, {"rounds", 2}, {"play", false}}, ada.bearer);
    REQUIRE(watching.status == 201);
    CHECK(watching.body["standings"] == json::array());
}

TEST_CASE("tournaments are capped per creator and on the server, with a clear refusal", "[server][tournaments]") {
    auto config = tournament_config();
    config.max_tournaments_per_person = 2;
    config.max_open_tournaments = 3;
    account_server s(config);
    player ada = account_player(s, "Ada");
    player bob = account_player(s, "Bob");
    const auto create = [&](const player& who, const std::string& name) {
        return call_api(s.port(), "POST", "/api/tournaments", {{"name", name}, {"rounds", 2}}, who.bearer);
    };
    REQUIRE(create(ada, "One").status == 201);
    const std::string second = create(ada, "Two").body["id"];
    const auto third = create(ada, "Three");
    CHECK(third.status == 429);
    CHECK(third.body["error"] == "too_many_tournaments");
    CHECK(third.body["per"] == "person");
    CHECK(third.body["limit"] == 2);
    CHECK(third.body["message"] == "you have 2 unfinished tournaments, the most one may; wait until one ends");
    REQUIRE(create(bob, "Bob's").status == 201);
    const auto full = create(bob, "Bob's second");
    CHECK(full.status == 429);
    CHECK(full.body["per"] == "server");
    CHECK(full.body["limit"] == 3);
    CHECK(call_api(s.port(), "GET", "/api/tournaments").body["tournaments"].size() == 3);
    // A finished tournament counts no more.
    REQUIRE(s.stores.tournaments->finish_tournament(second, 0).value());
    CHECK(create(ada, "Three").status == 201);
}

// A person's own data through the real server (docs/accounts.md, "Your own data"), on SQLite and
// on PostgreSQL: the export's JSON equals what the store holds and holds no secret; deleting the
// account needs the password, ends its sessions, resigns its running game, replaces its name in
// old records and holds the name for a while; exports are limited per account.
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "store_backends.hpp"
#include "http/own_data.hpp"
#include "base/config.hpp"
#include "carc/storage/personal_data_store.hpp"
#include "carc/storage/rating_store.hpp"
#include "persist_driver.hpp"
#include "room_openings.hpp"
#include "wait_until.hpp"

using namespace carc::test;
namespace st = carc::storage;

namespace {

constexpr const char* password = "correct horse battery";

// Ada and Bob (accounts) play a rated game, Ada chats in it, Bob resigns: a finished game with
// ratings, statistics and a chat line. Its room id.
std::string finished_game(account_server& s, signed_player& ada, signed_player& bob) {
    const std::string room = open_room(*ada.ws, {{"seats", 2}, {"rated", true}})["room"];
    join_room(*bob.ws, room);
    start_game(*ada.ws, room);
    viewer a{*ada.ws, room};
    viewer b{*bob.ws, room};
    everyone_plays_a_turn({&a, &b});
    REQUIRE(ada.ws->request({{"type", "chat"}, {"room", room}, {"text", "good luck, Bob"}})["type"] == "ack");
    REQUIRE(bob.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    wait_until([&] { return call_api(s.port(), "GET", "/api/games/" + room + "/rating").status == 200; });
    return room;
}

void export_matches_the_store(backend kind) {
    auto s = server_on(kind, "own_data_");
    signed_player ada = sign_up_player(*s, "Ada");
    signed_player bob = sign_up_player(*s, "Bob");
    signed_player cy = sign_up_player(*s, "Cy");
    const auto browser = sign_in(s->port(), "Ada", password);  // a second session, a browser's
    REQUIRE(browser.status == 200);
    REQUIRE(call_api(s->port(), "PUT", "/api/me/follows/Bob", nullptr, ada.auth()).status == 200);
    REQUIRE(call_api(s->port(), "PUT", "/api/me/follows/Ada", nullptr, cy.auth()).status == 200);
    REQUIRE(call_api(s->port(), "PUT", "/api/me/blocks/Cy", nullptr, ada.auth()).status == 200);
    REQUIRE(call_api(s->port(), "PUT", "/api/me/follows/Ada", nullptr, bob.auth()).status == 200);
    REQUIRE(call_api(s->port(), "PATCH", "/api/me", {{"auto_vacation", false}, {"language", "ru"}}, ada.auth()).status ==
            200);
    const std::string room = finished_game(*s, ada, bob);
    // Ada reports Cy's chat line; Bob reports Ada, which her export never shows.
    REQUIRE(call_api(s->port(), "POST", "/api/reports",
                     {{"name", "Cy"}, {"reason", "spam"}, {"note", "adverts"}, {"room", room},
                      {"chat", {{"text", "buy gold"}, {"time", 1234}}}},
                     ada.auth())
                .status == 201);
    REQUIRE(call_api(s->port(), "POST", "/api/reports", {{"name", "Ada"}, {"reason", "abuse"}}, bob.auth()).status == 201);
    auto& stores = s->stores;
    wait_until([&] { return stores.personal_data->chat_lines_of(ada.person)->size() == 1; });

    const auto exported = call_api(s->port(), "GET", "/api/me/export", nullptr, ada.auth());
    INFO(exported.body.dump());
    REQUIRE(exported.status == 200);
    CHECK(exported.headers.at("content-disposition") == "attachment; filename=\"carc-personal-data.json\"");
    const json& e = exported.body;
    CHECK(e["format"] == "carc-personal-data");
    CHECK(e["format_version"] == 1);

    const st::AccountRecord account = **s->accounts().account_of(ada.person);
    CHECK(e["account"] == json{{"person", ada.person}, {"name", "Ada"}, {"created_ms", account.created_at_ms},
                               {"email", nullptr}, {"email_confirmed", false}});
    CHECK(e["settings"]["auto_vacation"] == false);
    CHECK(e["settings"]["webhook"] == nullptr);
    CHECK(e["settings"]["language"] == "ru");

    const auto sessions = *s->accounts().sessions_of(ada.person);
    REQUIRE(sessions.size() == 2);
    REQUIRE(e["sessions"].size() == 2);
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        CHECK(e["sessions"][i]["id"] == sessions[i].public_id);
        CHECK(e["sessions"][i]["device"] == sessions[i].device);
        CHECK(e["sessions"][i]["kind"] == sessions[i].kind);
        CHECK(e["sessions"][i]["address"] == "127.0.0.1");  // where each signed in from
        CHECK(e["sessions"][i]["created_ms"] == sessions[i].created_at_ms);
    }

    REQUIRE(e["games"].size() == 1);
    CHECK(e["games"][0]["room"] == room);
    CHECK(e["games"][0]["status"] == "finished");
    CHECK(e["games"][0]["seat"] == 0);
    CHECK(e["games"][0]["record"] == call_api(s->port(), "GET", "/api/games/" + room).body);

    const auto lines = *stores.personal_data->chat_lines_of(ada.person);
    REQUIRE(e["chat"].size() == 1);
    CHECK(e["chat"][0] == json{{"room", room}, {"seat", 0}, {"name", "Ada"}, {"text", "good luck, Bob"},
                               {"time_ms", lines[0].time_ms}});

    const auto ratings = *stores.ratings->ratings_of(ada.person);
    REQUIRE(ratings.size() == 1);
    REQUIRE(e["ratings"].size() == 1);
    CHECK(e["ratings"][0]["key"] == ratings[0].key);
    CHECK(e["ratings"][0]["games"] == 1);
    CHECK(e["ratings"][0]["rating"].get<double>() == Approx(ratings[0].value.rating));
    const auto history = *stores.ratings->rating_history(ada.person, 100);
    REQUIRE(e["rating_changes"].size() == history.size());
    CHECK(e["rating_changes"][0]["game"] == room);
    CHECK(e["rating_changes"][0]["won"] == true);
    REQUIRE(e["stats"].size() == 1);
    CHECK(e["stats"][0]["games"] == 1);

    CHECK(e["follows"] == json::array({"Bob"}));
    CHECK(e["followers"] == json::array({"Bob"}));  // Cy's follow ended with the block
    CHECK(e["blocks"] == json::array({"Cy"}));
    const auto made = *stores.moderation->reports_made_by(ada.person);
    REQUIRE(made.size() == 1);
    REQUIRE(e["reports"].size() == 1);
    CHECK(e["reports"][0] == json{{"id", made[0].id},
                                  {"reported", "Cy"},
                                  {"reason", "spam"},
                                  {"note", "adverts"},
                                  {"room", room},
                                  {"chat_line", "buy gold"},
                                  {"made_ms", made[0].made_at_ms},
                                  {"closed_ms", nullptr},
                                  {"closing_note", ""}});

    // No secret: neither session's token or its hash, the password hash, the reconnect token's hash.
    const std::string text = e.dump();
    CHECK(text.find(ada.token) == std::string::npos);
    CHECK(text.find(browser.cookie()) == std::string::npos);
    for (const auto& session : sessions) CHECK(text.find(session.secret_hash.hex()) == std::string::npos);
    CHECK(text.find(account.person_token_hash.hex()) == std::string::npos);
    CHECK(text.find("argon2") == std::string::npos);
    CHECK(text.find(password) == std::string::npos);

    // Signed out, there is nothing to export.
    CHECK(call_api(s->port(), "GET", "/api/me/export").status == 401);
}

void deletion_replaces_the_name(backend kind) {
    auto s = server_on(kind, "own_data_");
    signed_player ada = sign_up_player(*s, "Ada");
    signed_player bob = sign_up_player(*s, "Bob");
    signed_player cy = sign_up_player(*s, "Cy");
    REQUIRE(call_api(s->port(), "PUT", "/api/me/follows/Ada", nullptr, bob.auth()).status == 200);
    const std::string old_room = finished_game(*s, ada, bob);
    // A game still running against Cy.
    const std::string running = open_room(*ada.ws, {{"seats", 2}})["room"];
    join_room(*cy.ws, running);
    start_game(*ada.ws, running);

    // The password is needed, and a wrong one refused.
    CHECK(call_api(s->port(), "DELETE", "/api/me", json::object(), ada.auth()).body["error"] == "password_required");
    CHECK(call_api(s->port(), "DELETE", "/api/me", {{"password", "not the password"}}, ada.auth()).body["error"] ==
          "wrong_password");
    CHECK(call_api(s->port(), "GET", "/api/me", nullptr, ada.auth()).status == 200);

    const auto deleted = call_api(s->port(), "DELETE", "/api/me", {{"password", password}}, ada.auth());
    INFO(deleted.body.dump());
    REQUIRE(deleted.status == 200);
    CHECK(deleted.body == json{{"deleted", true}, {"rooms_left", 1}});
    CHECK(deleted.cookie().empty());

    // Sessions end: the token is unknown, the socket closed, the password signs in no more.
    CHECK(call_api(s->port(), "GET", "/api/me", nullptr, ada.auth()).status == 401);
    REQUIRE(ada.ws->wait_closed(std::chrono::seconds(10)));
    CHECK(ada.ws->close_code() == carc::server::accounts::session_ended_close_code);
    CHECK(sign_in(s->port(), "Ada", password).status == 401);

    // The running game: Ada's seat resigned, so Cy won, and its record shows the replacement name.
    const json running_record = [&] {
        api_reply r;
        wait_until([&] {
            r = call_api(s->port(), "GET", "/api/games/" + running);
            // Finished, and stored (the store's record is served from then on).
            return r.status == 200 && r.body["status"] == "finished" && r.body["players"][0]["name"] != "Ada";
        });
        return r.body;
    }();
    CHECK(running_record["players"][0]["name"] == "deleted player");
    CHECK(running_record["players"][0]["resigned"] == true);
    CHECK(running_record["players"][1]["name"] == "Cy");

    // The old game keeps its moves; its record, its players and its rating changes show the new name.
    const json old_record = call_api(s->port(), "GET", "/api/games/" + old_room).body;
    CHECK(old_record["players"][0]["name"] == "deleted player");
    CHECK(old_record["players"][1]["name"] == "Bob");
    CHECK_FALSE(old_record["actions"].empty());
    const json listed = call_api(s->port(), "GET", "/api/games").body;
    bool found = false;
    for (const json& g : listed["finished"])
        if (g["id"] == old_room) {
            found = true;
            CHECK(g["players"][0]["name"] == "deleted player");
        }
    CHECK(found);
    const json rated = call_api(s->port(), "GET", "/api/games/" + old_room + "/rating").body;
    CHECK(rated.dump().find("\"Ada\"") == std::string::npos);
    CHECK(rated.dump().find("deleted player") != std::string::npos);

    // What was only Ada's is gone: follows, ratings, chat lines; her profile is not found.
    CHECK(call_api(s->port(), "GET", "/api/me/friends", nullptr, bob.auth()).body["following"] == json::array());
    CHECK(s->stores.ratings->ratings_of(ada.person)->empty());
    CHECK(s->stores.personal_data->chat_lines_of(ada.person)->empty());
    CHECK(call_api(s->port(), "GET", "/api/players/Ada").status == 404);

    // The name stays taken (any look-alike too) for the hold.
    CHECK(sign_up(s->port(), "Ada", password).body["error"] == "name_taken");
    CHECK(sign_up(s->port(), "ADA", password).body["error"] == "name_taken");
    // Deleting twice finds nothing.
    CHECK(call_api(s->port(), "DELETE", "/api/me", {{"password", password}}, ada.auth()).status == 401);
}

}  // namespace

TEST_CASE("own data on SQLite: the export's JSON is what the server holds, with no secret", "[server][own_data]") {
    export_matches_the_store(backend::sqlite);
}

TEST_CASE("own data on PostgreSQL: the export's JSON is what the server holds, with no secret",
          "[server][own_data][postgres]") {
    export_matches_the_store(backend::postgres);
}

TEST_CASE("own data on SQLite: a deleted account's sessions end, its running game is resigned, old records "
          "show the replacement name, the name is held",
          "[server][own_data]") {
    deletion_replaces_the_name(backend::sqlite);
}

TEST_CASE("own data on PostgreSQL: a deleted account's sessions end, its running game is resigned, old records "
          "show the replacement name, the name is held",
          "[server][own_data][postgres]") {
    deletion_replaces_the_name(backend::postgres);
}

TEST_CASE("own data: a deleted name is free again once the hold has passed", "[server][own_data]") {
    auto config = test_config();
    config.accounts.deleted_name_hold = std::chrono::hours(0);
    account_server s(config);
    signed_player ada = sign_up_player(s, "Ada");
    REQUIRE(call_api(s.port(), "DELETE", "/api/me", {{"password", password}}, ada.auth()).status == 200);
    const auto again = sign_up(s.port(), "Ada", "another good password");
    CHECK(again.status == 201);
    CHECK(again.body["person"] != ada.person);
}

TEST_CASE("own data: exports are limited per account, three an hour, then 429 with Retry-After", "[server][own_data]") {
    account_server s;
    auto now = carc::server::accounts::account_service::clock::now();
    s.state().accounts->set_clock([&now] { return now; });
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    for (int i = 0; i < 3; ++i) REQUIRE(call_api(s.port(), "GET", "/api/me/export", nullptr, ada.auth()).status == 200);
    const auto refused = call_api(s.port(), "GET", "/api/me/export", nullptr, ada.auth());
    CHECK(refused.status == 429);
    CHECK(refused.body["error"] == "rate_limited");
    CHECK(refused.headers.at("retry-after") == "3600");
    // Another account is not limited by Ada's exports.
    CHECK(call_api(s.port(), "GET", "/api/me/export", nullptr, bob.auth()).status == 200);
    now += std::chrono::hours(1);
    CHECK(call_api(s.port(), "GET", "/api/me/export", nullptr, ada.auth()).status == 200);
}

TEST_CASE("own data: the flags --deleted-name-days (0 or more) and --exports-per-hour (positive)", "[server][own_data]") {
    const auto parse = [](std::vector<std::string> args) {
        args.insert(args.begin(), "carc-server");
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        return carc::server::parse_command_line(static_cast<int>(argv.size()), argv.data());
    };
    const auto defaults = parse({});
    REQUIRE(defaults.config.has_value());
    CHECK(defaults.config->accounts.deleted_name_hold == std::chrono::hours(30 * 24));
    CHECK(defaults.config->accounts.exports_per_hour == 3);
    const auto parsed = parse({"--deleted-name-days", "0", "--exports-per-hour", "10"});
    REQUIRE(parsed.config.has_value());
    CHECK(parsed.config->accounts.deleted_name_hold == std::chrono::hours(0));
    CHECK(parsed.config->accounts.exports_per_hour == 10);
    CHECK(parse({"--deleted-name-days", "-1"}).exit_code == 2);
    CHECK(parse({"--exports-per-hour", "0"}).exit_code == 2);
}

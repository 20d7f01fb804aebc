// Accounts over WebSocket (docs/accounts.md): a socket opened with the cookie, or whose hello
// carries the session token, is the account; the cookie needs our Origin; an ended session's
// open socket is closed; one person on several connections gets every room message on each; a
// guest who signs up keeps their running game; my_games lists it.
#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "room_openings.hpp"
#include "upgrade_status.hpp"

using namespace carc::test;

namespace {

constexpr const char* password = "correct horse battery";

json session_hello(ws_client& c, const std::string& secret) {
    return c.request({{"type", "hello"}, {"protocol", 1}, {"name", "ignored"}, {"session", secret}});
}

std::map<std::string, std::string> cookie_headers(const account_server& s, const std::string& secret) {
    return {{"Cookie", "carc_session=" + secret}, {"Origin", s.origin()}};
}

}  // namespace

TEST_CASE("a socket opened with the cookie is the account, the cookie needs this site's Origin", "[server][accounts]") {
    account_server s;
    const auto made = sign_up(s.port(), "Ada", password);
    REQUIRE(made.status == 201);

    ws_client browser(s.port(), cookie_headers(s, made.cookie()));
    const json welcome = browser.hello("Someone else");
    INFO(welcome.dump());
    REQUIRE(welcome["type"] == "welcome");
    CHECK(welcome["account"] == "Ada");
    CHECK(welcome["name"] == "Ada");
    CHECK(welcome["person"] == made.body["person"]);

    // Cross-site WebSocket hijacking: another page's upgrade carrying the cookie is refused.
    CHECK(upgrade_status(s.port(), {{"Cookie", "carc_session=" + made.cookie()}, {"Origin", "https://evil.example"}}) == 403);
    CHECK(upgrade_status(s.port(), {{"Cookie", "carc_session=" + made.cookie()}}) == 403);
    // Without the cookie nothing changes: guests connect from anywhere, as before.
    CHECK(upgrade_status(s.port(), {{"Origin", "https://evil.example"}}) == 101);
}

TEST_CASE("hello with the session token signs in, forged or ended sessions get unknown_session", "[server][accounts]") {
    account_server s;
    REQUIRE(sign_up(s.port(), "Ada", password).status == 201);
    const auto term = sign_in(s.port(), "Ada", password, {{"want_token", true}});
    const std::string token = term.body["token"];

    ws_client c(s.port());
    const json welcome = session_hello(c, token);
    CHECK(welcome["type"] == "welcome");
    CHECK(welcome["account"] == "Ada");

    ws_client forged(s.port());
    const json refused = session_hello(forged, std::string(64, 'f'));
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "unknown_session");
    // The connection may still say hello as a guest.
    CHECK(forged.hello("Guest")["type"] == "welcome");

    // A stale cookie leaves the browser a guest.
    ws_client stale(s.port(), cookie_headers(s, std::string(64, 'e')));
    const json guest = stale.hello("Guest");
    CHECK(guest["type"] == "welcome");
    CHECK_FALSE(guest.contains("account"));
}

TEST_CASE("ending a session closes its open sockets, signing out too", "[server][accounts]") {
    account_server s;
    const std::string phone = sign_up(s.port(), "Ada", password).cookie();
    const auto laptop = sign_in(s.port(), "Ada", password, {{"want_token", true}});
    const std::string laptop_token = laptop.body["token"];

    ws_client on_laptop(s.port());
    REQUIRE(session_hello(on_laptop, laptop_token)["type"] == "welcome");
    ws_client on_phone(s.port(), cookie_headers(s, phone));
    REQUIRE(on_phone.hello("Ada")["type"] == "welcome");

    // From the phone: end the laptop's session. Its socket closes (4003); the phone's stays.
    REQUIRE(call_api(s.port(), "DELETE", "/api/me/sessions/" + laptop.body["session"].get<std::string>(), nullptr,
                     phone).status == 200);
    REQUIRE(on_laptop.wait_closed(std::chrono::seconds(5)));
    CHECK(on_laptop.close_code() == 4003);
    CHECK(on_phone.request({{"type", "list_rooms"}})["type"] == "lobby");

    // Signing out on the phone closes the phone's socket.
    REQUIRE(call_api(s.port(), "POST", "/api/sessions/end", json::object(), phone).status == 200);
    REQUIRE(on_phone.wait_closed(std::chrono::seconds(5)));
    CHECK(on_phone.close_code() == 4003);
}

TEST_CASE("a session ended behind the node's back is found by the sweep and its socket closed", "[server][accounts]") {
    account_server s;
    const auto made = sign_up(s.port(), "Ada", password, {{"want_token", true}});
    ws_client c(s.port());
    REQUIRE(session_hello(c, made.body["token"])["type"] == "welcome");
    // As another node would: straight in the store, no word to this node.
    REQUIRE(s.accounts().end_session(made.body["person"].get<std::string>(), made.body["session"].get<std::string>()).ok());
    REQUIRE(c.wait_closed(std::chrono::seconds(5)));
    CHECK(c.close_code() == 4003);
}

TEST_CASE("one person on two connections: both stay open and both get the room's messages", "[server][accounts]") {
    account_server s;
    ws_client ada(s.port());
    ws_client bob(s.port());
    const two_player_game game = seat_two_players(ada, bob);
    ws_client ada_tab(s.port());
    const json second = greet(ada_tab, "Ada", game.ada_token);
    CHECK(second["rooms"] == json::array({game.room}));

    ada.request({{"type", "chat"}, {"room", game.room}, {"text", "hello from tab one"}});
    const auto is_chat = [](const json& m) { return m["type"] == "chat" && m["text"] == "hello from tab one"; };
    CHECK(ada_tab.wait_for(is_chat).has_value());
    CHECK(bob.wait_for(is_chat).has_value());
    CHECK_FALSE(ada.wait_closed(std::chrono::milliseconds(0)));

    // One tab going leaves the person online in the room: Bob sees no one go offline.
    ada_tab.close();
    ada.request({{"type", "chat"}, {"room", game.room}, {"text", "still here"}});
    const auto msg = bob.wait_for([](const json& m) { return m["type"] == "chat" && m["text"] == "still here"; });
    CHECK(msg.has_value());
    const json snapshot = bob.request({{"type", "snapshot"}, {"room", game.room}});
    bool ada_online = false;
    for (const auto& seat : snapshot["view"]["room"]["seats"])
        if (seat.value("name", "") == "Ada") ada_online = seat.value("online", false);
    CHECK(ada_online);
}

TEST_CASE("a guest who signs up keeps their running game, my_games lists it, your turn first", "[server][accounts]") {
    account_server s;
    ws_client ada(s.port());
    ws_client bob(s.port());
    const two_player_game game = start_two_player_game(ada, bob);
    const json ada_view = ada.request({{"type", "snapshot"}, {"room", game.room}});
    const std::string ada_person = ada_view["view"]["room"]["seats"][0]["person"];

    const auto made = sign_up(s.port(), "Ada", password, {{"token", game.ada_token}, {"want_token", true}});
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    CHECK(made.body["person"] == ada_person);
    CHECK(made.body["name"] == "Ada");

    // A new device signs in with the account: same person, the game is theirs.
    ws_client phone(s.port());
    const json welcome = session_hello(phone, made.body["token"]);
    REQUIRE(welcome["type"] == "welcome");
    CHECK(welcome["rooms"] == json::array({game.room}));
    CHECK(welcome["person"] == ada_person);
    const auto phone_view = phone.wait_type("snapshot");
    REQUIRE(phone_view.has_value());
    CHECK((*phone_view)["room"] == game.room);

    const auto listed = call_api(s.port(), "GET", "/api/me/games", nullptr, "Bearer " + made.body["token"].get<std::string>());
    INFO(listed.body.dump());
    REQUIRE(listed.status == 200);
    REQUIRE(listed.body["games"].size() == 1);
    const json& g = listed.body["games"][0];
    CHECK(g["room"] == game.room);
    CHECK(g["status"] == "playing");
    CHECK(g["seat"] == 0);
    CHECK(g["your_turn"] == true);  // seat 0 moves first
    CHECK(g["deadline_ms"].is_null());  // no clock in this game
    // The guest's own connection plays on.
    CHECK(ada.request({{"type", "legal_placements"}, {"room", game.room}})["type"] == "legal_placements");
}

TEST_CASE("my_games for a guest lists their seats too, waiting rooms included", "[server][accounts]") {
    account_server s;
    ws_client ada(s.port());
    ws_client bob(s.port());
    const two_player_game game = seat_two_players(ada, bob);
    const json mine = ada.request({{"type", "my_games"}});
    REQUIRE(mine["type"] == "my_games");
    REQUIRE(mine["games"].size() == 1);
    CHECK(mine["games"][0]["status"] == "waiting");
    CHECK(mine["games"][0]["your_turn"] == false);
    CHECK(mine["games"][0]["deadline_ms"].is_null());
}

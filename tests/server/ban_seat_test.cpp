// A banned player's running game (docs/moderation.md, "Ban"): the ban closes the account's
// socket, its seat stays and goes offline, and after the grace period the other player lets the
// away bot play it (docs/protocol.md, "bot_for_offline"), so the game goes on; the banned
// person's token does not take the seat back. Real server, on SQLite and PostgreSQL; the ban
// is the operator's command.
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "carc/storage/postgres_store.hpp"
#include "moderation/admin_commands.hpp"
#include "persist_driver.hpp"
#include "pg_test_server.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;
namespace st = carc::storage;

namespace {

carc::server::server_config with_short_grace() {
    auto config = test_config();
    config.grace = std::chrono::milliseconds(200);
    config.bot_think = std::chrono::milliseconds(5);
    config.bot_threads = 1;
    return config;
}

std::unique_ptr<account_server> server_for(bool postgres) {
    if (!postgres) return std::make_unique<account_server>(with_short_grace());
    st::PostgresOptions pg;
    pg.url = st::testing::test_postgres_url();
    pg.schema = "ban_seat_" + carc::server::random_hex(6);
    auto opened = st::open_postgres_store(pg);
    INFO((opened ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return std::make_unique<account_server>(opened->stores, with_short_grace());
}

}  // namespace

TEST_CASE("a banned player's seat in a running game is played by the away bot at the others' request",
          "[server][moderation]") {
    const bool postgres = GENERATE(false, true);
    SECTION(postgres ? "postgres" : "sqlite") {
        auto s = server_for(postgres);
        signed_player ada = sign_up_player(*s, "Ada");
        signed_player bob = sign_up_player(*s, "Bob");
        const std::string room = open_room(*ada.ws, {{"seats", 2}})["room"];
        join_room(*bob.ws, room);
        start_game(*ada.ws, room);
        viewer a{*ada.ws, room};
        a.sync();
        REQUIRE(a.view["game"]["decider"] == 0);
        // A second tab of Bob's: its welcome names his person token.
        ws_client bob_tab(s->port());
        const json bob_hello = bob_tab.request({{"type", "hello"}, {"protocol", 1}, {"name", "Bob"}, {"session", bob.token}});
        REQUIRE(bob_hello["account"] == "Bob");
        const std::string bob_person_token = bob_hello["token"];

        const auto banned = carc::server::moderation::run_admin_command(
            s->stores, {"ban", "Bob", "--reason", "cheating with an engine"}, "olga", carc::server::unix_ms());
        INFO(banned.err);
        REQUIRE(banned.exit_code == 0);
        REQUIRE(bob.ws->wait_closed(std::chrono::seconds(10)));
        CHECK(bob.ws->close_code() == 4003);
        REQUIRE(bob_tab.wait_closed(std::chrono::seconds(10)));

        // His seat stays, offline; after the grace period Ada may hand it to the bot.
        REQUIRE(a.wait_until([](const json& v) { return v["room"]["seats"][1].value("offline_long", false); }));
        REQUIRE(a.request({{"type", "bot_for_offline"}, {"room", room}, {"seat", 1}})["type"] == "ack");
        CHECK(a.view["room"]["seats"][1]["away"] == true);

        // Ada plays her turn; the bot plays Bob's, and the decision comes back to her.
        const int tiles_left = a.view["game"]["tiles_left"];
        while (a.view["game"]["decider"] == 0 && a.view["game"]["tiles_left"] == tiles_left) {
            REQUIRE(play_first(a)["type"] == "ack");
            a.sync();
        }
        REQUIRE(a.wait_until([&](const json& v) {
            return v["game"]["decider"] == 0 && v["game"]["phase"] == "place_tile" &&
                   v["game"]["tiles_left"].get<int>() <= tiles_left - 2;
        }));

        // His person token no longer takes the seat back as a guest.
        ws_client again(s->port());
        CHECK(again.hello("Bob", bob_person_token)["code"] == "unknown_token");
        a.sync();
        CHECK(a.view["room"]["seats"][1]["away"] == true);
    }
}

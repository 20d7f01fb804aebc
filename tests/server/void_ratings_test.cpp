// Voiding rated games (docs/ratings.md, "Voided games"; docs/moderation.md) through the real
// server and the operator's command, on SQLite (carc-admin itself, through the server's admin
// socket) and on PostgreSQL (the command's code on the store the nodes share): Ada, Bob and Cy
// play rated games A-B, B-C, A-C in that order; voiding A-B leaves every rating equal to a
// second store's where only B-C and A-C were played, at the same times; the voided game's record
// stays, its rating and statistics go, the audit log says so; voiding an account's games voids
// every rated game it played.

#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "store_backends.hpp"
#include "base/config.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/rating_store.hpp"
#include "carc/testkit/command_output.hpp"
#include "moderation/admin_commands.hpp"
#include "moderation/admin_socket.hpp"
#include "persist_driver.hpp"
#include "ratings/game_rating.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"
#include "wait_until.hpp"

using namespace carc::test;
namespace st = carc::storage;

namespace {

// A second store of `kind` (SQLite in `dir`), to play the reference games in.
st::Stores open_stores(backend kind, const std::filesystem::path& dir) {
    if (kind == backend::postgres) return fresh_postgres_stores("void_");
    st::SqliteOptions options;
    options.data_dir = dir;
    auto opened = st::open_sqlite_stores(options);
    REQUIRE(opened.ok());
    return std::move(opened).value();
}

// A rated two-player game `host` opens and `loser` resigns, stored and rated: its room id.
std::string rated_game(account_server& s, signed_player& host, signed_player& guest, signed_player& loser) {
    const std::string room = open_room(*host.ws, {{"seats", 2}, {"rated", true}})["room"];
    join_room(*guest.ws, room);
    start_game(*host.ws, room);
    viewer a{*host.ws, room};
    viewer b{*guest.ws, room};
    everyone_plays_a_turn({&a, &b});
    REQUIRE(loser.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    wait_until([&] { return call_api(s.port(), "GET", "/api/games/" + room + "/rating").status == 200; });
    return room;
}

struct tool_result {
    int exit_code = -1;
    std::string output;  // stdout and stderr
};

// The operator's command: on SQLite carc-admin itself (handing it to the server's admin socket),
// on PostgreSQL the same code on the shared store.
tool_result void_ratings(backend kind, account_server& s, const std::vector<std::string>& args) {
    std::vector<std::string> command{"void-ratings"};
    command.insert(command.end(), args.begin(), args.end());
    if (kind == backend::postgres) {
        const auto out = carc::server::moderation::run_admin_command(s.stores, command, "olga", carc::server::unix_ms());
        return {out.exit_code, out.out + out.err};
    }
    std::string line = std::string(CARC_ADMIN_EXE) + " --data-dir '" + s.dir.string() + "' --operator olga";
    for (const auto& a : command) line += " '" + a + "'";
    const auto out = run_command(line + " 2>&1");
    return {out.exit_code, out.text};
}

// The game as the first store rated it, finished again in `into` at the same time with the model.
void replay_game(st::RatingStore& from, st::Store& into, const std::string& room, st::TimeMs finished_at_ms) {
    const auto changes = from.game_rating(room).value();
    REQUIRE(changes.size() == 2);
    st::BeginGameWrite begin;
    begin.room.room_id = room;
    begin.room.config_json = "{}";
    begin.room.seed_commitment = "c";
    begin.room.engine_version = "e";
    begin.room.created_at_ms = finished_at_ms - 1000;
    begin.room.status = st::RoomStatus::running;
    begin.initial = {0, 1};
    for (const auto& c : changes) begin.seats.push_back({c.seat, c.name, std::nullopt, ""});
    REQUIRE(into.write_batch({begin})[0].ok());
    st::FinishWrite finish;
    finish.game.game_id = room;
    finish.game.finished_at_ms = finished_at_ms;
    finish.game.rule_system = "carcassonne";
    finish.game.engine_version = "e";
    finish.game.record_json = "{}";
    auto rated = std::make_shared<st::RatedGame>();
    rated->key = "carcassonne";
    for (const auto& c : changes) rated->seats.push_back({c.seat, c.person_id, c.bot_kind, c.place, c.resigned});
    rated->rate = carc::server::ratings::rate_seats;
    finish.game.rated = rated;
    REQUIRE(into.write_batch({finish})[0].ok());
}

st::TimeMs finished_at(st::RatingStore& ratings, const std::string& person, const std::string& room) {
    for (const auto& entry : ratings.rating_history(person, 100).value())
        if (entry.game_id == room) return entry.finished_at_ms;
    FAIL("no rated game " << room);
    return 0;
}

int stats_games(st::FriendStore& friends, const std::string& person) {
    int games = 0;
    for (const auto& s : friends.stats_of(person).value()) games += s.games;
    return games;
}

}  // namespace

TEST_CASE("void-ratings: voiding A-B rates B-C and A-C again as if A-B had never been played",
          "[server][ratings][moderation]") {
    const backend kind = GENERATE(backend::sqlite, backend::postgres);
    SECTION(kind == backend::sqlite ? "sqlite" : "postgres") {
        auto s = server_on(kind, "void_");
        if (kind == backend::sqlite)
            s->server->app().serve_admin_socket(s->dir / carc::server::moderation::admin_socket_name);
        signed_player ada = sign_up_player(*s, "Ada");
        signed_player bob = sign_up_player(*s, "Bob");
        signed_player cy = sign_up_player(*s, "Cy");
        const std::string ab = rated_game(*s, ada, bob, bob);
        const std::string bc = rated_game(*s, bob, cy, cy);
        const std::string ac = rated_game(*s, ada, cy, ada);
        auto& ratings = *s->stores.ratings;
        auto& friends = *s->stores.friends;
        REQUIRE(stats_games(friends, ada.person) == 2);
        REQUIRE(stats_games(friends, bob.person) == 2);
        const st::TimeMs bc_at = finished_at(ratings, bob.person, bc);
        const st::TimeMs ac_at = finished_at(ratings, ada.person, ac);

        // Refused commands change nothing and log nothing.
        CHECK(void_ratings(kind, *s, {"--game", ab}).exit_code == 2);  // no reason
        CHECK(void_ratings(kind, *s, {"--game", ab, "--account", "Ada", "--reason", "r"}).exit_code == 2);
        const auto unknown = void_ratings(kind, *s, {"--game", ab, "--game", "nosuch", "--reason", "r"});
        CHECK(unknown.exit_code == 1);
        CHECK(unknown.output == "no finished game 'nosuch'\n");
        REQUIRE(ratings.game_rating(ab).value().size() == 2);

        const auto voided = void_ratings(kind, *s, {"--game", ab, "--reason", "boosting between Ada and Bob"});
        INFO(voided.output);
        REQUIRE(voided.exit_code == 0);
        CHECK(voided.output == "1 game voided; 2 later rated games rated again\n");

        // A second store where only B-C and A-C were played, at the same times, by the same accounts.
        const auto ref_dir = std::filesystem::temp_directory_path() / ("carc-void-ref-" + carc::server::random_hex(6));
        {
            st::Stores ref = open_stores(kind, ref_dir);
            for (const signed_player* p : {&ada, &bob, &cy}) {
                const auto account = s->stores.accounts->account_of(p->person).value().value();
                st::SessionRecord session{.secret_hash = st::TokenHash::of_token("s-" + p->name),
                                          .public_id = "pub-" + p->name, .person_id = p->person, .kind = "token",
                                          .device = "test", .created_at_ms = 1, .last_seen_ms = 1};
                REQUIRE(ref.accounts->create_account(account, session).ok());
            }
            replay_game(ratings, *ref.games, bc, bc_at);
            replay_game(ratings, *ref.games, ac, ac_at);
            for (const signed_player* p : {&ada, &bob, &cy}) {
                INFO(p->name);
                const auto after_void = ratings.ratings_of(p->person).value();
                const auto expected = ref.ratings->ratings_of(p->person).value();
                REQUIRE(after_void.size() == 1);
                REQUIRE(expected.size() == 1);
                CHECK(after_void[0].value == expected[0].value);  // exactly: the same billionths
                CHECK(after_void[0].games == expected[0].games);
                CHECK(after_void[0].wins == expected[0].wins);
                CHECK(after_void[0].last_game_ms == expected[0].last_game_ms);
                const auto history = ratings.rating_history(p->person, 100).value();
                const auto expected_history = ref.ratings->rating_history(p->person, 100).value();
                REQUIRE(history.size() == expected_history.size());
                for (std::size_t i = 0; i < history.size(); ++i) {
                    CHECK(history[i].game_id == expected_history[i].game_id);
                    CHECK(history[i].change.before == expected_history[i].change.before);
                    CHECK(history[i].change.after == expected_history[i].change.after);
                }
            }
            CHECK(ratings.ratings_of(ada.person).value()[0].games == 1);
            CHECK(ratings.ratings_of(bob.person).value()[0].games == 1);
            CHECK(ratings.ratings_of(cy.person).value()[0].games == 2);
        }
        std::error_code ignored;
        std::filesystem::remove_all(ref_dir, ignored);

        // The voided game's record stays; its rating and its statistics go.
        CHECK(call_api(s->port(), "GET", "/api/games/" + ab).status == 200);
        CHECK(call_api(s->port(), "GET", "/api/games/" + ab + "/rating").status == 404);
        CHECK(stats_games(friends, ada.person) == 1);
        CHECK(stats_games(friends, bob.person) == 1);
        CHECK(stats_games(friends, cy.person) == 2);
        const auto log = s->stores.moderation->audit_log(1).value();
        REQUIRE(log.size() == 1);
        CHECK(log[0].action == "void_ratings");
        CHECK(log[0].operator_name == "olga");
        CHECK(log[0].detail == "games: " + ab);
        CHECK(log[0].reason == "boosting between Ada and Bob");
        const auto again = void_ratings(kind, *s, {"--game", ab, "--reason", "twice"});
        CHECK(again.exit_code == 1);
        CHECK(again.output == "game '" + ab + "' is voided already\n");

        // Cy's games: every rated game left goes, and with it every rating.
        const auto all_of_cy = void_ratings(kind, *s, {"--account", "cy", "--reason", "a second account"});
        INFO(all_of_cy.output);
        REQUIRE(all_of_cy.exit_code == 0);
        CHECK(all_of_cy.output == "2 games voided; 0 later rated games rated again\n");
        for (const signed_player* p : {&ada, &bob, &cy}) {
            CHECK(ratings.ratings_of(p->person).value().empty());
            CHECK(stats_games(friends, p->person) == 0);
        }
        CHECK(void_ratings(kind, *s, {"--account", "Cy", "--reason", "again"}).output ==
              "Cy has no rated game that counts\n");
        CHECK(s->stores.moderation->audit_log(10).value().size() == 2);
    }
}

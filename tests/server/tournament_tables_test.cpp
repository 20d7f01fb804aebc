// Starting a game is written once (rooms/game_start.hpp), for a host's start and a tournament
// table's alike; a table's room opens with its started game in hand, not by reading its start
// back from the store. Here the journal keeps nothing (null_journal) and there is no games store
// at all: the table's room is still listed, playing, and its finished record verifies.
#include <catch2/catch.hpp>

#include "carc/records/record_verify.hpp"
#include "carc/records/seed_commitment.hpp"
#include "room_harness.hpp"
#include "rooms/game_start.hpp"
#include "sqlite_dir.hpp"
#include "tournaments/tournament_tables.hpp"

using namespace carc::test;
namespace st = carc::storage;
namespace srv = carc::server;

namespace {

constexpr std::uint64_t table_seed = 0x5eed7ab1eull;

// An account as sign-up stores it, with the person's reconnect token hashed from `token`.
void add_account(st::AccountStore& accounts, const std::string& person, const std::string& name,
                 const std::string& token) {
    const st::AccountRecord account{.person_id = person,
                                    .name = name,
                                    .name_key = name,
                                    .name_skeleton = name,
                                    .password_hash = "not a hash: nobody signs in here",
                                    .person_token_hash = st::TokenHash::of_token(token),
                                    .created_at_ms = 1,
                                    .settings = {}};
    const st::SessionRecord session{.secret_hash = st::TokenHash::of_token("session of " + name),
                                    .public_id = "public-" + name,
                                    .person_id = person,
                                    .kind = "token",
                                    .device = "test",
                                    .created_at_ms = 1,
                                    .last_seen_ms = 1};
    REQUIRE(accounts.create_account(account, session).ok());
}

carc::protocol::RoomSettings two_player_game() {
    carc::protocol::RoomSettings game;
    game.config.players = 2;
    return game;
}

}  // namespace

TEST_CASE("a started game: the seed's commitment, the initial state's hash and the seats, in one place",
          "[server][tournaments]") {
    std::vector<srv::journal_seat> seats{{"p-ada", "Ada", std::string(64, 'a'), std::nullopt},
                                         {"", "Bot", "", carc::BotKind::random}};
    std::string error;
    auto started = srv::start_game("r7", "invite", two_player_game(), seats, table_seed, error);
    REQUIRE(started);
    const srv::game_start& start = started->start;
    CHECK(start.room_id == "r7");
    CHECK(start.invite == "invite");
    CHECK(start.setup.seed == table_seed);
    CHECK(start.seed_nonce.size() == 32);
    CHECK(start.seed_commitment == carc::server::seed_commitment(table_seed, start.seed_nonce));
    CHECK(start.initial_hash == started->match->state().hash());
    std::string ignored;
    CHECK(start.initial_hash == carc::Match::create(start.setup, &ignored)->state().hash());
    REQUIRE(start.seats.size() == 2);
    CHECK(start.seats[0].person == "p-ada");
    CHECK(start.seats[1].bot == carc::BotKind::random);

    // Two draws never share a nonce, so their commitments differ even for the same seed.
    auto again = srv::start_game("r8", "invite", two_player_game(), seats, table_seed, error);
    REQUIRE(again);
    CHECK(again->start.seed_nonce != start.seed_nonce);
    CHECK(again->start.seed_commitment != start.seed_commitment);

    carc::protocol::RoomSettings refused = two_player_game();
    refused.config.players = 9;
    CHECK_FALSE(srv::start_game("r9", "invite", refused, seats, table_seed, error));
    CHECK_FALSE(error.empty());
}

TEST_CASE("a tournament table's room opens with its game in hand: listed and playing without a store read-back",
          "[server][tournaments]") {
    temp_dir dir;
    st::Stores stores = open_store(dir.path);
    add_account(*stores.accounts, "p-ada", "Ada", "ada's token");
    add_account(*stores.accounts, "p-bob", "Bob", "bob's token");

    auto config = test_config();
    config.fixed_seed = table_seed;
    room_harness h(config);  // null_journal: stores nothing, and the harness has no games store
    srv::shared_state& state = h.state();
    REQUIRE(state.stores.games == nullptr);
    const srv::tournaments::tournament_parts parts{
        .store = nullptr,
        .games = nullptr,
        .accounts = stores.accounts,
        .ratings = nullptr,
        .journal = state.journal,
        .rooms = state.rooms,
        .persons = state.persons,
        .new_room_id = [] { return std::string("unused"); },
        .may_open = [](const std::string&) { return true; },
        .open_room = [&state](srv::started_game game) { srv::room::open_started(state.room_needs, std::move(game)); },
        .tell = [](const std::string&, const carc::protocol::TournamentRound&) {},
        .rules = {.fixed_seed = table_seed, .test_exit_after_round_stored = false}};

    st::TournamentTable table;
    table.round = 1;
    table.table = 0;
    table.room_id = "t1";
    table.players = {"p-ada", "p-bob"};
    const auto settings = srv::tournaments::table_settings(two_player_game(), "Club night", table);
    std::optional<bool> opened;
    srv::tournaments::open_table(parts, settings, table, [&opened](bool ok) { opened = ok; });
    h.settle();
    REQUIRE(opened == true);

    auto r = state.rooms.find("t1");
    REQUIRE(r != nullptr);
    const json running = r->running_summary();
    CHECK(running["status"] == "playing");
    CHECK(running["actions"] == 0);
    REQUIRE(running["players"].size() == 2);
    CHECK(running["players"][0]["name"] == "Ada");
    CHECK(running["players"][1]["name"] == "Bob");
    // Each player's hello finds the room; their seat carries the account's token hash.
    CHECK(state.persons.rooms_of("p-ada") == std::vector<std::string>{"t1"});
    CHECK(state.persons.token_sha256("p-bob") == st::TokenHash::of_token("bob's token").hex());

    // Ada opens the room and resigns: Bob wins, and the record reveals a seed that matches the
    // commitment published at the start, replaying to the recorded hashes.
    auto link = std::make_shared<recording_link>();
    state.persons.attach("p-ada", link);
    r->attach("p-ada", "Ada", link);
    h.settle();
    auto resign = carc::protocol::parse_client_message(R"({"type":"resign","room":"t1","id":5})");
    REQUIRE(resign.message);
    r->handle(srv::requester{"p-ada", "Ada", link, 5}, std::move(*resign.message), false);
    h.settle();
    const auto ack = reply_to(link->take(), 5);
    REQUIRE(ack);
    CHECK((*ack)["type"] == "ack");

    bool finished = false;
    const auto text = r->public_record(&finished);
    REQUIRE(text);
    CHECK(finished);
    const json record = json::parse(*text);
    CHECK(record["seed"] == std::to_string(table_seed));
    CHECK(record["seed_commitment"] ==
          carc::server::seed_commitment(table_seed, record["seed_nonce"].get<std::string>()));
    const auto verified = srv::verify_record(record);
    INFO(verified.message);
    CHECK(verified.ok);
    r->shutdown();
    h.settle();
}

// Tournaments in the store (both backends run this file): players join in order and may
// withdraw and come back; a round starts once, by a compare-and-set on the round number (a second
// store, another node, loses); a table's result is written once; everything survives reopening.
#include <algorithm>

#include <catch2/catch.hpp>

#include "carc/storage/tournament_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

TournamentStore& tournaments_of(const std::shared_ptr<Store>& store) {
    auto* tournaments = dynamic_cast<TournamentStore*>(store.get());
    REQUIRE(tournaments != nullptr);
    return *tournaments;
}

TournamentRecord sample_tournament(const std::string& id) {
    return TournamentRecord{.id = id,
                            .name = "Club night",
                            .creator_id = "p1",
                            .format = "swiss",
                            .settings_json = R"({"rounds":3})",
                            .starts_at_ms = std::nullopt,
                            .status = TournamentStatus::open,
                            .round = 0,
                            .created_at_ms = 100};
}

TournamentPlayer player(const std::string& person, std::int64_t seed) {
    return TournamentPlayer{.person_id = person, .name = "n" + person, .entry = 0, .seed = seed,
                            .joined_round = 0, .withdrawn = false};
}

}  // namespace

TEST_CASE("a tournament keeps its players in joining order, withdrawals and rejoins", "[storage][tournaments]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    auto& t = tournaments_of(store);
    add_account(store, "p1", "np1");
    REQUIRE(t.create_tournament(sample_tournament("t1")).ok());
    CHECK(t.create_tournament(sample_tournament("t1")).code() == ErrorCode::already_exists);
    REQUIRE(t.join_tournament("t1", player("p1", 1500)).ok());
    REQUIRE(t.join_tournament("t1", player("p2", 1600)).ok());
    CHECK(t.join_tournament("t1", player("p2", 1600)).code() == ErrorCode::already_exists);
    CHECK(t.join_tournament("nope", player("p3", 1)).code() == ErrorCode::not_found);
    CHECK(t.withdraw_from_tournament("t1", "p9").code() == ErrorCode::not_found);
    REQUIRE(t.withdraw_from_tournament("t1", "p1").ok());

    auto loaded = t.tournament("t1");
    REQUIRE(loaded.ok());
    REQUIRE(loaded->has_value());
    const auto& players = (*loaded)->players;
    REQUIRE(players.size() == 2);
    CHECK(players[0].person_id == "p1");
    CHECK(players[0].entry == 1);
    CHECK(players[0].withdrawn);
    CHECK(players[1].entry == 2);
    CHECK(players[1].seed == 1600);
    REQUIRE(t.join_tournament("t1", player("p1", 1500)).ok());  // back, same entry
    CHECK_FALSE(t.tournament("t1").value()->players[0].withdrawn);
    CHECK(t.tournament("t1").value()->players[0].entry == 1);
    CHECK_FALSE(t.tournament("nope").value().has_value());
}

TEST_CASE("a round starts once: the second start from the same round changes nothing", "[storage][tournaments]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    auto& t = tournaments_of(store);
    add_account(store, "p1", "np1");
    REQUIRE(t.create_tournament(sample_tournament("t1")).ok());
    for (const char* p : {"p1", "p2", "p3"}) REQUIRE(t.join_tournament("t1", player(p, 1500)).ok());
    const std::vector<TournamentTable> round1{
        {.round = 1, .table = 0, .room_id = "r1", .players = {"p1", "p2"}, .places = std::nullopt},
        {.round = 1, .table = 1, .room_id = std::nullopt, .players = {"p3"}, .places = std::vector<int>{0}}};
    CHECK(t.live_tournaments().value().empty());  // open, no start time
    REQUIRE(t.start_round("t1", 0, round1).value());
    CHECK_FALSE(t.start_round("t1", 0, round1).value());
    CHECK(t.live_tournaments().value() == std::vector<std::string>{"t1"});

    CHECK(t.record_table_result("r1", {1, 0}).value());
    CHECK_FALSE(t.record_table_result("r1", {0, 1}).value());  // written once
    CHECK_FALSE(t.record_table_result("r9", {0, 1}).value());

    CHECK_FALSE(t.finish_tournament("t1", 0).value());
    CHECK(t.finish_tournament("t1", 1).value());
    CHECK_FALSE(t.start_round("t1", 1, {}).value());  // finished
    CHECK(t.join_tournament("t1", player("p4", 1)).code() == ErrorCode::invalid_state);

    const auto loaded = t.tournament("t1").value();
    REQUIRE(loaded.has_value());
    CHECK(loaded->record.status == TournamentStatus::finished);
    CHECK(loaded->record.round == 1);
    REQUIRE(loaded->tables.size() == 2);
    CHECK(loaded->tables[0].room_id == std::optional<std::string>("r1"));
    CHECK(loaded->tables[0].players == std::vector<std::string>{"p1", "p2"});
    CHECK(loaded->tables[0].places == std::optional<std::vector<int>>(std::vector<int>{1, 0}));
    CHECK_FALSE(loaded->tables[1].room_id.has_value());
    CHECK(loaded->tables[1].places == std::optional<std::vector<int>>(std::vector<int>{0}));
    CHECK(t.list_tournaments(10).value().size() == 1);
}

TEST_CASE("two stores on one database: one of them starts the round", "[storage][tournaments]") {
    TempDir dir;
    auto first = open_or_fail(dir.path());
    add_account(first, "p1", "np1");
    REQUIRE(tournaments_of(first).create_tournament(sample_tournament("t1")).ok());
    const std::vector<TournamentTable> tables{
        {.round = 1, .table = 0, .room_id = "r1", .players = {"p1", "p2"}, .places = std::nullopt}};
    REQUIRE(tournaments_of(first).start_round("t1", 0, tables).value());
    first.reset();
    // Reopened (a restart, or another node on PostgreSQL): the round is there, and taken.
    auto second = open_or_fail(dir.path());
    CHECK_FALSE(tournaments_of(second).start_round("t1", 0, tables).value());
    const auto loaded = tournaments_of(second).tournament("t1").value();
    REQUIRE(loaded.has_value());
    CHECK(loaded->record.round == 1);
    CHECK(loaded->record.status == TournamentStatus::running);
    CHECK(loaded->tables.size() == 1);
}

TEST_CASE("room numbers come from the store's counter: reopened, it never hands one out again",
          "[storage][tournaments][room_ids]") {
    TempDir dir;
    auto first = open_or_fail(dir.path());
    add_account(first, "p1", "np1");
    const std::uint64_t a = first->take_room_number(0).value();
    const std::uint64_t b = first->take_room_number(0).value();
    CHECK(b == a + 1);
    // A round stored with b's room, whose game was never made (its node stopped in between).
    REQUIRE(tournaments_of(first).create_tournament(sample_tournament("t1")).ok());
    const std::vector<TournamentTable> tables{{.round = 1, .table = 0, .room_id = "r" + std::to_string(b),
                                               .players = {"p1", "p2"}, .places = std::nullopt}};
    REQUIRE(tournaments_of(first).start_round("t1", 0, tables).value());
    first.reset();
    // Reopened (a restart, or another node): the count goes on; the table's id is known.
    auto second = open_or_fail(dir.path());
    CHECK(second->take_room_number(0).value() == b + 1);
    CHECK(second->take_room_number(b + 10).value() == b + 10);  // never below a floor
    CHECK(second->take_room_number(0).value() == b + 11);
    const auto known = second->known_ids().value();
    CHECK(std::ranges::find(known, "r" + std::to_string(b)) != known.end());
}

TEST_CASE("a tournament's caps are counted in the transaction that creates it, with its creator",
          "[storage][tournaments][caps]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    auto& t = tournaments_of(store);
    add_account(store, "p1", "np1");
    add_account(store, "p2", "np2");
    const TournamentCaps caps{.per_creator = 2, .unfinished = 3};
    TournamentRecord by_p2 = sample_tournament("t3");
    by_p2.creator_id = "p2";
    CHECK(t.create_tournament_within(sample_tournament("t1"), player("p1", 1500), caps).value() ==
          TournamentCreated::created);
    CHECK(t.create_tournament_within(sample_tournament("t2"), std::nullopt, caps).value() == TournamentCreated::created);
    CHECK(t.create_tournament_within(sample_tournament("tx"), player("p1", 1500), caps).value() ==
          TournamentCreated::creator_at_cap);
    CHECK(t.create_tournament_within(by_p2, std::nullopt, caps).value() == TournamentCreated::created);
    by_p2.id = "t4";
    CHECK(t.create_tournament_within(by_p2, std::nullopt, caps).value() == TournamentCreated::all_at_cap);
    CHECK(t.list_tournaments(10).value().size() == 3);  // the refused ones left nothing
    const auto first = t.tournament("t1").value();
    REQUIRE(first.has_value());
    REQUIRE(first->players.size() == 1);  // the creator, entry 1
    CHECK(first->players[0].person_id == "p1");
    CHECK(first->players[0].entry == 1);
    // A finished tournament no longer counts.
    REQUIRE(t.finish_tournament("t1", 0).value());
    CHECK(t.create_tournament_within(sample_tournament("t5"), std::nullopt, caps).value() ==
          TournamentCreated::created);
}

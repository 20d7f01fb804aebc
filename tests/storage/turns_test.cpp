// Turn-based games in the store (both backends run this file): the current move kept with the
// game and listed in "my games", a passed deadline fired once, vacation days spent and counted.
#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

constexpr std::int64_t day = 1'000;  // as under --short-move-times

TurnStore& turns_of(const std::shared_ptr<Store>& store) {
    auto* turns = dynamic_cast<TurnStore*>(store.get());
    REQUIRE(turns != nullptr);
    return *turns;
}

// Ada's account, made at 0 ms, auto_vacation as given; her token's hash sits in seat 0 of r1.
void seat_ada(const std::shared_ptr<Store>& store, bool auto_vacation) {
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    AccountSettings settings;
    settings.auto_vacation = auto_vacation;
    REQUIRE(accounts
                .create_account({.person_id = "p1",
                                 .name = "Ada",
                                 .name_key = "ada",
                                 .password_hash = "$argon2id$x",
                                 .person_token_hash = TokenHash::of_token("ada"),
                                 .created_at_ms = 0,
                                 .settings = settings},
                                {.secret_hash = TokenHash::of_token("s"),
                                 .public_id = "s1",
                                 .person_id = "p1",
                                 .kind = "token",
                                 .device = "test",
                                 .created_at_ms = 0,
                                 .last_seen_ms = 0})
                .ok());
    NewRoom room = sample_room("r1");
    room.status = RoomStatus::running;
    BeginGameWrite begin{room, {}, Checkpoint{0, 1}};
    begin.seats.push_back({0, "Ada", TokenHash::of_token("ada"), ""});
    begin.seats.push_back({1, "Bob", TokenHash::of_token("bob"), ""});
    REQUIRE(write_one(*store, begin).ok());
}

DeadlineFire fire_of(std::int64_t deadline_ms, TimeMs now_ms) {
    DeadlineFire fire;
    fire.room_id = "r1";
    fire.seq = 0;
    fire.deadline_ms = deadline_ms;
    fire.person_id = "p1";
    fire.day_ms = day;
    fire.now_ms = now_ms;
    return fire;
}

}  // namespace

TEST_CASE("a passed deadline is fired once: the first fire wins, a repeat loses", "[storage][turns]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    seat_ada(store, false);
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{0, 0, 5'000}}).ok());

    auto first = turns_of(store).fire_deadline(fire_of(5'000, 6'000));
    REQUIRE(first.ok());
    CHECK(first->outcome == DeadlineOutcome::expired);
    auto second = turns_of(store).fire_deadline(fire_of(5'000, 6'000));
    REQUIRE(second.ok());
    CHECK(second->outcome == DeadlineOutcome::lost);
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{0, 0, std::nullopt});
    // Another move's deadline (a later seq) is not the one named.
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{1, 1, 9'000}}).ok());
    CHECK(turns_of(store).fire_deadline(fire_of(9'000, 10'000))->outcome == DeadlineOutcome::lost);
}

TEST_CASE("vacation days are spent before a timeout, 20 at sign-up plus one per 8 days, at most 30",
          "[storage][turns]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    seat_ada(store, true);
    TurnStore& turns = turns_of(store);
    CHECK(turns.vacation_left("p1", 0, day).value() == 20);
    CHECK(turns.vacation_left("p1", 16 * day, day).value() == 22);
    CHECK(turns.vacation_left("p1", 800 * day, day).value() == 30);
    CHECK(turns.vacation_left("nobody", 0, day).value() == 0);

    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{0, 0, 5'000}}).ok());
    auto spent = turns.fire_deadline(fire_of(5'000, 5'000));
    REQUIRE(spent.ok());
    CHECK(spent->outcome == DeadlineOutcome::vacation);
    CHECK(spent->deadline_ms == 6'000);
    CHECK(spent->vacation_days_left == 19);
    CHECK(turns.vacation_left("p1", 5'000, day).value() == 19);
    CHECK(store->load_room("r1").value()->turn == TurnDeadline{0, 0, 6'000});
    // The old deadline fired again (another node, a restart): lost, no second day spent.
    CHECK(turns.fire_deadline(fire_of(5'000, 5'000))->outcome == DeadlineOutcome::lost);
    CHECK(turns.vacation_left("p1", 5'000, day).value() == 19);

    // My games reads the move: Ada's turn, until the new deadline.
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    auto mine = accounts.seated_games(TokenHash::of_token("ada"));
    REQUIRE(mine.ok());
    REQUIRE(mine->size() == 1);
    CHECK((*mine)[0].turn == TurnDeadline{0, 0, 6'000});
    CHECK(turns.running_turn_based_games(TokenHash::of_token("ada")).value() == 1);
    CHECK(turns.running_turn_based_games(TokenHash::of_token("carl")).value() == 0);
}

TEST_CASE("vacation on purpose is refused when no day is left, auto_vacation off lets the deadline expire",
          "[storage][turns]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    seat_ada(store, false);
    TurnStore& turns = turns_of(store);
    REQUIRE(write_one(*store, TurnWrite{"r1", TurnDeadline{0, 0, 5'000}}).ok());
    DeadlineFire asked = fire_of(5'000, 1'000);
    asked.on_purpose = true;
    auto taken = turns.fire_deadline(asked);
    REQUIRE(taken.ok());
    CHECK(taken->outcome == DeadlineOutcome::vacation);  // on purpose: even with auto_vacation off
    asked.deadline_ms = taken->deadline_ms;
    for (int i = 0; i < 18; ++i) {
        auto again = turns.fire_deadline(asked);
        REQUIRE(again->outcome == DeadlineOutcome::vacation);
        asked.deadline_ms = again->deadline_ms;
    }
    CHECK(turns.fire_deadline(asked)->outcome == DeadlineOutcome::vacation);  // the 20th day
    asked.deadline_ms += day;
    CHECK(turns.fire_deadline(asked)->outcome == DeadlineOutcome::refused);
    CHECK(turns.fire_deadline(fire_of(asked.deadline_ms, 30'000))->outcome == DeadlineOutcome::expired);
}

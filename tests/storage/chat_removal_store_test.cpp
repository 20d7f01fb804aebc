// A chat line the operator removes (both backends run this file; docs/moderation.md): marked
// removed with its text gone and its sender and time kept, in the room's history and in its
// sender's own data, logged in the same transaction; refused, writing nothing, when the store
// keeps no such line or it was removed before.
#include <catch2/catch.hpp>

#include "carc/storage/moderation_store.hpp"
#include "carc/storage/personal_data_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

template <typename Part>
Part& part_of(const std::shared_ptr<Store>& store) {
    auto* part = dynamic_cast<Part*>(store.get());
    REQUIRE(part != nullptr);
    return *part;
}

Status say(Store& store, const std::string& room_id, const ChatLine& line) {
    return write_one(store, ChatWrite{room_id, line});
}

AuditEntry removal_entry(const std::string& room_id, const std::string& why) {
    return {.operator_name = "olga", .action = "remove_chat", .target = room_id, .detail = "pb at 2000 (Bob)",
            .reason = why, .time_ms = 9'000};
}

}  // namespace

TEST_CASE("a removed chat line keeps its sender and time, loses its text, and is logged with it",
          "[storage][moderation][chat]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    NewRoom game = sample_room("r1");
    game.status = RoomStatus::running;
    REQUIRE(create_room(*store, game).ok());
    const ChatLine before{"pa", 0, "Ada", "good luck", 1'000, false};
    const ChatLine insult{"pb", 1, "Bob", "you are all idiots", 2'000, false};
    const ChatLine after{"pb", 1, "Bob", "sorry", 3'000, false};
    for (const ChatLine& line : {before, insult, after}) REQUIRE(say(*store, "r1", line).ok());
    ModerationStore& moderation = part_of<ModerationStore>(store);

    auto removed = moderation.remove_chat_line({"r1", "pb", 2'000}, removal_entry("r1", "insults"));
    REQUIRE(removed.ok());
    CHECK(*removed == insult);  // the line as it was, for the rooms that show it
    const ChatLine gone{"pb", 1, "Bob", "", 2'000, true};
    CHECK(store->load_room("r1").value()->chat == std::vector<ChatLine>{before, gone, after});

    const auto own = part_of<PersonalDataStore>(store).chat_lines_of("pb").value();
    REQUIRE(own.size() == 2);
    CHECK(own[0].removed);
    CHECK(own[0].text.empty());
    CHECK(own[0].time_ms == 2'000);
    CHECK_FALSE(own[1].removed);
    CHECK(own[1].text == "sorry");

    const auto log = moderation.audit_log(10).value();
    REQUIRE(log.size() == 1);
    CHECK(log[0].action == "remove_chat");
    CHECK(log[0].target == "r1");
    CHECK(log[0].detail == "pb at 2000 (Bob)");
    CHECK(log[0].reason == "insults");
}

TEST_CASE("removing a chat line the store does not keep, or twice, is refused and logs nothing",
          "[storage][moderation][chat]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(create_room(*store, sample_room("w1")).ok());  // a waiting room keeps its chat too
    REQUIRE(say(*store, "w1", ChatLine{"pb", 0, "Bob", "spam", 2'000, false}).ok());
    ModerationStore& moderation = part_of<ModerationStore>(store);

    CHECK(moderation.remove_chat_line({"w1", "pb", 2'001}, removal_entry("w1", "wrong time")).code() ==
          ErrorCode::not_found);
    CHECK(moderation.remove_chat_line({"w1", "pa", 2'000}, removal_entry("w1", "wrong sender")).code() ==
          ErrorCode::not_found);
    CHECK(moderation.remove_chat_line({"w2", "pb", 2'000}, removal_entry("w2", "wrong room")).code() ==
          ErrorCode::not_found);
    REQUIRE(moderation.remove_chat_line({"w1", "pb", 2'000}, removal_entry("w1", "spam")).ok());
    const auto twice = moderation.remove_chat_line({"w1", "pb", 2'000}, removal_entry("w1", "twice"));
    CHECK(twice.code() == ErrorCode::already_exists);

    const auto log = moderation.audit_log(10).value();
    REQUIRE(log.size() == 1);
    CHECK(log[0].reason == "spam");
    CHECK(store->load_room("w1").value()->chat == std::vector<ChatLine>{{"pb", 0, "Bob", "", 2'000, true}});
}

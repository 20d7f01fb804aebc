// A room's chat in the store (both backends run this file): lines kept with their room in
// order, the last kept_chat_lines only, loaded with the room, gone with it.
#include <catch2/catch.hpp>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

ChatLine line(int n, int seat = 0) {
    return {"p" + std::to_string(seat), seat, "Ada", "line " + std::to_string(n), 1'000 + n};
}

Status say(Store& store, const std::string& room_id, const ChatLine& chat) {
    return write_one(store, ChatWrite{room_id, chat});
}

std::shared_ptr<Store> with_game(const TempDir& dir, const std::string& room_id) {
    auto store = open_or_fail(dir.path());
    NewRoom game = sample_room(room_id);
    game.status = RoomStatus::running;
    REQUIRE(create_room(*store, game).ok());
    return store;
}

}  // namespace

TEST_CASE("a running game's chat lines come back with it, oldest first", "[storage][chat]") {
    TempDir dir;
    {
        auto store = with_game(dir, "r1");
        REQUIRE(say(*store, "r1", line(1, 0)).ok());
        REQUIRE(say(*store, "r1", ChatLine{"p9", -1, "Watcher", "hello", 2'000}).ok());
    }
    auto store = open_or_fail(dir.path());
    auto rooms = store->load_unfinished();
    REQUIRE(rooms.ok());
    REQUIRE(rooms->size() == 1);
    REQUIRE((*rooms)[0].chat.size() == 2);
    CHECK((*rooms)[0].chat[0] == line(1, 0));
    CHECK((*rooms)[0].chat[1] == ChatLine{"p9", -1, "Watcher", "hello", 2'000});
    CHECK(store->load_room("r1").value()->chat == (*rooms)[0].chat);
}

TEST_CASE("a room keeps its last 100 chat lines, another room's lines untouched", "[storage][chat]") {
    TempDir dir;
    auto store = with_game(dir, "r1");
    NewRoom other = sample_room("r2");
    other.status = RoomStatus::running;
    REQUIRE(create_room(*store, other).ok());
    REQUIRE(say(*store, "r2", line(0)).ok());
    for (int n = 1; n <= kept_chat_lines + 5; ++n) REQUIRE(say(*store, "r1", line(n)).ok());
    const auto chat = store->load_room("r1").value()->chat;
    REQUIRE(chat.size() == static_cast<std::size_t>(kept_chat_lines));
    CHECK(chat.front() == line(6));
    CHECK(chat.back() == line(kept_chat_lines + 5));
    CHECK(store->load_room("r2").value()->chat == std::vector<ChatLine>{line(0)});
}

TEST_CASE("a waiting room's chat is kept, and goes when the room closes", "[storage][chat]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    REQUIRE(create_room(*store, sample_room("w1")).ok());  // status lobby: a waiting room
    REQUIRE(say(*store, "w1", line(1)).ok());
    CHECK(store->load_room("w1").value()->chat == std::vector<ChatLine>{line(1)});
    // Its game starts over the same row: the lines stay.
    NewRoom game = sample_room("w1");
    game.status = RoomStatus::running;
    REQUIRE(create_room(*store, game).ok());
    CHECK(store->load_room("w1").value()->chat == std::vector<ChatLine>{line(1)});

    REQUIRE(create_room(*store, sample_room("w2")).ok());
    REQUIRE(say(*store, "w2", line(2)).ok());
    WaitingRoomWrite closing{sample_room("w2"), {}, true};
    REQUIRE(write_one(*store, closing).ok());
    REQUIRE(create_room(*store, sample_room("w2")).ok());  // the same id again starts with no chat
    CHECK(store->load_room("w2").value()->chat.empty());
}

TEST_CASE("chat for a missing or finished room, or an empty line, is refused", "[storage][chat]") {
    TempDir dir;
    auto store = with_game(dir, "r1");
    CHECK(say(*store, "nowhere", line(1)).code() == ErrorCode::not_found);
    CHECK(say(*store, "r1", ChatLine{"p1", 0, "Ada", "", 1}).code() == ErrorCode::invalid_argument);
    FinishedGame done;
    done.game_id = "r1";
    done.finished_at_ms = 5;
    done.rule_system = "classic";
    done.engine_version = "test";
    done.record_json = "{}";
    REQUIRE(finish_game(*store, done).ok());
    const Status refused = say(*store, "r1", line(1));
    CHECK(refused.code() == ErrorCode::invalid_state);
    CHECK_THAT(refused.message(), Catch::Contains("r1 is finished"));
}

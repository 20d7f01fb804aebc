// Commits on the submitting thread (Store::enable_inline_commits): only a store whose commits
// never wait on the disk offers them, and it then leaves its WAL checkpoints to maintain().
// SQLite only: PostgreSQL's commits always wait for the server.
#include <catch2/catch.hpp>

#include <filesystem>

#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

std::shared_ptr<Store> open_with_sync(const std::filesystem::path& dir, bool sync_full) {
    SqliteOptions options = options_for(dir);
    options.sync_full = sync_full;
    return open_or_fail(options);
}

std::uintmax_t wal_bytes(const std::filesystem::path& dir) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(std::filesystem::path(database_file(dir)).concat("-wal"), ec);
    return ec ? 0 : size;
}

void begin_room(Store& store, const std::string& room_id) {
    BeginGameWrite begin;
    begin.room = sample_room(room_id);
    begin.room.status = RoomStatus::running;
    begin.seats = {{0, "Ada", std::nullopt, ""}};
    begin.initial = {0, 1};
    REQUIRE(store.write_batch({begin})[0].ok());
}

Status append(Store& store, const std::string& room_id, std::int64_t seq) {
    return store.write_batch({ActionWrite{sample_action(room_id, seq), std::nullopt}})[0];
}

}  // namespace

TEST_CASE("a store that fsyncs every commit offers no inline commits", "[storage][inline_commit]") {
    TempDir dir;
    auto store = open_with_sync(dir.path(), true);
    CHECK_FALSE(store->enable_inline_commits());
    CHECK_FALSE(store->maintenance_due());
}

TEST_CASE("with inline commits the WAL grows until maintain() checkpoints it", "[storage][inline_commit]") {
    TempDir dir;
    std::int64_t seq = 0;
    std::uintmax_t after_checkpoint = 0;
    {
        auto store = open_with_sync(dir.path(), false);
        REQUIRE(store->enable_inline_commits());
        begin_room(*store, "r1");
        // SQLite would checkpoint by itself at 1000 pages; now the store only says it is due.
        while (!store->maintenance_due()) {
            REQUIRE(append(*store, "r1", ++seq).ok());
            REQUIRE(seq < 20000);
        }
        const std::uintmax_t grown = wal_bytes(dir.path());
        CHECK(grown >= 1000u * 4096u);
        // More commits leave it due and the log growing: nothing checkpoints behind the caller.
        for (int i = 0; i < 50; ++i) REQUIRE(append(*store, "r1", ++seq).ok());
        CHECK(store->maintenance_due());
        CHECK(wal_bytes(dir.path()) > grown);

        REQUIRE(store->maintain().ok());
        CHECK_FALSE(store->maintenance_due());
        after_checkpoint = wal_bytes(dir.path());
        // The next commits start the log from its beginning again: the file does not grow.
        for (int i = 0; i < 10; ++i) REQUIRE(append(*store, "r1", ++seq).ok());
        CHECK(wal_bytes(dir.path()) == after_checkpoint);
        CHECK(last_seq(*store, "r1").value() == seq);
    }
    // Everything committed is there after reopening.
    auto reopened = open_with_sync(dir.path(), false);
    CHECK(last_seq(*reopened, "r1").value() == seq);
}

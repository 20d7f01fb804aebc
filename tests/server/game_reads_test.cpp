// Strangers reading adjourned games. GET /api/games reads stay off the rooms' path: a record read
// that waits on the store does not hold back a game's moves (the server runs one I/O thread here,
// as on a two-core machine), and an adjourned game's record is replayed from the store once, then
// answered from what was kept until the game is resumed. The record cache on its own: versions
// and its byte budget. An adjourned private game is answered exactly like a missing room.
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>

#include <catch2/catch.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "carc/testkit/http_client.hpp"
#include "game_driver.hpp"
#include "http/record_cache.hpp"
#include "people/security.hpp"
#include "persist_driver.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc;
using namespace carc::test;
namespace fs = std::filesystem;
namespace st = carc::storage;

namespace {

// A store that passes everything on, except that load_room (what replays an adjourned game's
// record) can be held at a gate until the test opens it; it counts the calls.
class gated_store final : public st::Store {
public:
    explicit gated_store(std::shared_ptr<st::Store> inner) : inner_(std::move(inner)) {}

    void close_gate() {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    void open_gate() {
        std::lock_guard lock(mutex_);
        closed_ = false;
        changed_.notify_all();
    }
    // True once a load_room waits at the closed gate (false after 10 s).
    bool wait_for_waiter() {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, std::chrono::seconds(10), [&] { return waiting_ > 0; });
    }
    int loads() {
        std::lock_guard lock(mutex_);
        return loads_;
    }

    st::Result<std::optional<st::StoredRoom>> load_room(std::string_view room_id) override {
        {
            std::unique_lock lock(mutex_);
            ++loads_;
            ++waiting_;
            changed_.notify_all();
            changed_.wait(lock, [&] { return !closed_; });
            --waiting_;
        }
        return inner_->load_room(room_id);
    }

    st::Status set_room_status(std::string_view id, st::RoomStatus status) override {
        return inner_->set_room_status(id, status);
    }
    st::Result<std::vector<st::StoredRoom>> load_unfinished() override { return inner_->load_unfinished(); }
    st::Result<std::vector<std::string>> known_ids() override { return inner_->known_ids(); }
    st::Result<std::uint64_t> take_room_number(std::uint64_t at_least) override {
        return inner_->take_room_number(at_least);
    }
    std::vector<st::Status> write_batch(const std::vector<st::JournalWrite>& writes) override {
        return inner_->write_batch(writes);
    }
    st::Result<std::vector<st::GameSummary>> list_finished(int limit, int offset) override {
        return inner_->list_finished(limit, offset);
    }
    st::Result<std::optional<std::string>> get_game(std::string_view id) override { return inner_->get_game(id); }

private:
    std::shared_ptr<st::Store> inner_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool closed_ = false;
    int waiting_ = 0;
    int loads_ = 0;
};

struct temp_dir {
    fs::path path = fs::temp_directory_path() / ("carc-reads-" + server::random_hex(6));
    ~temp_dir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

double metric(unsigned short port, const std::string& name) {
    const std::string body = http_get(port, "/metrics").body;
    const auto at = body.find("\n" + name + " ");
    REQUIRE(at != std::string::npos);
    return std::stod(body.substr(at + name.size() + 2));
}

}  // namespace

TEST_CASE("a game record read waiting on the store does not hold back moves, and an adjourned record is kept",
          "[server][http][games]") {
    temp_dir dir;
    st::SqliteOptions options;
    options.data_dir = dir.path;
    auto opened = st::open_sqlite_store(options);
    REQUIRE(opened.ok());
    auto store = std::make_shared<gated_store>(std::move(opened).value());

    auto config = test_config();
    config.threads = 1;  // the rooms and HTTP share one I/O thread
    config.adjourn_after = std::chrono::milliseconds(100);
    test_server server(config, st::Stores::games_only(store));

    ws_client watcher(server.port());
    watcher.hello("Watcher");
    REQUIRE(watcher.request({{"type", "lobby_subscribe"}})["type"] == "lobby");
    const std::string adjourned = play_and_leave(server.port());
    REQUIRE(watcher.wait_for([&](const json& m) {
        return m["type"] == "lobby_room" && m["room"]["id"] == adjourned && m["room"]["status"] == "adjourned";
    }, std::chrono::seconds(30)));

    // Bob plays on in another game while a reader's request waits on the store.
    ws_client bob_ws(server.port());
    bob_ws.hello("Bob");
    const std::string room = bob_ws.request({{"type", "create_room"}, {"seats", 2},
                                             {"bots", {{{"seat", 1}, {"kind", "random"}}}}})["room"];
    viewer bob{bob_ws, room};
    REQUIRE(bob.request({{"type", "start"}, {"room", room}})["type"] == "ack");
    REQUIRE(bob.wait_until([](const json& v) { return v["game"].is_object() && v["game"]["decider"] == 0; }));

    store->close_gate();
    auto read = std::async(std::launch::async, [&] { return http_get(server.port(), "/api/games/" + adjourned); });
    REQUIRE(store->wait_for_waiter());
    CHECK(play_first(bob)["type"] == "ack");  // the I/O thread is free while the read waits
    store->open_gate();
    const http_reply first = read.get();
    REQUIRE(first.status == 200);
    CHECK(json::parse(first.body)["status"] == "adjourned");

    // Read again: the same text, without going back to the store.
    const int loads = store->loads();
    const http_reply again = http_get(server.port(), "/api/games/" + adjourned);
    CHECK(again.status == 200);
    CHECK(again.body == first.body);
    CHECK(store->loads() == loads);
}

TEST_CASE("the record cache answers only the version it kept and stays within its budget", "[server][units]") {
    server::record_cache cache(100);
    const auto text = [](char c, std::size_t n) { return std::make_shared<const std::string>(n, c); };
    cache.put("r1", 3, text('a', 40));
    REQUIRE(cache.find("r1", 3));
    CHECK(*cache.find("r1", 3) == std::string(40, 'a'));
    CHECK_FALSE(cache.find("r1", 4));  // adjourned again since: another record
    CHECK_FALSE(cache.find("r1", server::record_cache::finished));
    cache.put("r1", server::record_cache::finished, text('b', 40));  // replaces version 3
    CHECK_FALSE(cache.find("r1", 3));
    CHECK(cache.bytes() == 40);

    cache.put("r2", server::record_cache::finished, text('c', 40));
    REQUIRE(cache.find("r1", server::record_cache::finished));  // r1 used last: r2 is older
    cache.put("r3", server::record_cache::finished, text('d', 40));
    CHECK_FALSE(cache.find("r2", server::record_cache::finished));
    CHECK(cache.find("r1", server::record_cache::finished));
    CHECK(cache.find("r3", server::record_cache::finished));
    CHECK(cache.bytes() == 80);
    cache.put("r4", server::record_cache::finished, text('e', 101));  // over the whole budget
    CHECK_FALSE(cache.find("r4", server::record_cache::finished));
    CHECK(cache.bytes() == 80);
}

TEST_CASE("an adjourned private game is answered like a missing room", "[server][lifecycle]") {
    temp_dir dir;
    st::SqliteOptions options;
    options.data_dir = dir.path;
    auto opened = st::open_sqlite_stores(options);
    REQUIRE(opened.ok());
    auto config = test_config();
    config.adjourn_after = std::chrono::milliseconds(100);
    test_server server(config, std::move(opened).value());

    const std::string room = play_and_leave(server.port(), true);
    // A private game's adjourning is announced nowhere but the metrics (bounded wait).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (metric(server.port(), "carc_rooms_adjourned") != 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(metric(server.port(), "carc_rooms_adjourned") == 1);

    ws_client eve(server.port());
    greet(eve, "Eve");
    for (const char* type : {"spectate", "join", "room_info", "history"}) {
        INFO(type);
        json about_it = eve.request({{"type", type}, {"room", room}});
        json about_none = eve.request({{"type", type}, {"room", "r999999"}});
        about_it.erase("id");
        about_none.erase("id");
        CHECK(about_it["code"] == "no_such_room");
        CHECK(about_it == about_none);
    }
    CHECK(http_get(server.port(), "/api/games/" + room).status == 404);
}

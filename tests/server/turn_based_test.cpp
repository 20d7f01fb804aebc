// Turn-based games (docs/accounts.md): the time per move, its deadline stored and fired once
// (across a restart too), vacation days spent before a timeout, the medium bot taking the seat,
// the player taking it back, claiming the win, the limit, and only accounts sitting. The server
// runs with --short-move-times (moves of 1-2 s, vacation days of 1 s); every wait is for a
// condition, polled against a deadline.
#include <condition_variable>
#include <mutex>
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "rooms/turn_notices.hpp"
#include "persist_driver.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;
namespace st = carc::storage;
namespace server = carc::server;

namespace {

constexpr const char* password = "correct horse battery";

server::server_config short_moves() {
    server::server_config config = test_config();
    config.turn_based.short_move_times = true;
    return config;
}

// A SQLite store in a folder that outlives restarts of the server on it.
struct restartable_server {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("carc-turns-" + server::random_hex(6));
    server::server_config config;
    std::shared_ptr<st::Store> store;
    std::unique_ptr<test_server> server;

    explicit restartable_server(server::server_config c = short_moves()) : config(std::move(c)) { start(); }
    ~restartable_server() {
        stop();
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    void start() {
        st::SqliteOptions options;
        options.data_dir = dir;
        auto opened = st::open_sqlite_stores(options);
        REQUIRE(opened.ok());
        store = opened->games;
        server = std::make_unique<test_server>(config, std::move(opened).value());
    }
    void stop() {
        server.reset();
        store.reset();
    }
    unsigned short port() const { return server->port(); }
    st::TurnStore& turns() { return dynamic_cast<st::TurnStore&>(*store); }
};

struct player {
    std::string token;   // the session token (terminal client style)
    std::string person;
    std::unique_ptr<ws_client> ws;

    std::string bearer() const { return "Bearer " + token; }
    json request(json message) { return ws->request(std::move(message)); }
};

player sign_up_player(unsigned short port, const std::string& name) {
    const auto made = sign_up(port, name, password, {{"want_token", true}});
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    player p;
    p.token = made.body["token"];
    p.person = made.body["person"];
    return p;
}

void connect(player& p, unsigned short port) {
    p.ws = std::make_unique<ws_client>(port);
    const json welcome = p.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", "x"}, {"session", p.token}});
    INFO(welcome.dump());
    REQUIRE(welcome["type"] == "welcome");
}

void set_auto_vacation(unsigned short port, const player& p, bool on) {
    REQUIRE(call_api(port, "PATCH", "/api/me", {{"auto_vacation", on}}, p.bearer()).status == 200);
}

// The player's entry for `room` in GET /api/me/games.
json my_game(unsigned short port, const player& p, const std::string& room) {
    const auto listed = call_api(port, "GET", "/api/me/games", nullptr, p.bearer());
    REQUIRE(listed.status == 200);
    for (const json& g : listed.body["games"])
        if (g["room"] == room) return g;
    FAIL("room " << room << " not in my games: " << listed.body.dump());
    return nullptr;
}

// Polls `condition` until it holds or `limit` passes.
template <typename Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
    const auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
        if (condition()) return true;
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// The account's vacation days left, counted with real days: 20 minus the days spent (the
// server's one-second days would add one every 8 s of the test).
int days_left(restartable_server& s, const player& p) {
    return s.turns().vacation_left(p.person, carc::server::unix_ms(), 86'400'000).value();
}

json seat_view(player& p, const std::string& room, int seat) {
    const json snapshot = p.request({{"type", "snapshot"}, {"room", room}});
    REQUIRE(snapshot["type"] == "snapshot");
    return snapshot["view"]["room"]["seats"][seat];
}

// Ada and Bob signed up and connected; Ada's vacation switched off unless `ada_vacation`.
void sign_up_both(unsigned short port, player& ada, player& bob, bool ada_vacation) {
    ada = sign_up_player(port, "Ada");
    bob = sign_up_player(port, "Bob");
    if (!ada_vacation) set_auto_vacation(port, ada, false);
    connect(ada, port);
    connect(bob, port);
}

// Ada (seat 0) and Bob (seat 1) in a started turn-based game of `move_time_s`.
std::string start_turn_based(player& ada, player& bob, std::int64_t move_time_s) {
    const std::string room = open_room(*ada.ws, {{"seats", 2}, {"move_time_s", move_time_s}})["room"];
    join_room(*bob.ws, room);
    start_game(*ada.ws, room);
    return room;
}

// What the rooms told the notice hook, as "your_turn PERSON" and "time_running_out PERSON".
struct heard_notices : server::turn_notices {
    std::mutex mutex;
    std::condition_variable told;
    std::vector<std::string> heard;

    void your_turn(const std::string&, const std::string& person, std::int64_t) override { hear("your_turn " + person); }
    void time_running_out(const std::string&, const std::string& person, std::int64_t) override {
        hear("time_running_out " + person);
    }
    void hear(std::string what) {
        std::lock_guard lock(mutex);
        heard.push_back(std::move(what));
        told.notify_all();
    }
    bool wait_for(const std::string& what) {
        std::unique_lock lock(mutex);
        return told.wait_for(lock, std::chrono::seconds(20), [&] { return count_locked(what) > 0; });
    }
    std::size_t count(const std::string& what) {
        std::lock_guard lock(mutex);
        return count_locked(what);
    }
    std::size_t count_locked(const std::string& what) const { return static_cast<std::size_t>(std::ranges::count(heard, what)); }
};

}  // namespace

TEST_CASE("turn-based: the notice hook hears of a move once, and when a fifth of its time is left",
          "[server][turn_based]") {
    restartable_server s;
    auto notices = std::make_shared<heard_notices>();
    s.server->app().state().notices = notices;  // before any room exists: no strand reads it yet
    player ada, bob;
    sign_up_both(s.port(), ada, bob, true);
    const std::string room = start_turn_based(ada, bob, 5);
    viewer ada_view{*ada.ws, room};
    ada_view.sync();
    // Ada lays her tile: the follower is still hers to decide, the same move.
    REQUIRE(play_first(ada_view)["type"] == "ack");
    REQUIRE(notices->wait_for("time_running_out " + ada.person));  // at 4 s of 5
    CHECK(notices->count("your_turn " + ada.person) == 1);
    CHECK(notices->count("your_turn " + bob.person) == 0);
}

TEST_CASE("turn-based: a move's time is running out once, however many vacation days move its deadline",
          "[server][turn_based]") {
    restartable_server s;
    auto notices = std::make_shared<heard_notices>();
    s.server->app().state().notices = notices;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, true);  // auto_vacation on: a day (a second here) per deadline
    const std::string room = start_turn_based(ada, bob, 2);  // warned 0.4 s before each deadline
    REQUIRE(notices->wait_for("time_running_out " + ada.person));
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["your_turn"] == true; }));
    const std::int64_t deadline = my_game(s.port(), ada, room)["deadline_ms"];
    // Three vacation days later, each deadline a second on: still the one warning.
    REQUIRE(eventually([&] {
        const json g = my_game(s.port(), ada, room);
        return g["deadline_ms"].is_number_integer() && g["deadline_ms"].get<std::int64_t>() >= deadline + 3000;
    }));
    CHECK(notices->count("time_running_out " + ada.person) == 1);
    CHECK(notices->count("your_turn " + ada.person) == 1);
}

TEST_CASE("turn-based: a deadline that passed while the server was down fires once when it is back",
          "[server][turn_based]") {
    restartable_server s;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, false);
    const std::string room = start_turn_based(ada, bob, 2);

    // The move is stored right after the start's ack: wait for it in the store.
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["your_turn"] == true; }));
    const json before = my_game(s.port(), ada, room);
    INFO(before.dump());
    REQUIRE(before["your_turn"] == true);
    REQUIRE(before["move_time_s"] == 2);
    const std::int64_t deadline = before["deadline_ms"];
    CHECK(my_game(s.port(), bob, room)["your_turn"] == false);

    ada.ws.reset();
    bob.ws.reset();
    s.stop();
    REQUIRE(eventually([&] { return carc::server::unix_ms() > deadline + 200; }));
    s.start();

    // Fired at start-up: no vacation (switched off), so the medium bot plays Ada's seat.
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room).value("away", false); }));
    const json after = my_game(s.port(), ada, room);
    CHECK(after["your_turn"] == false);
    CHECK(after["deadline_ms"].is_null());
    // The store decided once: firing the same deadline again loses.
    st::DeadlineFire again;
    again.room_id = room;
    again.seq = 0;
    again.deadline_ms = deadline;
    again.person_id = ada.person;
    again.day_ms = 1000;
    again.now_ms = carc::server::unix_ms();
    const auto fired = s.turns().fire_deadline(again);
    REQUIRE(fired.ok());
    CHECK(fired->outcome == st::DeadlineOutcome::lost);
    // The bot moved for Ada: now it is Bob's move, with a deadline.
    REQUIRE(eventually([&] { return my_game(s.port(), bob, room)["your_turn"] == true; }));
    CHECK(my_game(s.port(), bob, room)["deadline_ms"].is_number_integer());
}

TEST_CASE("turn-based: vacation is spent, then the bot takes the seat, then the player takes it back",
          "[server][turn_based]") {
    restartable_server s;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, true);
    REQUIRE(days_left(s, ada) == 20);
    const std::string room = start_turn_based(ada, bob, 1);
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["your_turn"] == true; }));
    const std::int64_t deadline = my_game(s.port(), ada, room)["deadline_ms"];

    // auto_vacation is on from sign-up: the deadline moves a day (a second here) later.
    REQUIRE(eventually([&] {
        const json g = my_game(s.port(), ada, room);
        return g["deadline_ms"].is_number_integer() && g["deadline_ms"].get<std::int64_t>() >= deadline + 1000;
    }));
    CHECK(my_game(s.port(), ada, room)["your_turn"] == true);
    CHECK_FALSE(seat_view(bob, room, 0)["away"] == true);

    // Vacation switched off: the next deadline hands the seat to the bot.
    set_auto_vacation(s.port(), ada, false);
    REQUIRE(eventually([&] { return seat_view(bob, room, 0).value("away", false); }));
    // The days spent (one a second while auto_vacation was on) are gone from the account's 20.
    CHECK(days_left(s, ada) < 20);
    const json refused = bob.request({{"type", "take_seat_back"}, {"room", room}});
    CHECK(refused["type"] == "error");
    CHECK(refused["params"]["reason"] == "not_away");

    const json back = ada.request({{"type", "take_seat_back"}, {"room", room}});
    INFO(back.dump());
    CHECK(back["type"] == "ack");
    CHECK(seat_view(bob, room, 0)["away"] == false);
    CHECK_FALSE(my_game(s.port(), ada, room).value("away", false));
}

TEST_CASE("turn-based: in a two-player game the opponent of a timed-out seat claims the win", "[server][turn_based]") {
    restartable_server s;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, false);
    const std::string room = start_turn_based(ada, bob, 2);

    const json early = bob.request({{"type", "claim_win"}, {"room", room}});
    CHECK(early["type"] == "error");
    CHECK(early["params"]["reason"] == "no_claim");

    REQUIRE(eventually([&] { return seat_view(bob, room, 0).value("away", false); }));
    CHECK(ada.request({{"type", "claim_win"}, {"room", room}})["type"] == "error");  // the away seat cannot
    const json claimed = bob.request({{"type", "claim_win"}, {"room", room}});
    INFO(claimed.dump());
    CHECK(claimed["type"] == "ack");
    const json snapshot = bob.request({{"type", "snapshot"}, {"room", room}});
    INFO(snapshot.dump());
    CHECK(snapshot["view"]["room"]["status"] == "finished");
    CHECK(snapshot["view"]["game"]["result"]["winners"] == json::array({1}));
}

TEST_CASE("turn-based: only accounts sit, move times are the presets, running games are limited",
          "[server][turn_based]") {
    server::server_config config = test_config();
    config.turn_based.max_games_per_person = 1;
    restartable_server s(config);
    player ada, bob;
    sign_up_both(s.port(), ada, bob, true);

    const json odd = ada.request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", 5}});
    CHECK(odd["type"] == "error");
    CHECK(odd["code"] == "bad_field");

    ws_client guest(s.port());
    greet(guest, "Guest");
    const json as_guest = guest.request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", 4 * 3600}});
    CHECK(as_guest["type"] == "error");
    CHECK(as_guest["params"]["reason"] == "account_required");

    const std::string room = open_room(*ada.ws, {{"seats", 3}, {"move_time_s", 12 * 3600}})["room"];
    const json guest_join = guest.request({{"type", "join"}, {"room", room}});
    CHECK(guest_join["type"] == "error");
    CHECK(guest_join["params"]["reason"] == "account_required");
    join_room(*bob.ws, room);
    REQUIRE(ada.request({{"type", "set_bot"}, {"room", room}, {"seat", 2}, {"bot", "random"}})["type"] == "ack");
    start_game(*ada.ws, room);
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["your_turn"] == true; }));

    // One running turn-based game is this server's limit: a second is refused.
    const json second = ada.request({{"type", "create_room"}, {"seats", 2}, {"move_time_s", 86400}});
    INFO(second.dump());
    CHECK(second["type"] == "error");
    CHECK(second["code"] == "too_many_rooms");
    CHECK(second["params"]["reason"] == "turn_based_games");
    CHECK(second["params"]["limit"] == 1);
    // Live games are not counted.
    CHECK(ada.request({{"type", "create_room"}, {"seats", 2}})["type"] == "room_created");
    CHECK(server::server_config{}.turn_based.max_games_per_person == 50);
}

TEST_CASE("turn-based: a vacation day taken on purpose, over HTTP and WebSocket, moves the deadline a day",
          "[server][turn_based]") {
    restartable_server s;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, false);  // on purpose works without auto_vacation
    // Long enough never to pass during the test: only the days taken move it.
    const std::string room = start_turn_based(ada, bob, 600);
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["your_turn"] == true; }));
    const std::int64_t deadline = my_game(s.port(), ada, room)["deadline_ms"];

    const auto taken = call_api(s.port(), "POST", "/api/me/games/" + room + "/vacation", json::object(), ada.bearer());
    INFO(taken.body.dump());
    REQUIRE(taken.status == 200);
    CHECK(taken.body["deadline_ms"] == deadline + 1000);
    CHECK(taken.body["vacation_days_left"].is_number_integer());
    CHECK(ada.request({{"type", "take_vacation"}, {"room", room}})["type"] == "ack");
    // My games reads the turn as stored, which the room writes just after its ack.
    CHECK(eventually([&] { return my_game(s.port(), ada, room)["deadline_ms"] == deadline + 2000; }));
    CHECK(eventually([&] { return days_left(s, ada) == 18; }));

    // Not Bob's move: refused, over both.
    const json not_his = bob.request({{"type", "take_vacation"}, {"room", room}});
    CHECK(not_his["code"] == "not_your_turn");
    const auto refused = call_api(s.port(), "POST", "/api/me/games/" + room + "/vacation", json::object(), bob.bearer());
    CHECK(refused.status == 409);
    CHECK(refused.body["reason"] == "not_your_move");
    CHECK(call_api(s.port(), "POST", "/api/me/games/nosuchroom/vacation", json::object(), ada.bearer()).status == 404);
}

TEST_CASE("turn-based: the mover's view carries the move's deadline, which moves on with the turn and a vacation day",
          "[server][turn_based]") {
    restartable_server s;
    player ada, bob;
    sign_up_both(s.port(), ada, bob, false);
    const std::string room = start_turn_based(ada, bob, 600);  // never passes during the test
    viewer ada_view{*ada.ws, room}, bob_view{*bob.ws, room};
    ada_view.sync();
    bob_view.sync();
    const auto deadline_of = [](const json& view) { return view["you"].value("deadline_ms", json(nullptr)); };
    REQUIRE(ada_view.view["game"]["decider"] == 0);
    // Ada's move: her view has its deadline, the same as stored (My games); Bob's has none.
    REQUIRE(deadline_of(ada_view.view).is_number_integer());
    const std::int64_t first = deadline_of(ada_view.view);
    CHECK(first > carc::server::unix_ms() + 590'000);
    REQUIRE(eventually([&] { return my_game(s.port(), ada, room)["deadline_ms"] == first; }));
    CHECK(deadline_of(bob_view.view).is_null());

    // A vacation day moves it a (short) day later, in her view as a patch.
    REQUIRE(ada_view.request({{"type", "take_vacation"}, {"room", room}})["type"] == "ack");
    REQUIRE(ada_view.wait_until([&](const json& v) { return deadline_of(v) == first + 1000; }));
    ada_view.check_against_snapshot();

    // She moves (a tile, then her follower or none): the deadline leaves her view for Bob's.
    while (ada_view.view["game"]["decider"] == 0) REQUIRE(play_first(ada_view)["type"] == "ack");
    CHECK(deadline_of(ada_view.view).is_null());
    REQUIRE(bob_view.wait_until([&](const json& v) { return deadline_of(v).is_number_integer(); }));
    const std::int64_t bobs = deadline_of(bob_view.view);
    CHECK(bobs > first - 1000);
    CHECK(bobs <= carc::server::unix_ms() + 600'000);
    REQUIRE(eventually([&] { return my_game(s.port(), bob, room)["deadline_ms"] == bobs; }));
    bob_view.check_against_snapshot();
    ada_view.check_against_snapshot();
}

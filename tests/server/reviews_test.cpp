// Move reviews through the real server (docs/protocol.md, "Move reviews"): asked for a finished
// game, answered at once with a job, polled until done, the same JSON `carc-sim review` prints
// for the record; asked again, the same job; the limits per person, per address and in all; a
// running game refused. The bot pool's background lane yields to games' searches (the store's
// share, one claim per job, is tests/storage/reviews_store_test.cpp).
#include <fstream>
#include <future>
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "carc/testkit/command_output.hpp"
#include "room_openings.hpp"
#include "rooms/bot_pool.hpp"

using namespace carc::test;

namespace {

carc::server::server_config review_config() {
    auto config = test_config();
    config.bot_threads = 1;          // one thread: the background lane is easy to hold
    config.resigned_bot = "greedy";  // a resigned seat's moves cost nothing
    config.reviews.per_person_daily = 3;
    config.reviews.queued_in_all = 3;
    return config;
}

// Holds the bot pool's background lane (one thread: its only place) until released, so that
// reviews asked meanwhile stay queued.
struct lane_holder {
    std::promise<void> release;
    std::promise<void> started;
    explicit lane_holder(carc::server::bot_pool& pool) {
        auto gate = release.get_future().share();
        pool.run_background([this, gate](const carc::server::bot_pool::yield_fn& yield) {
            started.set_value();
            while (gate.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready) yield();
        });
        started.get_future().wait();
    }
    void let_go() { release.set_value(); }
};

// Ada opens a short game with two greedy bots, starts it and resigns: the bots play it to its
// end. Returns the game's id once its record is stored.
std::string finished_game(account_server& s, signed_player& host) {
    const std::string room = open_room(*host.ws, {{"seats", 3},
                                                  {"bots", {{{"seat", 1}, {"kind", "greedy"}}, {{"seat", 2}, {"kind", "greedy"}}}},
                                                  {"options", {{"pile_limit", 6}}}})["room"];
    start_game(*host.ws, room);
    REQUIRE(host.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    for (int i = 0; i < 1000; ++i) {
        auto stored = s.stores.games->get_game(room);
        REQUIRE(stored.ok());
        if (stored->has_value()) return room;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    FAIL("the game's record was never stored");
    return {};
}

std::string review_path(const std::string& id, const std::string& strength = "easy") {
    return "/api/games/" + id + "/review?strength=" + strength;
}

// Polls GET until the job is done or failed (not timed: up to 60 s on a loaded machine).
api_reply wait_until_done(account_server& s, const std::string& id, const std::string& strength = "easy") {
    api_reply reply;
    for (int i = 0; i < 6000; ++i) {
        reply = call_api(s.port(), "GET", review_path(id, strength));
        REQUIRE(reply.status == 200);
        if (reply.body["state"] == "done" || reply.body["state"] == "failed") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    INFO(reply.body.dump());
    REQUIRE(reply.body["state"] == "done");
    return reply;
}

// What `carc-sim review RECORD.json --strength STRENGTH` prints for the stored record.
json carc_sim_review(account_server& s, const std::string& id, const std::string& strength) {
    const auto file = s.dir / (id + ".json");
    std::ofstream(file) << s.stores.games->get_game(id).value().value();
    const std::string command = std::string(CARC_SIM) + " review " + file.string() + " --strength " + strength + " 2>/dev/null";
    const auto out = run_command(command);
    REQUIRE(out.exit_code == 0);
    return json::parse(out.text);
}

}  // namespace

TEST_CASE("a finished game's review is polled until done and equals what carc-sim prints and asked again is the same",
          "[server][reviews]") {
    account_server s(review_config());
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    const std::string game = finished_game(s, ada);

    CHECK(call_api(s.port(), "GET", review_path(game)).status == 404);  // nobody asked yet
    const api_reply asked = call_api(s.port(), "POST", "/api/games/" + game + "/review", {{"strength", "easy"}}, ada.auth());
    INFO(asked.body.dump());
    REQUIRE(asked.status == 202);
    CHECK(asked.body["game"] == game);
    CHECK(asked.body["strength"] == "easy");
    CHECK(asked.body["state"] == "queued");

    const api_reply done = wait_until_done(s, game);
    const json expected = carc_sim_review(s, game, "easy");
    CHECK(done.body["judged"] == done.body["decisions"]);
    CHECK(done.body["decisions"] == expected["decisions"].size());
    CHECK(expected["decisions"].size() > 6);
    CHECK(done.body["review"] == expected);

    // Asked again, by anyone: the same review, at once, computed once.
    const api_reply again = call_api(s.port(), "POST", review_path(game, "medium"), nullptr, bob.auth());
    CHECK(again.status == 202);  // medium: a job of its own
    const api_reply same = call_api(s.port(), "POST", "/api/games/" + game + "/review", {{"strength", "easy"}}, bob.auth());
    CHECK(same.status == 200);
    CHECK(same.body["state"] == "done");
    CHECK(same.body["review"] == expected);
}

TEST_CASE("reviews are refused for running or unknown games and bad strengths and past the limits",
          "[server][reviews]") {
    account_server s(review_config());
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    const std::string game = finished_game(s, ada);
    const std::string other = finished_game(s, ada);

    SECTION("a running game, an unknown game, a bad strength") {
        const std::string running = open_room(*bob.ws, {{"seats", 2}, {"bots", {{{"seat", 1}, {"kind", "greedy"}}}}})["room"];
        start_game(*bob.ws, running);
        const api_reply playing = call_api(s.port(), "POST", review_path(running), nullptr, bob.auth());
        CHECK(playing.status == 409);
        CHECK(playing.body["error"] == "game_not_finished");
        CHECK(call_api(s.port(), "POST", review_path("no-such-game"), nullptr, bob.auth()).status == 404);
        const api_reply bad = call_api(s.port(), "POST", review_path(game, "random"), nullptr, bob.auth());
        CHECK(bad.status == 400);
        CHECK(bad.body["error"] == "bad_strength");
    }

    SECTION("one at a time and a daily number per account; each person counts alone") {
        lane_holder held(*s.state().bots);
        CHECK(call_api(s.port(), "POST", review_path(game), nullptr, ada.auth()).status == 202);
        const api_reply busy = call_api(s.port(), "POST", review_path(other), nullptr, ada.auth());
        INFO(busy.body.dump());
        CHECK(busy.status == 429);
        CHECK(busy.body["error"] == "review_busy");
        CHECK(busy.headers.contains("retry-after"));
        CHECK(call_api(s.port(), "POST", review_path(other), nullptr, bob.auth()).status == 202);  // Bob is another person
        held.let_go();
        wait_until_done(s, game);
        wait_until_done(s, other);

        CHECK(call_api(s.port(), "POST", review_path(other, "medium"), nullptr, ada.auth()).status == 202);
        wait_until_done(s, other, "medium");
        CHECK(call_api(s.port(), "POST", review_path(game, "medium"), nullptr, ada.auth()).status == 202);
        wait_until_done(s, game, "medium");
        // Three asked within a day: the fourth waits a day for the first to leave the window.
        const api_reply daily = call_api(s.port(), "POST", review_path(game, "hard"), nullptr, ada.auth());
        INFO(daily.body.dump());
        CHECK(daily.status == 429);
        CHECK(daily.body["error"] == "review_daily_limit");
        const long long wait = std::stoll(daily.headers.at("retry-after"));
        CHECK(wait > 86000);
        CHECK(wait <= 86400);
        // An existing review costs nothing.
        CHECK(call_api(s.port(), "POST", review_path(game), nullptr, ada.auth()).status == 200);
    }

    SECTION("a guest is limited by address; a cap on all the queued reviews") {
        lane_holder held(*s.state().bots);
        CHECK(call_api(s.port(), "POST", review_path(game)).status == 202);
        const api_reply busy = call_api(s.port(), "POST", review_path(other));
        CHECK(busy.status == 429);
        CHECK(busy.body["error"] == "review_busy");
        CHECK(call_api(s.port(), "POST", review_path(other), nullptr, ada.auth()).status == 202);
        CHECK(call_api(s.port(), "POST", review_path(game, "medium"), nullptr, bob.auth()).status == 202);
        signed_player cy = sign_up_player(s, "Cy");
        const api_reply full = call_api(s.port(), "POST", review_path(other, "medium"), nullptr, cy.auth());
        INFO(full.body.dump());
        CHECK(full.status == 429);
        CHECK(full.body["error"] == "review_queue_full");
        CHECK(full.headers.contains("retry-after"));
        const api_reply queued = call_api(s.port(), "GET", review_path(game));
        CHECK(queued.body["state"] == "queued");
        held.let_go();
        wait_until_done(s, game);
    }
}

TEST_CASE("background work waits for no search: it yields to every search that waits", "[server][reviews]") {
    carc::server::bot_pool pool({.threads = 1, .limit = std::chrono::milliseconds(3000),
                                 .slice = std::chrono::milliseconds(250), .now = {}});
    std::promise<void> started;
    std::promise<int> searched;
    std::atomic<bool> search_ran{false};
    std::promise<int> yields_before_search;
    pool.run_background([&](const carc::server::bot_pool::yield_fn& yield) {
        started.set_value();
        int yields = 0;
        while (!search_ran) {
            yield();
            ++yields;
        }
        yields_before_search.set_value(yields);
    });
    started.get_future().wait();
    // The pool's only thread runs the background work; the search runs inside its next yield.
    pool.run("p1", "r1", [&](const carc::server::bot_pool::stop_fn&) {
        search_ran = true;
        searched.set_value(1);
    });
    CHECK(searched.get_future().get() == 1);
    CHECK(yields_before_search.get_future().get() >= 1);
}

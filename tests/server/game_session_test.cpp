// The game session alone, without a strand, a timer or a journal: moves tried on a copy and
// adopted, the log, the clock with the time passed in, the result and the record; the points by
// kind counted from the engine's events equal those a replay of the log gives.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "carc/bots.hpp"
#include "carc/protocol/breakdown.hpp"
#include "carc/records/game_replay.hpp"
#include "carc/protocol/engine_json.hpp"
#include "rooms/game_session.hpp"

using namespace carc;
using namespace carc::server;
using namespace std::chrono_literals;
using nlohmann::json;

namespace {

protocol::RoomInfo room_of(int players) {
    protocol::RoomInfo room;
    room.id = "r1";
    room.settings.config.players = players;
    room.seats.resize(static_cast<std::size_t>(players));
    for (int p = 0; p < players; ++p) {
        auto& seat = room.seats[static_cast<std::size_t>(p)];
        seat.kind = protocol::SeatInfo::Kind::human;
        seat.person = "p" + std::to_string(p);
        seat.name = "P" + std::to_string(p);
    }
    return room;
}

void begin(game_session& session, const protocol::RoomInfo& room, std::uint64_t seed,
           std::optional<protocol::ClockSettings> clock = std::nullopt) {
    MatchSetup setup;
    setup.config = room.settings.config;
    setup.seed = seed;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    game_start start;
    start.room_id = room.id;
    start.setup = setup;
    start.seed_nonce = "nonce";
    start.seed_commitment = "commitment";
    start.initial_hash = match->state().hash();
    start.time_ms = 1000;
    session.begin(start, std::move(match), clock);
}

// A two-seat game with a clock whose first turn starts at the returned time (Unix 5000 ms).
game_session::steady::time_point begin_clocked(game_session& session, const protocol::RoomInfo& room,
                                               std::uint64_t seed, std::int64_t initial_ms, std::int64_t increment_ms) {
    protocol::ClockSettings clock;
    clock.initial_ms = initial_ms;
    clock.increment_ms = increment_ms;
    begin(session, room, seed, clock);
    const auto t0 = game_session::steady::time_point{} + std::chrono::hours(1);
    session.update_clock(t0, 5000);
    return t0;
}

// One random legal move, tried and adopted; the time is made up.
void play_one(game_session& session, Rng& rng, game_session::steady::time_point now) {
    const int seat = session.state().decider();
    std::shared_ptr<pending_move> move;
    REQUIRE_FALSE(session.prepare(seat, {choose_random(session.state(), rng)}, "r1", 2000, now, move));
    session.adopt(std::move(*move));
}

}  // namespace

TEST_CASE("session: a move is tried on a copy, refused or unadopted it changes nothing", "[server][session]") {
    const auto room = room_of(2);
    game_session session;
    CHECK_FALSE(session.started());
    CHECK(session.public_record_text() == nullptr);
    begin(session, room, 7);
    const std::uint64_t before = session.state().hash();
    std::shared_ptr<pending_move> move;
    const auto refused = session.prepare(0, {Action::place_follower(0)}, "r1", 2000, {}, move);
    REQUIRE(refused);
    REQUIRE(refused->rule);
    CHECK(refused->rule->code == RuleErrorCode::wrong_phase);
    Rng rng(1);
    REQUIRE_FALSE(session.prepare(0, {choose_random(session.state(), rng)}, "r1", 2000, {}, move));
    REQUIRE(move->entry.steps.size() == 1);
    CHECK(move->entry.steps[0].seq == 1);
    CHECK(move->entry.steps[0].state_hash == move->next.hash());
    CHECK(session.state().hash() == before);  // tried, not adopted
    CHECK(session.moves() == 0);
    session.adopt(std::move(*move));
    CHECK(session.moves() == 1);
    CHECK(session.state().hash() != before);
    CHECK(json::parse(session.events_text()).is_array());
}

TEST_CASE("session: a whole game's result, record and counted points", "[server][session]") {
    auto room = room_of(3);
    room.settings.config.options.pile_limit = 20;
    game_session session;
    begin(session, room, 11);
    Rng rng(5);
    std::vector<replay_step> steps;
    while (!session.state().is_over()) {
        const int seat = session.state().decider();
        std::shared_ptr<pending_move> move;
        REQUIRE_FALSE(session.prepare(seat, {choose_random(session.state(), rng)}, "r1", 2000, {}, move));
        steps.push_back({seat, protocol::action_to_json(move->entry.steps[0].action), move->entry.steps[0].state_hash});
        session.adopt(std::move(*move));
    }
    room.seats[2].resigned = true;
    bool finished = true;
    REQUIRE(session.public_record_text(&finished) == nullptr);  // not refreshed yet
    session.refresh_public_record(room);
    REQUIRE(session.public_record_text(&finished));
    CHECK_FALSE(finished);
    CHECK_FALSE(session.running_summary().is_null());

    const auto record = session.finish("complete", room, {}, 9000);
    REQUIRE(session.finished());
    const protocol::GameResult& result = *session.result();
    CHECK(result.resigned == std::vector<int>{2});
    for (const int w : result.winners) CHECK(w != 2);
    // The points as counted while the game went, and as a replay of the log gives them.
    MatchSetup setup;
    setup.config = room.settings.config;
    setup.seed = 11;
    replay_outcome replayed = replay_game(setup, steps, std::nullopt);
    REQUIRE(replayed.match);
    CHECK(result.breakdown == protocol::score_breakdown(*replayed.match));
    CHECK(replayed.points.size() == 3);
    CHECK(protocol::settle_breakdown(replayed.points, replayed.match->state()) == result.breakdown);
    for (std::size_t seat = 0; seat < 3; ++seat) {
        int sum = 0;
        for (const auto& [kind, points] : result.breakdown[seat]) sum += points;
        CHECK(sum == result.scores[seat]);
    }
    // The record: kept as text, revealed, the same the readers get.
    CHECK(session.public_record_text(&finished) == record);
    CHECK(finished);
    CHECK(session.running_summary().is_null());
    const json parsed = json::parse(*record);
    CHECK(parsed["status"] == "finished");
    CHECK(parsed["seed"] == "11");
    CHECK(parsed["actions"].size() == steps.size());
    CHECK(session.extras(3).seed == "11");
}

TEST_CASE("session: the clock runs for the decider, from the time passed in", "[server][session]") {
    const auto room = room_of(2);
    game_session session;
    const auto t0 = begin_clocked(session, room, 3, 60000, 1000);
    REQUIRE(session.clock());
    CHECK(session.clock()->running() == 0);
    CHECK(session.clock_remaining(t0 + 10s) == std::vector<std::int64_t>{50000, 60000});
    CHECK(session.extras(2).clock->since_ms == 5000);
    session.count_timeout(0, 2);
    CHECK(session.extras(2).clock->timeouts == std::vector<int>{1, 0});
    Rng rng(2);
    // A turn is two decisions (tile, then follower): seat 0 keeps the clock until its turn ends.
    while (session.state().decider() == 0) {
        play_one(session, rng, t0 + 10s);
        session.update_clock(t0 + 10s, 15000);
    }
    CHECK(session.clock()->running() == 1);
    CHECK(session.clock()->remaining_at_since(0) == 51000ms);  // 10 s used, 1 s back
    session.finish("complete", room, t0 + 20s, 25000);
    CHECK(session.clock()->running() == -1);
    session.update_clock(t0 + 30s, 35000);  // over: nobody's time runs
    CHECK(session.clock()->running() == -1);
}

TEST_CASE("session: the clocks journaled with a move include the increment when the move ends the turn",
          "[server][session]") {
    const auto room = room_of(2);
    game_session session;
    const auto t0 = begin_clocked(session, room, 5, 300000, 10000);
    Rng rng(4);
    // Seat 0 decides twice in its first turn (tile, then follower) and thinks 4 s each time.
    int decisions = 0;
    std::optional<std::vector<std::int64_t>> journaled;
    while (session.state().decider() == 0) {
        std::shared_ptr<pending_move> move;
        const auto now = t0 + 4s * (decisions + 1);
        REQUIRE_FALSE(session.prepare(0, {choose_random(session.state(), rng)}, "r1", 2000, now, move));
        journaled = move->entry.clock_remaining_ms;
        if (move->next.decider() == 0)  // the turn goes on: charged, no increment yet
            CHECK(journaled == std::vector<std::int64_t>{300000 - 4000 * (decisions + 1), 300000});
        session.adopt(std::move(*move));
        session.update_clock(now, 5000);
        ++decisions;
    }
    REQUIRE(decisions >= 1);
    // The move that ended the turn: every second used charged, the increment credited, exactly
    // what the running clock now holds (a restart restores this).
    const std::int64_t expected = 300000 - 4000 * decisions + 10000;
    CHECK(journaled == std::vector<std::int64_t>{expected, 300000});
    CHECK(session.clock()->remaining_at_since(0).count() == expected);
}

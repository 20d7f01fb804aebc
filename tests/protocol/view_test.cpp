// Views built from a real game: patches reproduce them, only the decider sees its options, and
// nothing in any view reveals the order of the face-down tiles.
#include <algorithm>

#include <catch2/catch.hpp>

#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/view.hpp"
#include "carc/protocol/view_publisher.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::protocol;
using nlohmann::json;

namespace {

RoomInfo two_seat_room() {
    RoomInfo room;
    room.id = "r1";
    room.invite = "ABCD-EFGH";
    room.host = "p1";
    room.status = RoomStatus::playing;
    room.settings.config.players = 2;
    room.seats.resize(2);
    room.seats[0] = SeatInfo{SeatInfo::Kind::human, "p1", "Ada", true, BotKind::random, false};
    room.seats[1] = SeatInfo{SeatInfo::Kind::bot, "", "Greedy bot", false, BotKind::greedy, false};
    return room;
}

// True when `ids` holds `window` consecutive entries of `order` anywhere.
bool contains_run(const std::vector<std::string>& ids, const std::vector<std::string>& order, std::size_t window) {
    if (ids.size() < window || order.size() < window) return false;
    for (std::size_t i = 0; i + window <= ids.size(); ++i)
        for (std::size_t j = 0; j + window <= order.size(); ++j)
            if (std::equal(ids.begin() + static_cast<long>(i), ids.begin() + static_cast<long>(i + window),
                           order.begin() + static_cast<long>(j)))
                return true;
    return false;
}

void collect_string_arrays(const json& value, std::vector<std::vector<std::string>>& out) {
    if (value.is_array()) {
        std::vector<std::string> strings;
        for (const json& item : value)
            if (item.is_string()) strings.push_back(item.get<std::string>());
        if (strings.size() == value.size()) out.push_back(strings);
    }
    if (value.is_structured())
        for (const json& item : value) collect_string_arrays(item, out);
}

// After each action: its events serialise, and each view (spectator, seat 0, seat 1) patches
// cleanly from the one before, offers options only to the decider and hides the pile.
class view_checks final : public playout::Hooks {
public:
    view_checks(const RoomInfo& room, const GameExtras& extras, const TileCatalog& catalog,
                const std::vector<std::string>& order, std::vector<json>& previous)
        : room_(room), extras_(extras), catalog_(catalog), order_(order), previous_(previous) {}
    bool wants_events() const override { return true; }
    void after(const Action&, PlayerId, const State& s, const std::vector<Event>& events) override {
        CHECK(events_to_json(events, catalog_).is_array());
        for (int key = -1; key < 2; ++key) {
            const std::optional<int> seat = key < 0 ? std::nullopt : std::optional<int>(key);
            json& before = previous_[static_cast<std::size_t>(key + 1)];
            json next = build_view(room_, &s, extras_, seat);
            const json patch = json::diff(before, next);
            CHECK(before.patch(patch) == next);

            const bool deciding = seat && s.decider() == *seat && !s.is_over() && s.phase() != Phase::place_tile;
            CHECK(next["you"]["legal"].empty() == !deciding);
            CHECK(next["game"]["seed"].is_null());
            std::vector<std::vector<std::string>> arrays;
            collect_string_arrays(next, arrays);
            for (const auto& ids : arrays) CHECK_FALSE(contains_run(ids, order_, 4));
            before = std::move(next);
        }
    }

private:
    const RoomInfo& room_;
    const GameExtras& extras_;
    const TileCatalog& catalog_;
    const std::vector<std::string>& order_;
    std::vector<json>& previous_;
};

}  // namespace

TEST_CASE("views of a whole game patch cleanly and hide the pile", "[protocol]") {
    MatchSetup setup;
    setup.config.players = 2;
    setup.seed = 20240607;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    const TileCatalog& catalog = match->game().tiles();
    std::vector<std::string> order;
    for (TileTypeId t : match->state().hidden_pile_order()) order.push_back(catalog.at(t).id);
    REQUIRE(order.size() > 10);

    const RoomInfo room = two_seat_room();
    GameExtras extras;
    extras.seed_commitment = "c0ffee";
    std::vector<json> previous;
    for (int key = -1; key < 2; ++key)
        previous.push_back(build_view(room, &match->state(), extras, key < 0 ? std::nullopt : std::optional<int>(key)));

    view_checks checks(room, extras, catalog, order, previous);
    State state = match->state();
    Rng rng(7);
    const auto outcome = playout::play_random(state, rng, &checks);
    REQUIRE_FALSE(outcome.refused);
    CHECK(outcome.decisions > 70);
    const json& game = previous[0]["game"];
    CHECK(game["phase"] == "game_over");
    CHECK(game["tiles_left"] == 0);
    CHECK(game["board"].size() == state.tiles().size());
    // One entry per seat with its score (a duplicate "players" key once hid this array).
    REQUIRE(game["players"].is_array());
    REQUIRE(game["players"].size() == 2);
    CHECK(game["player_count"] == 2);
    for (int p = 0; p < 2; ++p)
        CHECK(game["players"][static_cast<std::size_t>(p)]["score"] == state.player(static_cast<PlayerId>(p)).score);
}

TEST_CASE("a view before the start has no game and lists the seats", "[protocol]") {
    RoomInfo room = two_seat_room();
    room.status = RoomStatus::waiting;
    const json view = build_view(room, nullptr, GameExtras{}, 0);
    CHECK(view["game"].is_null());
    CHECK(view["you"]["seat"] == 0);
    CHECK(view["room"]["status"] == "waiting");
    CHECK(view["room"]["seats"][0]["name"] == "Ada");
    CHECK(view["room"]["seats"][1]["kind"] == "bot");
    CHECK(view["room"]["seats"][1]["bot"] == "greedy");
    const RoomSummary summary = summarize(room);
    CHECK(summary.taken == 2);
    CHECK(summary.bots == 1);
    CHECK(summary.host == "Ada");
    CHECK_FALSE(summary.move_time_s);
}

TEST_CASE("a turn-based room's summary says its time per move, and reads back", "[protocol]") {
    RoomInfo room = two_seat_room();
    room.status = RoomStatus::waiting;
    room.settings.move_time_s = 86400;
    const RoomSummary summary = summarize(room);
    CHECK(summary.move_time_s == 86400);
    CHECK_FALSE(summary.clock);
    const json text = summary;
    CHECK(text["move_time_s"] == 86400);
    CHECK(text.get<RoomSummary>() == summary);
}

TEST_CASE("The Castle's view carries its walled board and hides the face-down tokens", "[protocol]") {
    MatchSetup setup;
    setup.config.rules = RuleSystem::castle;
    setup.config.players = 2;
    setup.seed = 11;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    const json view = build_view(two_seat_room(), &match->state(), GameExtras{}, 0);
    const json& castle = view["game"]["castle"];
    const json& board = castle["board"];
    CHECK(board["interior"].size() == castle_interior_spaces);
    REQUIRE(board["wall"].size() == castle_wall_cells);
    int towers = 0, starts = 0, slots = 0;
    for (std::size_t k = 0; k < board["wall"].size(); ++k) {
        const json& w = board["wall"][k];
        CHECK(w["track"] == 2 * k);  // track order
        towers += w["tower"].get<bool>();
        starts += w["start"].get<bool>();
        slots += w["slot"].get<int>() >= 0;
    }
    CHECK(towers == castle_corner_towers);
    CHECK(starts == castle_start_spaces);
    CHECK(slots == castle_token_slots);
    CHECK(castle["towers_with_token"].size() == castle_token_slots);
    // The starting spaces are board entries with catalogue tiles, laid before the first turn.
    CHECK(view["game"]["board"].size() == castle_start_spaces);
    // No token kind appears anywhere before it is taken.
    const std::string text = view.dump();
    for (const char* kind : {"double_tower", "final_street", "market_bonus", "five_points"})
        CHECK(text.find(kind) == std::string::npos);
}

// A Castle scoring choice is shown where it is: each pending scoring lists the cells of its
// feature, all of them laid tiles (greedy games reach the choice within a few seeds).
TEST_CASE("The Castle's pending scorings carry their feature's cells", "[protocol]") {
    // Greedy play; before each scoring choice, the decider's view of the pending scorings.
    class pending_checks final : public playout::Hooks {
    public:
        void before(const State& s, const std::vector<Action>&) override {
            if (s.phase() != Phase::choose_scoring) return;
            ++choices;
            const json view = build_view(two_seat_room(), &s, GameExtras{}, s.decider());
            const json& pending = view["game"]["castle"]["pending"];
            REQUIRE_FALSE(pending.empty());
            for (const json& p : pending) {
                REQUIRE_FALSE(p["tiles"].empty());
                for (const json& cell : p["tiles"]) {
                    const Coord at{cell[0].get<std::int16_t>(), cell[1].get<std::int16_t>()};
                    CHECK(s.tile_at(at) >= 0);
                }
            }
        }
        std::size_t choose(const State& s, const std::vector<Action>& legal, Rng& choices_rng) override {
            const auto greedy = std::find(legal.begin(), legal.end(), choose_greedy(s, choices_rng));
            REQUIRE(greedy != legal.end());
            return static_cast<std::size_t>(greedy - legal.begin());
        }
        int choices = 0;
    } checks;
    for (std::uint64_t seed = 1; seed <= 30 && checks.choices < 3; ++seed) {
        MatchSetup setup;
        setup.config.rules = RuleSystem::castle;
        setup.config.players = 2;
        setup.seed = seed;
        std::string error;
        const auto game = playout::random_game(setup, seed, &checks, &error);
        INFO(error);
        REQUIRE(game);
        REQUIRE_FALSE(game->outcome.refused);
        REQUIRE(game->end->is_over());
    }
    CHECK(checks.choices > 0);
}

TEST_CASE("a turn-based move's deadline is in its mover's view only, and moves on with the move", "[protocol][views]") {
    RoomInfo room = two_seat_room();
    room.seats[1] = SeatInfo{SeatInfo::Kind::human, "p2", "Bob", true, BotKind::random, false};
    MatchSetup setup;
    setup.seed = 11;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    const State& state = match->state();
    const int mover = state.decider();
    const int other = 1 - mover;
    GameExtras extras;
    // A live game: no deadline in any view.
    for (const auto seat : {std::optional<int>(), std::optional<int>(0), std::optional<int>(1)})
        CHECK_FALSE(build_view(room, &state, extras, seat)["you"].contains("deadline_ms"));
    extras.move_deadline = MoveDeadline{mover, 1765540800000};
    CHECK(build_view(room, &state, extras, mover)["you"]["deadline_ms"] == 1765540800000);
    CHECK_FALSE(build_view(room, &state, extras, other)["you"].contains("deadline_ms"));
    CHECK_FALSE(build_view(room, &state, extras, std::nullopt)["you"].contains("deadline_ms"));

    // The turn passes: the publisher moves the deadline from one view to the other.
    ViewPublisher publisher(room);
    publisher.update(room, false, &state, extras);
    extras.move_deadline = MoveDeadline{other, 1765627200000};
    const ViewChange change = publisher.update(room, false, &state, extras);
    CHECK(change.you[ViewPublisher::key(mover)] == json::parse(R"([{"op":"remove","path":"/you/deadline_ms"}])"));
    CHECK(change.you[ViewPublisher::key(other)] ==
          json::parse(R"([{"op":"add","path":"/you/deadline_ms","value":1765627200000}])"));
    CHECK(change.you[ViewPublisher::key(std::nullopt)].empty());
    CHECK(publisher.view(other)["you"]["deadline_ms"] == 1765627200000);

    // A finished game has no deadline.
    extras.result = GameResult{"complete", {3, 4}, {1}, {}, {}};
    CHECK_FALSE(build_view(room, &state, extras, other)["you"].contains("deadline_ms"));
}

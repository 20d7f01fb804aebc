// ViewPublisher over long random games of every rule system, with people coming, going,
// renaming and dropping in between: for a seat and for the spectators, the published patch
// applied to the previous view always equals a view built afresh, and the publisher's own
// snapshot (document and text) equals it too. A spectator arriving or leaving is one operation.
// Every field of the view's description (protocol/src/view_fields.hpp) is in the snapshot and,
// whenever it changes, in the patch, under its path; nothing else is in either.
#include <algorithm>
#include <functional>
#include <set>

#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/view.hpp"
#include "carc/protocol/view_publisher.hpp"
#include "../../protocol/src/view_fields.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::protocol;
using nlohmann::json;

namespace {

struct rules_case {
    const char* name;
    GameConfig config;
};

std::vector<rules_case> every_rule_system() {
    std::vector<rules_case> out;
    GameConfig base;
    base.players = 3;
    out.push_back({"base", base});
    GameConfig tower;
    tower.players = 2;
    tower.expansions.tower = true;
    out.push_back({"tower", tower});
    GameConfig ckc;
    ckc.players = 3;
    ckc.expansions.river2 = true;
    ckc.expansions.count = true;
    ckc.expansions.king_robber = true;
    ckc.expansions.cult = true;
    out.push_back({"count king and cult with River II and the City", ckc});
    GameConfig city_tower;
    city_tower.players = 2;
    city_tower.expansions.count = true;
    city_tower.expansions.tower = true;
    out.push_back({"the City with The Tower", city_tower});
    GameConfig castle;
    castle.rules = RuleSystem::castle;
    castle.players = 2;
    out.push_back({"the castle", castle});
    return out;
}

// A room around the game: seat 0 a person, the others bots; spectators come and go.
struct room_model {
    RoomInfo info;
    int next_person = 100;
    bool spectators_changed = false;

    explicit room_model(const GameConfig& config) {
        info.id = "r7";
        info.invite = "ABCD-EFGH";
        info.host = "p1";
        info.settings.config = config;
        info.settings.name = "test";
        info.seats.resize(static_cast<std::size_t>(config.players));
        info.seats[0] = SeatInfo{SeatInfo::Kind::human, "p1", "Ada", true, BotKind::random, false};
        for (std::size_t i = 1; i < info.seats.size(); ++i)
            info.seats[i] = SeatInfo{SeatInfo::Kind::bot, "", "Random bot", false, BotKind::random, false};
    }

    void add_spectator(const std::string& person, const std::string& name) {
        MemberInfo m{person, name, true};
        auto& list = info.spectators;
        list.insert(std::lower_bound(list.begin(), list.end(), m,
                                     [](const MemberInfo& a, const MemberInfo& b) { return a.person < b.person; }),
                    m);
        spectators_changed = true;
        info.spectator_count = static_cast<int>(info.spectators.size());
    }

    // Something that is not a game move, chosen by `rng`.
    void random_change(Rng& rng) {
        auto& list = info.spectators;
        switch (rng.below(8)) {
            case 0:
            case 1: {
                const int n = next_person++;
                add_spectator("p" + std::to_string(n), "Watcher " + std::to_string(n));
                break;
            }
            case 2:
                if (!list.empty()) list.erase(list.begin() + static_cast<long>(rng.below(static_cast<std::uint32_t>(list.size()))));
                spectators_changed = true;
                info.spectator_count = static_cast<int>(info.spectators.size());
                break;
            case 3:
                if (!list.empty()) list[rng.below(static_cast<std::uint32_t>(list.size()))].name += "!";
                spectators_changed = true;
                info.spectator_count = static_cast<int>(info.spectators.size());
                break;
            case 4:
                if (!list.empty()) {
                    auto& m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
                    m.online = !m.online;
                }
                spectators_changed = true;
                info.spectator_count = static_cast<int>(info.spectators.size());
                break;
            case 5: info.seats[0].online = !info.seats[0].online; break;
            case 6: info.seats[0].name = info.seats[0].name == "Ada" ? "Ada L." : "Ada"; break;
            case 7: info.host = info.host == "p1" ? "p50" : "p1"; break;
        }
    }
};

// The viewers whose views the test follows: the spectators and seat 0.
const std::vector<std::optional<int>> followed = {std::nullopt, 0};

// Told, after each publish and for each followed viewer, the view it held, the patch it got and
// the view it holds now (equal to a fresh one).
using observer = std::function<void(const json& before, const json& patch, const json& after, const State* state,
                                    const GameExtras& extras)>;

void publish_and_check(ViewPublisher& publisher, room_model& room, const State* state, const GameExtras& extras,
                       std::vector<json>& held, const observer& observe) {
    const ViewChange change = publisher.update(room.info, room.spectators_changed, state, extras);
    room.spectators_changed = false;
    for (std::size_t i = 0; i < followed.size(); ++i) {
        const std::optional<int> seat = followed[i];
        json patch = change.shared;
        for (const json& op : change.you[ViewPublisher::key(seat)]) patch.push_back(op);
        json before = std::move(held[i]);
        held[i] = before.patch(patch);
        const json fresh = build_view(room.info, state, extras, seat);
        REQUIRE(held[i] == fresh);
        REQUIRE(publisher.view(seat) == fresh);
        REQUIRE(json::parse(publisher.view_text(seat)) == fresh);
        if (observe) observe(before, patch, fresh, state, extras);
    }
}

// Random moves that prefer the City's options (not the pass), so that games reach followers
// from a quarter; after each move, `then`.
class city_lean_then final : public playout::CityLean {
public:
    explicit city_lean_then(std::function<void(const State&)> then) : then_(std::move(then)) {}
    void after(const Action&, PlayerId, const State& s, const std::vector<Event>&) override { then_(s); }

private:
    std::function<void(const State&)> then_;
};

// One random game of `rules` from the empty room to the end, people coming and going between
// moves, every publish checked.
void play_random_game(const rules_case& rules, std::uint64_t seed, const observer& observe) {
    INFO(rules.name << ", seed " << seed);
    MatchSetup setup;
    setup.config = rules.config;
    setup.seed = seed * 7919;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    room_model room(rules.config);
    room.add_spectator("p50", "Eve");
    room.spectators_changed = false;
    ViewPublisher publisher(room.info);
    std::vector<json> held;
    for (const auto& seat : followed) held.push_back(build_view(room.info, nullptr, GameExtras{}, seat));
    for (std::size_t i = 0; i < followed.size(); ++i) REQUIRE(publisher.view(followed[i]) == held[i]);

    GameExtras extras;
    extras.seed_commitment = "c0ffee";
    extras.clock = ClockState{std::vector<std::int64_t>(room.info.seats.size(), 60000), 0, 1000, {}};
    room.info.status = RoomStatus::playing;
    const auto publish = [&](const State& s) {
        // The drawn tile's placements, as a room works them out for a person to lay it.
        extras.placements = s.is_over() ? nullptr : std::make_shared<const PlacementChoices>(placement_choices(s));
        publish_and_check(publisher, room, &s, extras, held, observe);
    };
    State state = match->state();
    publish(state);

    // After each move the clock runs on and people come and go (drawn from the game's own
    // choices), every publish checked.
    Rng rng(seed);
    city_lean_then between_moves([&](const State& s) {
        auto& clock = *extras.clock;
        clock.running = s.is_over() ? -1 : s.decider();
        if (clock.running >= 0) clock.remaining_ms[static_cast<std::size_t>(clock.running)] -= 10;
        clock.since_ms += 10;
        // As in a turn-based game: the mover's deadline (seat 0's view shows it on its moves).
        if (s.is_over()) extras.move_deadline.reset();
        else extras.move_deadline = MoveDeadline{s.decider(), 1'000'000 + clock.since_ms};
        while (rng.below(3) == 0) {
            room.random_change(rng);
            publish(s);
        }
        publish(s);
    });
    const auto outcome = playout::play_random(state, rng, &between_moves);
    REQUIRE_FALSE(outcome.refused);
    REQUIRE(state.is_over());
    CHECK(outcome.decisions > 40);
    // The end: the seed revealed, the result, the room finished.
    room.info.status = RoomStatus::finished;
    extras.clock->running = -1;
    extras.seed = std::to_string(setup.seed);
    extras.seed_nonce = "00ff";
    GameResult result;
    result.reason = "complete";
    result.scores = {1, 2};
    result.winners = {1};
    extras.result = result;
    publish(state);
    room.random_change(rng);
    publish(state);
}

// The fields the description gives a view of this game (`state` null: before the start).
struct described_field {
    std::string path;
    bool constant;
    bool optional;  // left out when null
};

std::vector<described_field> described_fields(const State* state, const GameExtras& extras) {
    std::vector<described_field> out;
    const auto collect = [&out](const auto& source) {
        return [&out, &source](const auto& field) {
            if (!source.has(field.games)) return;
            using Field = std::remove_cvref_t<decltype(field)>;
            bool optional = false;
            if constexpr (requires { field.omit_null; }) optional = field.omit_null;
            out.push_back({field.path, view::is_constant<Field>, optional});
        };
    };
    const RoomInfo room;
    view::for_each_field(view::room_fields, collect(view::RoomSource{room, false}));
    view::for_each_field(view::you_fields, collect(view::ViewerSource{state, extras, 0}));
    if (state) view::for_each_field(view::game_fields, collect(view::GameSource{*state, extras}));
    return out;
}

bool within(const std::string& path, const std::string& field) {
    return path == field || path.rfind(field + "/", 0) == 0;
}

// Every member of `node` (at `at`) is a described field or an object on the way to one.
void check_members(const json& node, const std::string& at, const std::vector<described_field>& fields) {
    for (const auto& [name, value] : node.items()) {
        const std::string path = at + "/" + name;
        INFO("member " << path);
        bool field = false, on_the_way = false;
        for (const described_field& f : fields) {
            field = field || f.path == path;
            on_the_way = on_the_way || f.path.rfind(path + "/", 0) == 0;
        }
        if (field) continue;
        if (path == "/game" && value.is_null()) continue;  // before the start
        REQUIRE(on_the_way);
        REQUIRE(value.is_object());
        check_members(value, path, fields);
    }
}

// Whether two views hold the same at `path` (or both nothing).
bool same_at(const json& a, const json& b, const std::string& path) {
    const json::json_pointer pointer(path);
    const bool in_a = a.contains(pointer);
    if (in_a != b.contains(pointer)) return false;
    return !in_a || a.at(pointer) == b.at(pointer);
}

}  // namespace

TEST_CASE("published patches equal fresh views over random games of every rule system", "[protocol][views]") {
    for (const rules_case& rules : every_rule_system())
        for (std::uint64_t seed = 1; seed <= 2; ++seed) play_random_game(rules, seed, {});
}

TEST_CASE("every described field is in the snapshot, and in the patch whenever it changes", "[protocol][views]") {
    std::set<std::string> compared, changed;
    const observer check = [&](const json& before, const json& patch, const json& after, const State* state,
                               const GameExtras& extras) {
        const std::vector<described_field> fields = described_fields(state, extras);
        // The snapshot: every described field (unless left out as null), nothing else.
        check_members(after, "", fields);
        for (const described_field& f : fields) {
            INFO("field " << f.path);
            if (!f.optional) CHECK(after.contains(json::json_pointer(f.path)));
            if (!f.constant) compared.insert(f.path);
        }
        // The patch: each operation lies within one described field, never within a constant
        // (the whole game going out at the start is an operation on a parent of fields).
        for (const json& op : patch) {
            const std::string path = op.at("path").get<std::string>();
            INFO("operation on " << path);
            bool field = false, parent = false;
            for (const described_field& f : fields) {
                if (within(path, f.path)) {
                    CHECK_FALSE(f.constant);
                    field = true;
                }
                parent = parent || f.path.rfind(path + "/", 0) == 0;
            }
            CHECK((field || parent));
        }
        // A field that differs is patched at its path, within it or at a parent.
        for (const described_field& f : fields) {
            if (f.constant || same_at(before, after, f.path)) continue;
            changed.insert(f.path);
            INFO("changed field " << f.path);
            bool patched = false;
            for (const json& op : patch) {
                const std::string path = op.at("path").get<std::string>();
                patched = patched || within(path, f.path) || f.path.rfind(path + "/", 0) == 0;
            }
            CHECK(patched);
        }
    };
    for (const rules_case& rules : every_rule_system())
        for (std::uint64_t seed = 1; seed <= 2; ++seed) play_random_game(rules, seed, check);
    // Every compared field changed somewhere in these games, so each was seen in a patch.
    for (const std::string& path : compared) {
        INFO("never changed: " << path);
        CHECK(changed.count(path) == 1);
    }
}

TEST_CASE("a spectator arriving or leaving is one operation for everyone", "[protocol][views]") {
    GameConfig config;
    room_model room(config);
    for (int i = 0; i < 300; ++i) room.add_spectator("p" + std::to_string(1000 + i), "W");
    room.spectators_changed = false;
    ViewPublisher publisher(room.info);
    MatchSetup setup;
    setup.seed = 3;
    std::string error;
    auto match = Match::create(setup, &error);
    REQUIRE(match);
    publisher.update(room.info, false, &match->state(), GameExtras{});

    room.add_spectator("p1150x", "Newcomer");
    ViewChange arrive = publisher.update(room.info, true, &match->state(), GameExtras{});
    REQUIRE(arrive.shared.size() == 2);  // the list and the count
    CHECK(arrive.shared[0]["op"] == "add");
    CHECK(arrive.shared[0]["path"] == "/room/spectators/151");
    for (const json& you : arrive.you) CHECK(you.empty());
    CHECK(arrive.shared[1]["path"] == "/room/spectator_count");

    room.info.spectators.erase(room.info.spectators.begin() + 20);
    ViewChange leave = publisher.update(room.info, true, &match->state(), GameExtras{});
    REQUIRE(leave.shared.size() == 1);
    CHECK(leave.shared[0] == json{{"op", "remove"}, {"path", "/room/spectators/20"}});

    // A move touches the game only: the spectator list is not looked at unless told.
    ViewChange nothing = publisher.update(room.info, false, &match->state(), GameExtras{});
    CHECK(nothing.shared.empty());
}

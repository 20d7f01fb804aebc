// Every message type survives to_json -> from_json unchanged, and parse_client_message turns bad
// input into the documented error codes.
#include <set>

#include <catch2/catch.hpp>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/messages.hpp"

using namespace carc;
using namespace carc::protocol;

namespace {

template <typename Message>
void check_round_trip(const Message& original) {
    const json text = json::parse(encode(original, 42));
    CHECK(text["type"] == Message::type);
    CHECK(text["id"] == 42);
    CHECK(text.get<Message>() == original);
}

template <typename Message>
Message parse_as(const std::string& text) {
    ParsedRequest parsed = parse_client_message(text);
    REQUIRE_FALSE(parsed.error);
    REQUIRE(parsed.message);
    REQUIRE(std::holds_alternative<Message>(*parsed.message));
    return std::get<Message>(*parsed.message);
}

ErrorCode error_of(const std::string& text, const ParseLimits& limits = {}) {
    ParsedRequest parsed = parse_client_message(text, limits);
    REQUIRE(parsed.error);
    return parsed.error->code;
}

std::vector<Action> every_action_type() {
    std::vector<Action> actions;
    actions.push_back(Action::place_tile(Coord{3, -2}, 3));
    actions.push_back(Action::place_follower(4));
    actions.push_back(Action::pass());
    Action a;
    a.type = ActionType::add_floor;
    a.at = Coord{-1, 5};
    actions.push_back(a);
    a.type = ActionType::tower_follower;
    actions.push_back(a);
    a = Action{};
    a.type = ActionType::capture;
    a.target = 7;
    actions.push_back(a);
    a.type = ActionType::ransom;
    a.target = 2;
    actions.push_back(a);
    for (ActionType t : {ActionType::city_follower, ActionType::move_count, ActionType::redeploy}) {
        a = Action{};
        a.type = t;
        a.quarter = static_cast<std::uint8_t>(Quarter::cathedral);
        actions.push_back(a);
    }
    a = Action{};
    a.type = ActionType::market_move;
    a.at = Coord{2, 2};
    a.segment = 1;
    actions.push_back(a);
    a = Action{};
    a.type = ActionType::choose_scoring;  // The Castle
    a.target = 1;
    a.segment = 2;
    actions.push_back(a);
    a.segment = -1;
    actions.push_back(a);
    a = Action{};
    a.type = ActionType::use_token;
    a.target = 1;
    actions.push_back(a);
    return actions;
}

}  // namespace

TEST_CASE("every action type round-trips through JSON", "[protocol]") {
    const auto actions = every_action_type();
    std::set<ActionType> types;
    for (const Action& a : actions) types.insert(a.type);
    REQUIRE(types.size() == static_cast<std::size_t>(action_type_count));
    for (const Action& a : actions) {
        INFO(action_to_json(a).dump());
        CHECK(action_from_json(action_to_json(a)) == a);
    }
}

TEST_CASE("client messages round-trip", "[protocol]") {
    check_round_trip(Hello{1, "Ada", std::string(64, 'f')});
    check_round_trip(Hello{1, "Bob", std::nullopt});
    check_round_trip(GetTiles{});
    check_round_trip(ListRooms{});
    check_round_trip(LobbySubscribe{});
    check_round_trip(LobbyUnsubscribe{});
    CreateRoom create;
    create.settings.name = "Friday";
    create.settings.config.players = 3;
    create.settings.config.expansions.tower = true;
    create.settings.config.options.lake_extra_turn = false;
    create.settings.config.options.pile_limit = 12;
    create.settings.bots = {{2, BotKind::greedy}};
    create.settings.is_private = true;
    create.settings.spectators = false;
    create.settings.clock = ClockSettings{60000, 5000, TimeoutPolicy::forfeit};
    check_round_trip(create);
    check_round_trip(Join{{std::string("r1"), std::nullopt}, 1});
    check_round_trip(Join{{std::nullopt, std::string("ABCD-EFGH")}, std::nullopt});
    check_round_trip(Spectate{{std::string("r1"), std::nullopt}});
    check_round_trip(Leave{"r1"});
    check_round_trip(Kick{"r1", "p7"});
    check_round_trip(SetBot{"r1", 2, BotKind::random});
    check_round_trip(SetBot{"r1", 2, std::nullopt});
    check_round_trip(Start{"r1"});
    check_round_trip(ChatRequest{"r1", "good luck"});
    for (const Action& a : every_action_type()) check_round_trip(PlayAction{"r1", 17, a});
    check_round_trip(LegalPlacementsQuery{"r1"});
    check_round_trip(FollowerOptionsQuery{"r1", Action::place_tile(Coord{1, 0}, 2)});
    check_round_trip(Resign{"r1"});
    check_round_trip(SnapshotRequest{"r1"});
    check_round_trip(HistoryRequest{"r1"});
    check_round_trip(RoomInfoRequest{{std::string("r1"), std::nullopt}});
    check_round_trip(RoomInfoRequest{{std::nullopt, std::string("ABCD-EFGH")}});
}

TEST_CASE("server messages round-trip", "[protocol]") {
    check_round_trip(Welcome{1, "carc-server", "p1", "Ada", "abc", true, {"r1", "r2"}, 65536, 32, 20, 40});
    check_round_trip(Tiles{json::array({{{"id", "B-A"}}})});
    RoomSummary summary;
    summary.id = "r1";
    summary.name = "Friday";
    summary.rules = "carcassonne";
    summary.expansions = {"tower"};
    summary.status = RoomStatus::playing;
    summary.seats = 3;
    summary.taken = 3;
    summary.bots = 1;
    summary.humans_online = 2;
    summary.spectators = 4;
    summary.clock = ClockSettings{1000, 0, TimeoutPolicy::random};
    summary.host = "Ada";
    check_round_trip(Lobby{{summary}});
    check_round_trip(RoomCreated{"r1", "ABCD-EFGH"});
    check_round_trip(Joined{"r1", 2});
    check_round_trip(Joined{"r1", std::nullopt});
    check_round_trip(Left{"r1"});
    check_round_trip(Kicked{"r1"});
    check_round_trip(Snapshot{"r1", 9, json{{"room", {{"id", "r1"}}}}});
    const json log = json::array({{{"type", "turn_started"}, {"player", 1}}});
    const json chat = json::array({{{"from", "p1"}, {"name", "Ada"}, {"text", "hi"}, {"time", 1}}});
    check_round_trip(Snapshot{"r1", 9, json::object(), log, chat});
    check_round_trip(History{"r1", 9, log, chat});
    check_round_trip(RoomInfoReply{summary, true, std::string("ABCD-EFGH"), true, 1});
    check_round_trip(RoomInfoReply{summary, false, std::nullopt, false, std::nullopt});
    check_round_trip(Patch{"r1", 10, json::array({{{"op", "replace"}, {"path", "/a"}, {"value", 1}}}),
                           json::array({{{"type", "turn_started"}, {"player", 1}}})});
    check_round_trip(Ack{std::nullopt});
    check_round_trip(Ack{std::uint64_t{12}});
    check_round_trip(ChatMessage{"r1", "p1", "Ada", "hi", 1717171717000});
    check_round_trip(LegalPlacements{"r1", 3, std::string("B-D"),
                                     {Action::place_tile(Coord{1, 0}, 0), Action::place_tile(Coord{0, 1}, 3)}});
    check_round_trip(FollowerOptions{"r1", 3, Action::place_tile(Coord{1, 0}, 1),
                                     {Action::place_follower(0), Action::pass()}});
    ErrorMessage error;
    error.code = ErrorCode::stale_version;
    error.message = "moved on";
    error.room = "r1";
    error.version = 12;
    check_round_trip(error);
    error.code = ErrorCode::illegal_action;
    error.rule = "cell_taken";
    error.version.reset();
    check_round_trip(error);
    error.rule.reset();
    error.code = ErrorCode::not_your_turn;
    error.params = {{"name", "Bob"}, {"seat", 1}};
    check_round_trip(error);
    CHECK(json(error)["params"] == json({{"name", "Bob"}, {"seat", 1}}));
}

TEST_CASE("errors carry params, rule and version are copied in, parse errors name the field", "[protocol]") {
    ErrorMessage e;
    e.code = ErrorCode::illegal_action;
    e.rule = "edges_mismatch";
    CHECK(json(e)["params"] == json({{"rule", "edges_mismatch"}}));
    ErrorMessage plain;
    CHECK(json(plain)["params"] == json::object());
    const ParsedRequest bad = parse_client_message(R"({"type":"join","room":7})");
    REQUIRE(bad.error);
    CHECK(bad.error->params["field"] == "room");
    const ParsedRequest big = parse_client_message(std::string(100, ' '), {10, 32});
    REQUIRE(big.error);
    CHECK(big.error->params == json({{"limit", 10}, {"size", 100}}));
}

TEST_CASE("every error code has a distinct name", "[protocol]") {
    for (int i = 0; i < error_code_count; ++i) {
        const auto code = static_cast<ErrorCode>(i);
        ErrorCode back{};
        REQUIRE(error_code_from_string(to_string(code), back));
        CHECK(back == code);
    }
}

TEST_CASE("parsing reads the request id and the message", "[protocol]") {
    const ParsedRequest parsed = parse_client_message(
        R"({"type":"action","id":"a-1","room":"r3","version":5,"action":{"type":"place_tile","x":1,"y":-1,"rotation":2}})");
    REQUIRE(parsed.message);
    CHECK(parsed.id == "a-1");
    const auto& play = std::get<PlayAction>(*parsed.message);
    CHECK(play.room == "r3");
    CHECK(play.version == 5);
    CHECK(play.action == Action::place_tile(Coord{1, -1}, 2));
    CHECK(parse_as<CreateRoom>(R"({"type":"create_room"})").settings.config.players == 2);
    CHECK(parse_as<CreateRoom>(R"({"type":"create_room"})").settings.config.options.pile_limit == 0);
    CHECK(parse_as<CreateRoom>(R"({"type":"create_room","options":{"pile_limit":5}})").settings.config.options.pile_limit == 5);
}

TEST_CASE("bad input gets the documented error codes", "[protocol]") {
    CHECK(error_of("{nope") == ErrorCode::bad_json);
    CHECK(error_of("[1,2]") == ErrorCode::bad_json);
    CHECK(error_of(R"({"type":"dance"})") == ErrorCode::unknown_type);
    CHECK(error_of(R"({"id":1})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"join"})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"action":{"type":"place_tile","x":1}})") ==
          ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"action":{"type":"fly"}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"action":{"type":"place_tile","x":1,"y":1,"rotation":4}})") ==
          ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","seats":7})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","options":{"pile_limit":-1}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","options":{"pile_limit":201}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","bots":[{"seat":0},{"seat":0}]})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"hello","protocol":1,"name":"x","id":{"a":1}})") == ErrorCode::bad_field);
    CHECK(error_of(std::string(70000, ' ')) == ErrorCode::too_large);
    CHECK(error_of(std::string(40, '[') + std::string(40, ']')) == ErrorCode::too_deep);
}

TEST_CASE("a refusal still echoes the request id when it could be read", "[protocol]") {
    const ParsedRequest parsed = parse_client_message(R"({"type":"join","id":9})");
    REQUIRE(parsed.error);
    CHECK(parsed.id == 9);
}

TEST_CASE("the tile catalogue has the documented shape", "[protocol]") {
    const json catalog = catalog_to_json(TileCatalog::instance());
    const auto& tiles = catalog.at("tiles");
    REQUIRE(tiles.size() == TileCatalog::instance().size());
    const auto d = std::find_if(tiles.begin(), tiles.end(), [](const json& t) { return t["id"] == "B-D"; });
    REQUIRE(d != tiles.end());
    CHECK((*d)["set"] == "base");
    CHECK((*d)["count"] == 4);
    CHECK((*d)["edges"] == "CRFR");
    const auto& city = (*d)["segments"][0];
    CHECK(city["kind"] == "city");
    CHECK(city["ports"] == json::array({"NL", "NM", "NR"}));
    for (const json& tile : tiles)
        for (const json& segment : tile["segments"])
            for (const json& port : segment["ports"]) CHECK(port.get<std::string>().size() == 2);
}

TEST_CASE("a message with bytes after a NUL is bad JSON, not the part before it", "[protocol]") {
    const std::string hello = R"({"type":"hello","protocol":1,"name":"Ada"})";
    CHECK(error_of(hello + std::string(1, '\0') + "trailing garbage") == ErrorCode::bad_json);
    CHECK(error_of(hello + std::string(1, '\0')) == ErrorCode::bad_json);
    CHECK(parse_as<Hello>(hello).name == "Ada");
}

TEST_CASE("names and room names with control characters are refused with bad_field", "[protocol]") {
    for (const std::string& bad : {std::string("Ada\nBob"), std::string("\x1b[2JAda"), std::string("Ada\x7f"),
                                  std::string("Ada\xc2\x85"), std::string("tab\there"), std::string(1, '\0') + "x"}) {
        INFO(bad);
        const json hello = {{"type", "hello"}, {"protocol", 1}, {"name", bad}};
        CHECK(error_of(hello.dump()) == ErrorCode::bad_field);
        const json create = {{"type", "create_room"}, {"name", bad}};
        CHECK(error_of(create.dump()) == ErrorCode::bad_field);
    }
    // Letters of every alphabet (two-byte C2 sequences above the C1 block too) stay welcome.
    CHECK(parse_as<Hello>(json({{"type", "hello"}, {"protocol", 1}, {"name", "Zoë ©Ångström 日本"}}).dump()).name ==
          "Zoë ©Ångström 日本");
    CHECK(parse_as<CreateRoom>(json({{"type", "create_room"}, {"name", "Friday game ¡"}}).dump()).settings.name ==
          "Friday game ¡");
}

TEST_CASE("the legal placements answer, written straight to text, equals its JSON encoding", "[protocol]") {
    LegalPlacements answer{"r\"1", 12345678901ULL, std::string("B-D"),
                           {Action::place_tile(Coord{-3, 0}, 0), Action::place_tile(Coord{0, 17}, 3),
                            Action::place_tile(Coord{-120, -45}, 2)}};
    const auto generic = [](const LegalPlacements& m, const json& id) {
        json out = m;
        out["type"] = LegalPlacements::type;
        if (!id.is_null()) out["id"] = id;
        return out.dump();
    };
    for (const json& id : {json(nullptr), json(7), json("req-\"x\"")}) {
        CHECK(encode(answer, id) == generic(answer, id));
    }
    answer.tile.reset();
    answer.placements.clear();
    CHECK(encode(answer) == generic(answer, nullptr));
    CHECK(json::parse(encode(answer))["placements"] == json::array());
}

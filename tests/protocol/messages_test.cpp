// Every client message parses into its struct, every server message encodes to its documented
// JSON, and parse_client_message turns bad input into the documented error codes.
#include <set>

#include <catch2/catch.hpp>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/messages.hpp"

using namespace carc;
using namespace carc::protocol;

namespace {

// `fields` with the message's type and an id, parsed as a client message, gives `expected`.
template <typename Message>
void check_parses(const json& fields, const Message& expected) {
    json text = fields;
    text["type"] = Message::type;
    text["id"] = 42;
    INFO(text.dump());
    const ParsedRequest parsed = parse_client_message(text.dump());
    REQUIRE_FALSE(parsed.error);
    CHECK(parsed.id == 42);
    REQUIRE(parsed.message);
    REQUIRE(std::holds_alternative<Message>(*parsed.message));
    CHECK(std::get<Message>(*parsed.message) == expected);
}

// `message` encoded with an id is `fields` plus its type and the id.
template <typename Message>
void check_encodes(const Message& message, const json& fields) {
    json expected = fields;
    expected["type"] = Message::type;
    expected["id"] = 42;
    CHECK(json::parse(encode(message, 42)) == expected);
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

TEST_CASE("client messages parse into their structs", "[protocol]") {
    check_parses({{"protocol", 1}, {"name", "Ada"}, {"token", std::string(64, 'f')}},
                 Hello{1, "Ada", std::string(64, 'f'), std::nullopt});
    check_parses({{"protocol", 1}, {"name", "Bob"}}, Hello{1, "Bob", std::nullopt, std::nullopt});
    check_parses(json::object(), GetTiles{});
    check_parses({{"room", "r12"}}, Watch{"r12"});
    check_parses({{"room", nullptr}}, Watch{std::nullopt});
    check_parses(json::object(), Watch{std::nullopt});
    check_parses({{"visible", false}}, Visibility{false});
    check_parses({{"visible", true}}, Visibility{true});
    check_parses(json::object(), Visibility{true});
    check_parses(json::object(), ListRooms{});
    check_parses(json::object(), LobbySubscribe{});
    check_parses(json::object(), LobbyUnsubscribe{});
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
    check_parses(json(create.settings), create);
    check_parses({{"room", "r1"}, {"seat", 1}}, Join{{std::string("r1"), std::nullopt}, 1});
    check_parses({{"invite", "ABCD-EFGH"}}, Join{{std::nullopt, std::string("ABCD-EFGH")}, std::nullopt});
    check_parses({{"room", "r1"}}, Spectate{{std::string("r1"), std::nullopt}});
    check_parses({{"room", "r1"}}, Leave{"r1"});
    check_parses({{"room", "r1"}, {"person", "p7"}}, Kick{"r1", "p7"});
    check_parses({{"room", "r1"}, {"seat", 2}, {"bot", "random"}}, SetBot{"r1", 2, BotKind::random});
    check_parses({{"room", "r1"}, {"seat", 2}, {"bot", nullptr}}, SetBot{"r1", 2, std::nullopt});
    // The ladder's steps between random, greedy and easy, by name.
    check_parses({{"room", "r1"}, {"seat", 1}, {"bot", "beginner"}}, SetBot{"r1", 1, BotKind::beginner});
    check_parses({{"room", "r1"}, {"seat", 1}, {"bot", "apprentice"}}, SetBot{"r1", 1, BotKind::apprentice});
    check_parses({{"room", "r1"}, {"seat", 1}, {"bot", "amateur"}}, SetBot{"r1", 1, BotKind::amateur});
    create.settings.bots = {{1, BotKind::beginner}, {2, BotKind::amateur}};
    check_parses(json(create.settings), create);
    CHECK(json(create.settings)["bots"][0]["kind"] == "beginner");
    check_parses({{"room", "r1"}}, Start{"r1"});
    check_parses({{"room", "r1"}, {"text", "good luck"}}, ChatRequest{"r1", "good luck"});
    for (const Action& a : every_action_type())
        check_parses({{"room", "r1"}, {"version", 17}, {"action", action_to_json(a)}}, PlayAction{"r1", 17, a});
    // Several decisions as one message: the first and the rest, in order.
    const Action tile = Action::place_tile(Coord{1, 0}, 2), follower = Action::place_follower(3);
    check_parses({{"room", "r1"}, {"version", 17}, {"actions", {action_to_json(tile), action_to_json(follower)}}},
                 PlayAction{"r1", 17, tile, {follower}});
    CHECK((PlayAction{"r1", 17, tile, {follower}}.steps() == std::vector<Action>{tile, follower}));
    check_parses({{"room", "r1"}}, LegalPlacementsQuery{"r1"});
    check_parses({{"room", "r1"}, {"x", 1}, {"y", 0}, {"rotation", 2}},
                 FollowerOptionsQuery{"r1", Action::place_tile(Coord{1, 0}, 2)});
    check_parses({{"room", "r1"}}, Resign{"r1"});
    check_parses({{"room", "r1"}}, TakeSeatBack{"r1"});
    check_parses({{"room", "r1"}}, ClaimWin{"r1"});
    check_parses({{"room", "r1"}}, TakeVacation{"r1"});
    CreateRoom turn_based;
    turn_based.settings.move_time_s = 86400;
    check_parses(json(turn_based.settings), turn_based);
    check_parses({{"room", "r1"}}, SnapshotRequest{"r1"});
    check_parses({{"room", "r1"}}, HistoryRequest{"r1"});
    check_parses({{"room", "r1"}}, RoomInfoRequest{{std::string("r1"), std::nullopt}});
    check_parses({{"invite", "ABCD-EFGH"}}, RoomInfoRequest{{std::nullopt, std::string("ABCD-EFGH")}});
}

TEST_CASE("server messages encode to their documented JSON", "[protocol]") {
    check_encodes(Welcome{1, "carc-server", "p1", "Ada", "abc", true, {"r1", "r2"}, std::nullopt, 65536, 32, 20, 40},
                  {{"protocol", 1},
                   {"server", "carc-server"},
                   {"person", "p1"},
                   {"name", "Ada"},
                   {"token", "abc"},
                   {"resumed", true},
                   {"rooms", {"r1", "r2"}},
                   {"limits", {{"max_message", 65536}, {"max_depth", 32}, {"rate_per_second", 20}, {"burst", 40}}}});
    check_encodes(Tiles{json::array({{{"id", "B-A"}}})}, {{"tiles", json::array({{{"id", "B-A"}}})}});
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
    const json summary_json = {{"id", "r1"},
                               {"name", "Friday"},
                               {"rules", "carcassonne"},
                               {"expansions", {"tower"}},
                               {"status", "playing"},
                               {"seats", 3},
                               {"taken", 3},
                               {"bots", 1},
                               {"humans_online", 2},
                               {"spectators", 4},
                               {"spectators_allowed", true},
                               {"clock", {{"initial_ms", 1000}, {"increment_ms", 0}, {"on_timeout", "random"}}},
                               {"move_time_s", nullptr},
                               {"host", "Ada"}};
    check_encodes(Lobby{{summary}}, {{"rooms", {summary_json}}});
    check_encodes(LobbyRoom{summary}, {{"room", summary_json}});
    check_encodes(LobbyRoomRemoved{"r1"}, {{"room", "r1"}});
    check_encodes(LobbyChanges{{summary}, {"r2"}}, {{"rooms", {summary_json}}, {"removed", {"r2"}}});
    check_encodes(RoomCreated{"r1", "ABCD-EFGH"}, {{"room", "r1"}, {"invite", "ABCD-EFGH"}});
    check_encodes(Joined{"r1", 2}, {{"room", "r1"}, {"seat", 2}});
    check_encodes(Joined{"r1", std::nullopt}, {{"room", "r1"}, {"seat", nullptr}});
    check_encodes(Left{"r1"}, {{"room", "r1"}});
    check_encodes(Kicked{"r1"}, {{"room", "r1"}});
    const json log = json::array({{{"type", "turn_started"}, {"player", 1}}});
    const json chat = json::array({{{"from", "p1"}, {"name", "Ada"}, {"text", "hi"}, {"time", 1}}});
    check_encodes(History{"r1", 9, log, chat}, {{"room", "r1"}, {"version", 9}, {"log", log}, {"chat", chat}});
    check_encodes(RoomInfoReply{summary, true, std::string("ABCD-EFGH"), true, 1},
                  {{"room", summary_json}, {"private", true}, {"invite", "ABCD-EFGH"}, {"member", true}, {"seat", 1}});
    check_encodes(RoomInfoReply{summary, false, std::nullopt, false, std::nullopt},
                  {{"room", summary_json}, {"private", false}, {"member", false}, {"seat", nullptr}});
    check_encodes(Ack{std::nullopt}, json::object());
    check_encodes(Ack{std::uint64_t{12}}, {{"version", 12}});
    check_encodes(ChatMessage{"r1", "p1", "Ada", "hi", 1717171717000},
                  {{"room", "r1"}, {"from", "p1"}, {"name", "Ada"}, {"text", "hi"}, {"time", 1717171717000}});
    check_encodes(ChatRemoved{"r1", "p1", 1717171717000}, {{"room", "r1"}, {"from", "p1"}, {"time", 1717171717000}});
    check_encodes(FollowerOptions{"r1", 3, Action::place_tile(Coord{1, 0}, 1), {Action::place_follower(0), Action::pass()}},
                  {{"room", "r1"},
                   {"version", 3},
                   {"placement", {{"x", 1}, {"y", 0}, {"rotation", 1}}},
                   {"options", actions_to_json({Action::place_follower(0), Action::pass()})},
                   {"features", json::array()}});
    ErrorMessage error;
    error.code = ErrorCode::stale_version;
    error.message = "moved on";
    error.room = "r1";
    error.version = 12;
    check_encodes(error, {{"code", "stale_version"},
                          {"message", "moved on"},
                          {"room", "r1"},
                          {"version", 12},
                          {"params", {{"version", 12}}}});
    error.code = ErrorCode::illegal_action;
    error.rule = "cell_taken";
    error.version.reset();
    check_encodes(error, {{"code", "illegal_action"},
                          {"message", "moved on"},
                          {"room", "r1"},
                          {"rule", "cell_taken"},
                          {"params", {{"rule", "cell_taken"}}}});
    error.rule.reset();
    error.code = ErrorCode::not_your_turn;
    error.params = {{"name", "Bob"}, {"seat", 1}};
    check_encodes(error, {{"code", "not_your_turn"},
                          {"message", "moved on"},
                          {"room", "r1"},
                          {"params", {{"name", "Bob"}, {"seat", 1}}}});
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
    // `actions`: 1 to 4 actions, never beside `action`.
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"actions":[]})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"actions":{"type":"pass"}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"actions":[{"type":"pass"},{"type":"pass"},)"
                   R"({"type":"pass"},{"type":"pass"},{"type":"pass"}]})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"action":{"type":"pass"},"actions":[{"type":"pass"}]})") ==
          ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"action","room":"r1","version":1,"actions":[{"type":"pass"},{"type":"fly"}]})") ==
          ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","seats":7})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","options":{"pile_limit":-1}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","options":{"pile_limit":201}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","bots":[{"seat":0},{"seat":0}]})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"hello","protocol":1,"name":"x","id":{"a":1}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","move_time_s":0})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"create_room","move_time_s":86400,"clock":{"initial_ms":60000}})") == ErrorCode::bad_field);
    CHECK(error_of(R"({"type":"take_seat_back"})") == ErrorCode::bad_field);
    CHECK(error_of(std::string(70000, ' ')) == ErrorCode::too_large);
    CHECK(error_of(std::string(40, '[') + std::string(40, ']')) == ErrorCode::too_deep);
}

TEST_CASE("move times: the presets, or any from 1 s on a server for tests", "[protocol]") {
    for (const std::int64_t preset : move_time_presets_s) CHECK(move_time_allowed(preset, false));
    CHECK(move_time_allowed(4 * 3600, false));
    CHECK(move_time_allowed(14 * 86400, false));
    CHECK_FALSE(move_time_allowed(5, false));
    CHECK_FALSE(move_time_allowed(6 * 3600, false));
    CHECK(move_time_allowed(1, true));
    CHECK(move_time_allowed(5, true));
    CHECK_FALSE(move_time_allowed(0, true));
    CHECK_FALSE(move_time_allowed(15 * 86400, true));
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

TEST_CASE("the legal placements answer, written straight to text, is its JSON with keys sorted", "[protocol]") {
    LegalPlacements answer{"r\"1", 12345678901ULL, std::string("B-D"),
                           {Action::place_tile(Coord{-3, 0}, 0), Action::place_tile(Coord{0, 17}, 3),
                            Action::place_tile(Coord{-120, -45}, 2)}};
    // json::dump writes an object's keys sorted, as every other message is encoded.
    const auto expected = [](const LegalPlacements& m, const json& id) {
        json placements = json::array();
        for (const Action& a : m.placements) placements.push_back({{"x", a.at.x}, {"y", a.at.y}, {"rotation", a.rotation}});
        json out = {{"type", "legal_placements"},
                    {"room", m.room},
                    {"version", m.version},
                    {"tile", m.tile ? json(*m.tile) : json(nullptr)},
                    {"placements", std::move(placements)}};
        if (!id.is_null()) out["id"] = id;
        return out.dump();
    };
    for (const json& id : {json(nullptr), json(7), json("req-\"x\"")}) {
        CHECK(encode(answer, id) == expected(answer, id));
    }
    answer.tile.reset();
    answer.placements.clear();
    CHECK(encode(answer) == expected(answer, nullptr));
    CHECK(json::parse(encode(answer))["placements"] == json::array());
}

TEST_CASE("notices are written with their kind and only the members they have", "[protocol]") {
    CHECK(json::parse(encode(Notice::your_turn("r7", 1765540800000))) ==
          json::parse(R"({"type":"notice","kind":"your_turn","room":"r7","deadline_ms":1765540800000})"));
    CHECK(json::parse(encode(Notice::time_running_out("r7", 1765540800000))) ==
          json::parse(R"({"type":"notice","kind":"time_running_out","room":"r7","deadline_ms":1765540800000})"));
    CHECK(json::parse(encode(Notice::challenge("r9", "ABCD-EFGH", "Ada", 86400))) ==
          json::parse(R"({"type":"notice","kind":"challenge","room":"r9","invite":"ABCD-EFGH","from":"Ada",
                          "move_time_s":86400})"));
    CHECK(json::parse(encode(Notice::challenge("r9", "ABCD-EFGH", "Ada", 0)))["move_time_s"] == 0);
    CHECK(json::parse(encode(Notice::challenge_declined("r9", "Bob"))) ==
          json::parse(R"({"type":"notice","kind":"challenge_declined","room":"r9","from":"Bob"})"));
    CHECK(json::parse(encode(Notice::renamed("Ada2"))) == json::parse(R"({"type":"notice","kind":"renamed","name":"Ada2"})"));
}

TEST_CASE("a redirect names the node's page and its WebSocket, and echoes the request id", "[protocol]") {
    CHECK(json::parse(encode(Redirect::to("https://b.example.net", std::string("r3")), 5)) ==
          json::parse(R"({"type":"redirect","url":"https://b.example.net","ws":"wss://b.example.net/ws","room":"r3",
                          "id":5})"));
    CHECK(json::parse(encode(Redirect::to("http://10.0.0.2:8080", std::nullopt))) ==
          json::parse(R"({"type":"redirect","url":"http://10.0.0.2:8080","ws":"ws://10.0.0.2:8080/ws"})"));
}

TEST_CASE("my games: each game with its turn and deadline, optional members only when set", "[protocol]") {
    MyGames list;
    CHECK(json::parse(encode(list, 7)) == json::parse(R"({"type":"my_games","id":7,"games":[]})"));
    MyGame mine;
    mine.room = "r3";
    mine.status = "playing";
    mine.your_turn = true;
    mine.deadline_ms = 1765540800000;
    mine.created_ms = 1764130000000;
    mine.name = "Friday";
    mine.rules = "carcassonne";
    mine.move_time_s = 86400;
    list.games.push_back(mine);
    MyGame done;
    done.room = "r4";
    done.status = "finished";
    done.seat = 1;
    done.created_ms = 1764130000001;
    done.resigned = true;
    done.away = true;
    done.game = "r4";
    list.games.push_back(done);
    CHECK(json(list) == json::parse(R"({"games":[
        {"room":"r3","status":"playing","seat":0,"your_turn":true,"deadline_ms":1765540800000,
         "created_ms":1764130000000,"name":"Friday","rules":"carcassonne","move_time_s":86400},
        {"room":"r4","status":"finished","seat":1,"your_turn":false,"deadline_ms":null,
         "created_ms":1764130000001,"resigned":true,"away":true,"game":"r4"}]})"));
}

TEST_CASE("a tournament round names the player's table, null for a bye", "[protocol]") {
    CHECK(json::parse(encode(TournamentRound{"t1", 2, std::string("r8")})) ==
          json::parse(R"({"type":"tournament_round","tournament":"t1","round":2,"room":"r8"})"));
    CHECK(json::parse(encode(TournamentRound{"t1", 3, std::nullopt})) ==
          json::parse(R"({"type":"tournament_round","tournament":"t1","round":3,"room":null})"));
}

// The client model: hello and reconnect with the token, snapshots and RFC 6902 patches, version
// gaps, legal placements from the view and the tile sent with its follower; the create-room
// form's request.

#include <catch2/catch.hpp>

#include <algorithm>

#include "client_model.hpp"
#include "create_form.hpp"
#include "event_text.hpp"
#include "my_games_text.hpp"
#include "game_scene.hpp"
#include "i18n.hpp"
#include "server_url.hpp"

using namespace carc::term;

namespace {

json waiting_view() {
    return {{"room", {{"id", "r1"}, {"name", "Test"}, {"status", "waiting"}, {"host", "p1"},
                      {"seats", {{{"seat", 0}, {"kind", "human"}, {"person", "p1"}, {"name", "Ada"}, {"online", true}},
                                 {{"seat", 1}, {"kind", "empty"}}}}}},
            {"you", {{"seat", 0}, {"legal", json::array()}}},
            {"game", nullptr}};
}

// Ada (seat 0) has drawn B-U next to the start tile: her turn to place it.
json my_turn_view() {
    json view = waiting_view();
    view["room"]["status"] = "playing";
    view["game"] = {{"rules", "carcassonne"}, {"phase", "place_tile"}, {"decider", 0}, {"turn_player", 0},
                    {"drawn_tile", "B-U"}, {"result", nullptr},
                    {"board", {{{"x", 0}, {"y", 0}, {"tile", "B-D"}, {"rotation", 0}, {"height", 0}}}},
                    {"followers", json::array()}, {"players", {{{"score", 0}}, {{"score", 0}}}}};
    // (1, 0) turned 0 or 2: a follower on segment 0 or pass; (0, 1): laying it ends the decision.
    view["you"]["placements"] = json::parse("[[1,0,0,0,-1],[1,0,2,0,-1],[0,1,0]]");
    return view;
}

json types_of(const std::vector<json>& messages) {
    json out = json::array();
    for (const json& m : messages) out.push_back(m["type"]);
    return out;
}

}  // namespace

TEST_CASE("hello, welcome, and hello again with the token after a dropped connection") {
    ClientModel model("Ada");
    model.connected();
    auto out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "hello");
    CHECK(out[0]["name"] == "Ada");
    CHECK_FALSE(out[0].contains("token"));
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", false}});
    CHECK(model.online());
    CHECK(types_of(model.take_outbox()) == json({"get_tiles", "lobby_subscribe", "watch", "visibility"}));

    model.disconnected();
    CHECK_FALSE(model.online());
    model.connected();
    out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["token"] == "abc");
    // An expired token: start again without it.
    model.handle({{"type", "error"}, {"code", "unknown_token"}, {"message", "unknown token"}});
    out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK_FALSE(out[0].contains("token"));
}

TEST_CASE("a room created while offline is said to wait, and is sent after the next welcome") {
    ClientModel model("Ada");
    model.connected();
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", false}});
    model.take_outbox();
    model.disconnected();
    model.user_request({{"type", "create_room"}, {"name", "Ada's room"}, {"seats", 2}});
    CHECK(model.take_outbox().empty());  // nothing to send it on
    CHECK(model.status() == "offline: the room will be created once the connection is back");
    model.disconnected();  // another attempt to reconnect failed: still said
    CHECK(model.status() == "offline: the room will be created once the connection is back");
    model.connected();
    CHECK(types_of(model.take_outbox()) == json({"hello"}));
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", true}});
    const auto out = model.take_outbox();
    REQUIRE(std::count_if(out.begin(), out.end(), [](const json& m) { return m["type"] == "create_room"; }) == 1);
    for (const json& m : out)
        if (m["type"] == "create_room") CHECK(m["name"] == "Ada's room");
}

TEST_CASE("snapshots and patches keep the view, a version gap asks for a snapshot") {
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    model.take_outbox();
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 4}, {"view", waiting_view()}});
    REQUIRE(model.in_room());
    CHECK(types_of(model.take_outbox()) == json({"watch"}));  // the room on screen, said once
    CHECK(model.is_host());
    CHECK(model.my_seat() == 0);
    CHECK(model.seat_name(0) == "Ada");

    model.handle({{"type", "patch"}, {"room", "r1"}, {"version", 5},
                  {"patch", {{{"op", "replace"}, {"path", "/room/seats/1"},
                              {"value", {{"seat", 1}, {"kind", "bot"}, {"bot", "greedy"}, {"name", "Greedy bot"}}}}}},
                  {"events", json::array()}});
    CHECK(model.version() == 5);
    CHECK(model.seat_name(1) == "Bot 2 (greedy)");
    CHECK(model.take_outbox().empty());

    model.handle({{"type", "patch"}, {"room", "r1"}, {"version", 7}, {"patch", json::array()}, {"events", json::array()}});
    CHECK(model.version() == 5);
    auto out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "snapshot");

    // A patch that does not apply leaves the view as it was and asks for a snapshot too.
    model.handle({{"type", "patch"}, {"room", "r1"}, {"version", 6},
                  {"patch", {{{"op", "remove"}, {"path", "/room/nothing"}}}}, {"events", json::array()}});
    CHECK(model.version() == 5);
    CHECK(model.seat_name(1) == "Bot 2 (greedy)");
    CHECK(types_of(model.take_outbox()) == json({"snapshot"}));
}

TEST_CASE("my turn to place: placements come with the view, the follower goes with the tile") {
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    const json view = my_turn_view();
    model.take_outbox();
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 10}, {"view", view}});
    CHECK(model.my_placement());
    CHECK(model.placements_ready());
    CHECK(types_of(model.take_outbox()) == json({"watch"}));  // nothing to ask
    CHECK(legal_cells(model.placements()) == std::vector<BoardCoord>{{1, 0}, {0, 1}});
    CHECK(legal_rotations(model.placements(), {1, 0}) == std::vector<int>{0, 2});

    // The chosen placement is held: its follower options are the decision, the tile shows as laid.
    model.hold_placement(model.placements()[0]);
    CHECK_FALSE(model.my_placement());
    CHECK(model.my_decision());
    REQUIRE(decision_options(model).size() == 2);
    const BoardScene held = build_scene(model, {{1, 0}, 0});
    CHECK(held.tiles.size() == 2);
    REQUIRE(held.marks.size() == 1);
    CHECK(held.marks[0].at == BoardCoord{1, 0});
    model.choose_after_placement(decision_options(model)[0]);
    const auto sent = model.take_outbox();
    REQUIRE(sent.size() == 1);
    CHECK(sent[0]["type"] == "action");
    CHECK(sent[0]["version"] == 10);
    CHECK(sent[0]["actions"] == json::parse(R"([{"type":"place_tile","x":1,"y":0,"rotation":0},
                                                {"type":"place_follower","segment":0}])"));
    CHECK_FALSE(model.held_placement());
    CHECK(follower_step(model.placements()[0].options));
    CHECK_FALSE(follower_step(model.placements()[2].options));  // laying it ends the decision
    CHECK_FALSE(follower_step({{{"type", "city_follower"}, {"quarter", "market"}}, {{"type", "pass"}}}));

    model.handle({{"type", "patch"}, {"room", "r1"}, {"version", 11},
                  {"patch", {{{"op", "add"}, {"path", "/game/board/-"},
                              {"value", {{"x", 1}, {"y", 0}, {"tile", "B-U"}, {"rotation", 0}, {"height", 0}}}},
                             {{"op", "replace"}, {"path", "/game/phase"}, {"value", "place_follower"}},
                             {{"op", "replace"}, {"path", "/you/legal"}, {"value", {{{"type", "place_follower"}, {"segment", 0}}, {{"type", "pass"}}}}},
                             {{"op", "remove"}, {"path", "/you/placements"}}}},
                  {"events", {{{"type", "tile_placed"}, {"player", 0}, {"tile", "B-U"}, {"x", 1}, {"y", 0}, {"rotation", 0}}}}});
    CHECK_FALSE(model.my_placement());
    CHECK(model.my_decision());
    CHECK(decision_options(model).size() == 2);
    REQUIRE(model.log().size() == 1);
    CHECK(model.log().back() == "Ada laid B-U at (1,0)");
    const BoardScene scene = build_scene(model, {{1, 0}, 0});
    CHECK(scene.tiles.size() == 2);
    REQUIRE(scene.marks.size() == 1);  // "pass" has no place on the board
    CHECK(scene.marks[0].at == BoardCoord{1, 0});
    CHECK(scene.marks[0].letter == '1');
}

TEST_CASE("the create form builds create_room requests") {
    CreateForm form;
    json r = form.request();
    CHECK(r["rules"] == "carcassonne");
    CHECK(r["seats"] == 2);
    CHECK(r["bots"] == json::parse(R"([{"seat":1,"kind":"greedy"}])"));
    form.row = 1;
    form.change(1);  // 3 seats
    form.row = 4;
    form.change(1);  // The Tower
    r = form.request();
    CHECK(r["seats"] == 3);
    CHECK(r["expansions"]["tower"] == true);
    CHECK(r["options"]["tower_rules"] == true);
    CHECK_FALSE(r.contains("clock"));
    form.row = 11;
    form.change(1);  // 5 minutes + 10 seconds
    r = form.request();
    CHECK(r["clock"]["initial_ms"] == 300000);
    CHECK(r["clock"]["increment_ms"] == 10000);
    form.row = 0;
    form.change(1);  // The Castle: two seats, no expansions
    r = form.request();
    CHECK(r["rules"] == "castle");
    CHECK(r["seats"] == 2);
    CHECK_FALSE(r.contains("expansions"));
}

TEST_CASE("server URLs") {
    auto u = parse_server_url("ws://example.org:9000");
    REQUIRE(u);
    CHECK(u->host == "example.org");
    CHECK(u->port == "9000");
    CHECK(u->path == "/ws");
    u = parse_server_url("ws://localhost/other");
    REQUIRE(u);
    CHECK(u->port == "8080");
    CHECK(u->path == "/other");
    CHECK_FALSE(parse_server_url("http://x:1"));
    CHECK_FALSE(parse_server_url("ws://x:port"));
}

TEST_CASE("choices the client has no sentence for are still listed with their fields") {
    const SeatNamer name = [](int seat) { return "seat" + std::to_string(seat); };
    const TileBook none;
    CHECK(describe_action({{"type", "pass"}}, json(), none, name) == "pass");
    CHECK(describe_action({{"type", "ransom"}, {"target", 1}}, json(), none, name) == "pay 3 points ransom to seat1");
    CHECK(describe_action({{"type", "redeploy_onto"}, {"quarter", "market"}, {"x", 2}}, json(), none, name) ==
          "redeploy onto quarter=market x=2");
}

TEST_CASE("the City, the Count, King and Robber Baron and River II have sentences") {
    const SeatNamer name = [](int seat) { return std::string(seat == 0 ? "Ada" : "Bob"); };
    CHECK(describe_event({{"type", "quarter_follower_placed"}, {"player", 0}, {"quarter", "cathedral"}}, name) ==
          "Ada put a follower into the cathedral quarter");
    CHECK(describe_event({{"type", "count_moved"}, {"quarter", "market"}}, name) == "The Count moved to the market quarter");
    CHECK(describe_event({{"type", "follower_moved"}, {"player", 1}, {"quarter", "blacksmith"}, {"x", 3}, {"y", -1},
                          {"segment", 0}, {"feature", "road"}}, name) ==
          "Bob moved a follower from the blacksmith quarter onto the road at (3,-1)");
    CHECK(describe_event({{"type", "token_taken"}, {"player", 1}, {"feature", "city"}, {"count", 4}}, name) ==
          "Bob took the King (city of 4 tiles)");
    CHECK(describe_event({{"type", "token_taken"}, {"player", 0}, {"feature", "road"}, {"count", 3}}, name) ==
          "Ada took the Robber Baron (road of 3 tiles)");
    CHECK(describe_event({{"type", "token_scored"}, {"player", 0}, {"feature", "road"}, {"count", 5}, {"points", 5}}, name) ==
          "Ada's Robber Baron scored 5 points for 5 completed roads");
    CHECK(describe_event({{"type", "tile_set_aside"}, {"player", 1}, {"tile", "R2-07"}}, name) ==
          "Bob's river tile R2-07 fit nowhere: back under the river stack");

    const TileBook none;
    const json redeploying = {{"phase", "redeploy"}, {"count_quarter", "castle"},
                              {"redeploy_onto", {{"x", 2}, {"y", 1}, {"segment", 0}, {"feature", "city"}}}};
    CHECK(describe_action({{"type", "redeploy"}, {"quarter", "castle"}}, redeploying, none, name) ==
          "move a follower from the castle quarter onto the city at (2,1)");
    CHECK(describe_action({{"type", "pass"}}, redeploying, none, name) == "pass (no follower joins)");
    const json counting = {{"phase", "move_count"}, {"count_quarter", "castle"}};
    CHECK(describe_action({{"type", "move_count"}, {"quarter", "market"}}, counting, none, name) ==
          "move the Count to the market quarter");
    CHECK(describe_action({{"type", "pass"}}, counting, none, name) == "pass (the Count stays in the castle quarter)");
    CHECK(describe_action({{"type", "city_follower"}, {"quarter", "blacksmith"}}, json(), none, name) ==
          "put a follower into the blacksmith quarter");
    CHECK(describe_action({{"type", "market_move"}, {"x", -3}, {"y", 2}, {"segment", 0}}, json(), none, name) ==
          "move a follower from the market to the field at (-3,2)");
}

TEST_CASE("a snapshot's history fills the log, the chat and the last tiles, a history reply too") {
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    json view = waiting_view();
    view["room"]["seats"][1] = {{"seat", 1}, {"kind", "human"}, {"person", "p2"}, {"name", "Bob"}, {"online", true}};
    const json log = {{{"type", "turn_started"}, {"player", 0}},
                      {{"type", "tile_placed"}, {"player", 0}, {"tile", "B-U"}, {"x", 1}, {"y", 0}, {"rotation", 0}},
                      {{"type", "tile_placed"}, {"player", 1}, {"tile", "B-E"}, {"x", 0}, {"y", -1}, {"rotation", 0}},
                      {{"type", "tile_placed"}, {"player", 0}, {"tile", "B-V"}, {"x", 2}, {"y", 0}, {"rotation", 1}}};
    const json chat = {{{"from", "p2"}, {"name", "Bob"}, {"text", "привет"}, {"time", 1}}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 9}, {"view", view}, {"log", log}, {"chat", chat}});
    CHECK(model.log() == std::deque<std::string>{"Ada laid B-U at (1,0)", "Bob laid B-E at (0,-1)", "Ada laid B-V at (2,0)"});
    CHECK(model.chat() == std::deque<std::string>{"Bob: привет"});
    CHECK(model.last_tiles() == std::map<int, BoardCoord>{{0, {2, 0}}, {1, {0, -1}}});
    // The view marks the opponents' last tiles, not one's own.
    view["game"] = {{"rules", "carcassonne"}, {"phase", "place_tile"}, {"decider", 1}, {"result", nullptr},
                    {"board", json::array()}, {"followers", json::array()}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 10}, {"view", view}, {"log", log}, {"chat", chat}});
    const BoardScene scene = build_scene(model, {});
    CHECK(scene.last_tiles == std::vector<std::pair<BoardCoord, int>>{{{0, -1}, 1}});
    // Another snapshot (a reconnect) replaces the history rather than adding to it.
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 11}, {"view", view}, {"log", log}, {"chat", chat}});
    CHECK(model.log().size() == 3);
    model.handle({{"type", "history"}, {"room", "r1"}, {"version", 11}, {"log", json::array({log[1]})}, {"chat", json::array()}});
    CHECK(model.log() == std::deque<std::string>{"Ada laid B-U at (1,0)"});
    CHECK(model.chat().empty());
}

TEST_CASE("a chat line the operator removed shows so, live and in the history, in English and Russian") {
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    const json chat = {{{"from", "p2"}, {"name", "Bob"}, {"text", "you are all idiots"}, {"time", 5}},
                       {{"from", "p3"}, {"name", "Cy"}, {"text", "calm down"}, {"time", 5}},
                       {{"from", "p2"}, {"name", "Bob"}, {"text", "sorry"}, {"time", 6}}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 1}, {"view", waiting_view()}, {"log", json::array()},
                  {"chat", chat}});
    // Another room's removal, or another sender's line at that time, stays as it was.
    model.handle({{"type", "chat_removed"}, {"room", "r2"}, {"from", "p2"}, {"time", 5}});
    model.handle({{"type", "chat_removed"}, {"room", "r1"}, {"from", "p2"}, {"time", 5}});
    CHECK(model.chat() ==
          std::deque<std::string>{"Bob: [message removed by the operator]", "Cy: calm down", "Bob: sorry"});
    // A late arrival's history says the same.
    set_language(Lang::ru);
    model.handle({{"type", "history"}, {"room", "r1"}, {"version", 1}, {"log", json::array()},
                  {"chat", {{{"from", "p2"}, {"name", "Bob"}, {"time", 5}, {"removed", true}}}}});
    set_language(Lang::en);
    CHECK(model.chat() == std::deque<std::string>{"Bob: [сообщение удалено администратором]"});
}

TEST_CASE("a spectator the server forgot (a restart) watches again, a room that is gone is left") {
    ClientModel model("Eve");
    model.connected();
    model.handle({{"type", "welcome"}, {"person", "p7"}, {"name", "Eve"}, {"token", "t1"}, {"rooms", json::array()}});
    model.take_outbox();
    json view = waiting_view();
    view["you"]["seat"] = nullptr;
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 3}, {"view", view}});
    REQUIRE(model.in_room());
    CHECK(types_of(model.take_outbox()) == json({"watch"}));
    // The server restarts: the link drops, the old token is unknown, a new person is welcomed.
    model.disconnected();
    model.connected();
    CHECK(model.take_outbox()[0]["token"] == "t1");
    model.handle({{"type", "error"}, {"code", "unknown_token"}, {"message", "unknown token"}});
    auto out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK_FALSE(out[0].contains("token"));
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Eve"}, {"token", "t2"}, {"rooms", json::array()}});
    out = model.take_outbox();
    REQUIRE(types_of(out) == json({"get_tiles", "lobby_subscribe", "watch", "spectate", "visibility"}));
    CHECK(out[2]["room"] == "r1");  // the new connection is told the room on screen too
    CHECK(out[3]["room"] == "r1");
    CHECK(model.in_room());  // still showing the room until the new snapshot comes
    model.handle({{"type", "joined"}, {"room", "r1"}, {"seat", nullptr}});
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 4}, {"view", view}});
    CHECK(model.version() == 4);

    // A resumed welcome that lists the room asks for nothing more.
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Eve"}, {"token", "t2"}, {"resumed", true}, {"rooms", {"r1"}}});
    CHECK(types_of(model.take_outbox()) == json({"get_tiles", "lobby_subscribe", "watch", "visibility"}));  // no spectate
    // "not in room" for a room we show: watch it again; gone: leave it.
    model.handle({{"type", "error"}, {"code", "not_in_room"}, {"message", "not in room"}, {"room", "r1"}});
    CHECK(types_of(model.take_outbox()) == json({"spectate"}));
    model.handle({{"type", "error"}, {"code", "no_such_room"}, {"message", "no such room"}});
    CHECK_FALSE(model.in_room());
}

TEST_CASE("the follower step defaults to no follower, a cursor where the tile does not fit says why") {
    ClientModel model("Ada");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    json view = my_turn_view();
    view["you"]["placements"] = json::parse("[[1,0,1,-1]]");
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 10}, {"view", view}});
    CHECK(misfit_reason(model, {1, 0}, 1) == "");
    CHECK(misfit_reason(model, {1, 0}, 0) == "r: it fits here turned");
    CHECK(misfit_reason(model, {0, 0}, 0) == "a tile lies here");
    CHECK(misfit_reason(model, {5, 5}, 0) == "not next to a tile");
    CHECK(misfit_reason(model, {0, 1}, 0) == "the edges do not match");
    BoardScene scene = build_scene(model, {{0, 1}, 0});
    CHECK_FALSE(scene.cursor_fits);
    CHECK_FALSE(scene.preview);
    scene = build_scene(model, {{1, 0}, 1});
    CHECK(scene.cursor_fits);
    CHECK(scene.preview);

    const std::vector<json> options = {{{"type", "place_follower"}, {"segment", 0}}, {{"type", "add_floor"}, {"x", 2}, {"y", 0}},
                                       {{"type", "pass"}}};
    CHECK(pass_option(options) == std::size_t{2});
    CHECK_FALSE(pass_option({options[0]}));
    const SeatNamer name = [](int) { return std::string("Ada"); };
    CHECK(describe_action({{"type", "pass"}}, {{"phase", "place_follower"}}, TileBook(), name) == "no follower (pass)");
}

TEST_CASE("the lobby: a full list, then one room at a time changes, appears or leaves") {
    ClientModel model("Ada");
    model.handle({{"type", "lobby"}, {"rooms", {{{"id", "r1"}, {"status", "waiting"}}, {{"id", "r2"}, {"status", "playing"}}}}});
    model.handle({{"type", "lobby_room"}, {"room", {{"id", "r2"}, {"status", "adjourned"}}}});
    model.handle({{"type", "lobby_room"}, {"room", {{"id", "r3"}, {"status", "waiting"}}}});
    model.handle({{"type", "lobby_room_removed"}, {"room", "r1"}});
    CHECK(model.rooms() == json::parse(R"([{"id":"r2","status":"adjourned"},{"id":"r3","status":"waiting"}])"));
}

TEST_CASE("the lobby: a batch of changes replaces, adds and drops several rooms at once") {
    ClientModel model("Ada");
    model.handle({{"type", "lobby"}, {"rooms", {{{"id", "r1"}, {"status", "waiting"}}, {{"id", "r2"}, {"status", "playing"}}}}});
    model.handle({{"type", "lobby_changes"},
                  {"rooms", {{{"id", "r2"}, {"status", "finished"}}, {{"id", "r4"}, {"status", "waiting"}}}},
                  {"removed", {"r1", "r9"}}});
    CHECK(model.rooms() == json::parse(R"([{"id":"r2","status":"finished"},{"id":"r4","status":"waiting"}])"));
}

TEST_CASE("a request the player makes clears the status line of what came before, not while offline") {
    ClientModel model("Ada");
    model.connected();
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}});
    model.handle({{"type", "room_created"}, {"room", "r1"}, {"invite", "AB12-CD34"}});
    CHECK(model.status().find("AB12-CD34") != std::string::npos);
    model.request({{"type", "history"}, {"room", "r1"}});  // the client's own: kept
    CHECK_FALSE(model.status().empty());
    model.user_request({{"type", "start"}, {"room", "r1"}});
    CHECK(model.status().empty());
    model.handle({{"type", "error"}, {"code", "not_host"}, {"message", "only the host may do that"}});
    CHECK_FALSE(model.status().empty());  // the reply to it
    model.disconnected();
    const std::string offline = model.status();
    model.user_request({{"type", "chat"}, {"room", "r1"}, {"text", "hi"}});
    CHECK(model.status() == offline);
}

TEST_CASE("an invite code in any case opens the room: a free seat of a waiting room, else watching") {
    CHECK(normalise_invite("kq7m-tx3p") == "KQ7M-TX3P");
    CHECK(normalise_invite(" kq7m tx3p ") == "KQ7M-TX3P");
    CHECK(normalise_invite("KQ7MTX3P") == "KQ7M-TX3P");
    CHECK(normalise_invite("") == "");

    ClientModel model("Eve");
    model.handle({{"type", "welcome"}, {"person", "p2"}, {"name", "Eve"}, {"token", "t"}});
    model.take_outbox();
    model.open_invite("kq7m-tx3p");
    auto out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "room_info");
    CHECK(out[0]["invite"] == "KQ7M-TX3P");
    // A private game already running: watched by its code (the server lets strangers in by it).
    model.handle({{"type", "room_info"}, {"id", out[0]["id"]}, {"invite", "KQ7M-TX3P"}, {"private", true}, {"member", false},
                  {"room", {{"id", "r7"}, {"status", "playing"}, {"seats", 2}, {"taken", 2}}}});
    out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "spectate");
    CHECK(out[0]["invite"] == "KQ7M-TX3P");

    model.open_invite("ab12cd34");
    out = model.take_outbox();
    model.handle({{"type", "room_info"}, {"invite", "AB12-CD34"}, {"member", false},
                  {"room", {{"id", "r8"}, {"status", "waiting"}, {"seats", 3}, {"taken", 1}}}});
    out = model.take_outbox();
    REQUIRE(out.size() == 1);
    CHECK(out[0]["type"] == "join");
    CHECK(out[0]["invite"] == "AB12-CD34");
    // An answer nobody asked for does nothing.
    model.handle({{"type", "room_info"}, {"invite", "AB12-CD34"}, {"member", false}, {"room", {{"id", "r8"}, {"status", "waiting"}}}});
    CHECK(model.take_outbox().empty());
}

TEST_CASE("the --play flag opens the game named from My games: its snapshot is asked for, others wait") {
    ClientModel model("Ada");
    model.open_on_welcome("r7");
    model.connected();
    model.take_outbox();
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", true},
                  {"rooms", {"r1", "r7"}}});
    const auto out = model.take_outbox();
    CHECK(types_of(out) == json({"get_tiles", "lobby_subscribe", "snapshot", "watch", "visibility"}));
    CHECK(out[2]["room"] == "r7");
    // The server sends the snapshot of every room the person sits in: the named one is shown.
    json other = my_turn_view();
    other["room"]["id"] = "r1";
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 3}, {"view", other}});
    CHECK_FALSE(model.in_room());
    json mine = my_turn_view();
    mine["room"]["id"] = "r7";
    model.handle({{"type", "snapshot"}, {"room", "r7"}, {"version", 5}, {"view", mine}});
    CHECK(model.in_room());
    CHECK(model.room_id() == "r7");
}

TEST_CASE("My games: the list asked for, a game opened from it and left for the list, the server told what is on screen") {
    ClientModel model("Ada");
    model.connected();
    model.take_outbox();
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"rooms", {"r1", "r7"}}});
    auto out = model.take_outbox();
    CHECK(types_of(out) == json({"get_tiles", "lobby_subscribe", "watch", "visibility"}));
    CHECK(out[2]["room"].is_null());
    CHECK(out[3]["visible"] == true);  // a terminal is on screen while it runs  // the lobby: no game on screen, its turn notices welcome

    model.request_my_games();
    CHECK_FALSE(model.my_games_answered());
    out = model.take_outbox();
    REQUIRE(types_of(out) == json({"my_games"}));
    model.handle({{"type", "my_games"}, {"id", out[0]["id"]},
                  {"games", {{{"room", "r7"}, {"status", "playing"}, {"your_turn", true}, {"deadline_ms", nullptr}}}}});
    CHECK(model.my_games_answered());
    CHECK(model.my_games()[0]["room"] == "r7");

    model.open_game("r7");
    out = model.take_outbox();
    REQUIRE(types_of(out) == json({"snapshot"}));
    CHECK(out[0]["room"] == "r7");
    json other = my_turn_view();
    other["room"]["id"] = "r1";
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 3}, {"view", other}});
    CHECK_FALSE(model.in_room());  // another of the person's games: not the one opened
    json mine = my_turn_view();
    mine["room"]["id"] = "r7";
    model.handle({{"type", "snapshot"}, {"room", "r7"}, {"version", 5}, {"view", mine}});
    CHECK(model.room_id() == "r7");
    out = model.take_outbox();
    REQUIRE(types_of(out) == json({"watch"}));
    CHECK(out[0]["room"] == "r7");

    // Back to the list: the seat is not left (no `leave`), the screen shows no game again.
    model.close_game();
    CHECK_FALSE(model.in_room());
    out = model.take_outbox();
    REQUIRE(types_of(out) == json({"watch", "my_games"}));
    CHECK(out[0]["room"].is_null());
}

TEST_CASE("My games as text: your turn marked with its deadline, a seat a bot plays said so") {
    const json games = {{"games",
                         {{{"room", "r7"}, {"status", "playing"}, {"your_turn", true}, {"deadline_ms", 86'400'000}},
                          {{"room", "r3"}, {"status", "playing"}, {"your_turn", false}, {"deadline_ms", nullptr},
                           {"away", true}}}}};
    CHECK(my_games_text(games) ==
          "* r7  playing  (your turn)  until 1970-01-02 00:00 UTC\n"
          "  r3  playing  (a bot plays your seat)\n");
    CHECK(my_games_text({{"games", json::array()}}) == "no games\n");
}

TEST_CASE("a first start with a saved token says welcome back, only a lost link that comes back says reconnected") {
    ClientModel model("Ada");
    model.connected();
    CHECK(model.status() == "connected, saying hello");
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", true}});
    CHECK(model.status() == "welcome back, Ada");
    model.disconnected();
    model.connected();
    model.handle({{"type", "welcome"}, {"person", "p1"}, {"name", "Ada"}, {"token", "abc"}, {"resumed", true}});
    CHECK(model.status() == "reconnected");

    ClientModel fresh("Bea");
    fresh.connected();
    fresh.handle({{"type", "welcome"}, {"person", "p2"}, {"name", "Bea"}, {"token", "t"}, {"resumed", false}});
    CHECK(fresh.status() == "welcome, Bea");
}

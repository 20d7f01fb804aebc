// Friends and statistics through the real server (docs/friends.md): follow, unfollow, mutual
// follows as friends and the refusals; a challenge to a friend opens a private room the friend
// joins by the notice's invite; a decline reaches the challenger; a block stops challenges,
// their notices and the blocked person's chat lines; a finished game's statistics equal the sums
// of the engine's scoring events in its record, counted once.
#include <thread>

#include <catch2/catch.hpp>

#include "account_fixture.hpp"
#include "carc/storage/friend_store.hpp"
#include "friends/block_list.hpp"
#include "room_openings.hpp"
#include "util/wall_clock.hpp"

using namespace carc::test;
namespace st = carc::storage;

namespace {

api_reply follow(account_server& s, const signed_player& who, const std::string& name, bool on = true) {
    return call_api(s.port(), on ? "PUT" : "DELETE", "/api/me/follows/" + name, nullptr, who.auth());
}
api_reply block(account_server& s, const signed_player& who, const std::string& name, bool on = true) {
    return call_api(s.port(), on ? "PUT" : "DELETE", "/api/me/blocks/" + name, nullptr, who.auth());
}

void make_friends(account_server& s, const signed_player& a, const signed_player& b) {
    REQUIRE(follow(s, a, b.name).status == 200);
    REQUIRE(follow(s, b, a.name).status == 200);
}

json challenge(signed_player& from, const std::string& name, json settings = {{"seats", 2}}) {
    return from.ws->request({{"type", "challenge"}, {"name", name}, {"settings", std::move(settings)}});
}

bool is_notice(const json& m, const char* kind) { return m["type"] == "notice" && m["kind"] == kind; }

// Waits (not timed: up to 20 s, for a loaded machine) until the game's record says finished.
json finished_record(account_server& s, const std::string& room) {
    api_reply reply;
    for (int i = 0; i < 1000; ++i) {
        reply = call_api(s.port(), "GET", "/api/games/" + room);
        if (reply.status == 200 && reply.body["status"] == "finished") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(reply.body["status"] == "finished");
    return reply.body;
}

}  // namespace

TEST_CASE("follows over HTTP: one way, mutual friends, unfollow, and every refusal", "[server][friends]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");

    const auto one_way = follow(s, ada, "bob");  // names compare ignoring case
    REQUIRE(one_way.status == 200);
    CHECK(one_way.body["following"] == json::array({"Bob"}));
    CHECK(one_way.body["friends"].empty());
    REQUIRE(follow(s, bob, "Ada").status == 200);
    const auto lists = call_api(s.port(), "GET", "/api/me/friends", nullptr, ada.auth());
    REQUIRE(lists.status == 200);
    CHECK(lists.body["friends"] == json::array({"Bob"}));
    CHECK(lists.body["followers"] == json::array({"Bob"}));

    CHECK(follow(s, ada, "Bob", false).body["friends"].empty());
    CHECK(call_api(s.port(), "GET", "/api/me/friends", nullptr, bob.auth()).body["following"] ==
          json::array({"Ada"}));

    const auto unknown = follow(s, ada, "Nobody");
    CHECK(unknown.status == 404);
    CHECK(unknown.body["error"] == "no_such_player");
    CHECK(follow(s, ada, "Ada").body["error"] == "self");
    const auto guest = call_api(s.port(), "PUT", "/api/me/follows/Bob");
    CHECK(guest.status == 401);
    CHECK(guest.body["error"] == "not_signed_in");
    REQUIRE(block(s, bob, "Ada").status == 200);
    const auto blocked = follow(s, ada, "Bob");
    CHECK(blocked.status == 403);
    CHECK(blocked.body["error"] == "blocked");
}

TEST_CASE("a challenge to a friend opens a private room with both seated once the friend accepts", "[server][friends]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    signed_player cy = sign_up_player(s, "Cy");

    const json not_friends = challenge(ada, "Bob");
    CHECK(not_friends["code"] == "challenge_refused");
    CHECK(not_friends["params"]["reason"] == "not_friends");
    CHECK(challenge(ada, "Nobody")["params"]["reason"] == "no_such_player");
    ws_client guest(s.port());
    greet(guest, "Gus");
    CHECK(guest.request({{"type", "challenge"}, {"name", "Bob"}})["params"]["reason"] == "account_required");

    make_friends(s, ada, bob);
    const json created = challenge(ada, "Bob", {{"seats", 2}, {"move_time_s", 86400}});
    REQUIRE(created["type"] == "room_created");
    const std::string room = created["room"];
    const auto notice = bob.ws->wait_for([](const json& m) { return is_notice(m, "challenge"); });
    REQUIRE(notice.has_value());
    CHECK((*notice)["room"] == room);
    CHECK((*notice)["from"] == "Ada");
    CHECK((*notice)["move_time_s"] == 86400);
    // The room is private: only the invite the notice carries lets the friend in.
    CHECK(cy.ws->request({{"type", "join"}, {"room", room}})["code"] == "no_such_room");
    const json joined = bob.ws->request({{"type", "join"}, {"invite", (*notice)["invite"]}});
    REQUIRE(joined["type"] == "joined");
    CHECK(joined["seat"] == 1);
    const auto both = ada.ws->wait_for(
        [](const json& m) { return m["type"] == "patch" && m.dump().find("\"Bob\"") != std::string::npos; });
    CHECK(both.has_value());

    // A second challenge, declined: the challenger is told.
    const json again = challenge(ada, "Bob");
    REQUIRE(again["type"] == "room_created");
    CHECK(cy.ws->request({{"type", "decline_challenge"}, {"room", again["room"]}})["params"]["reason"] ==
          "no_such_challenge");
    CHECK(bob.ws->request({{"type", "decline_challenge"}, {"room", again["room"]}})["type"] == "ack");
    const auto declined = ada.ws->wait_for([](const json& m) { return is_notice(m, "challenge_declined"); });
    REQUIRE(declined.has_value());
    CHECK((*declined)["from"] == "Bob");
}

TEST_CASE("a block stops the blocked person's challenges, their notices and their chat lines", "[server][friends]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    signed_player cy = sign_up_player(s, "Cy");
    make_friends(s, ada, bob);
    REQUIRE(block(s, bob, "Ada").status == 200);

    const json refused = challenge(ada, "Bob");
    CHECK(refused["code"] == "challenge_refused");
    CHECK(refused["params"]["reason"] == "blocked");
    CHECK(challenge(bob, "Ada")["params"]["reason"] == "blocked");  // the blocker must unblock first

    // Chat: Bob no longer gets Ada's lines; Cy does, and Bob gets Cy's.
    const std::string room = open_room(*cy.ws, {{"seats", 3}})["room"];
    join_room(*ada.ws, room);
    join_room(*bob.ws, room);
    REQUIRE(ada.ws->request({{"type", "chat"}, {"room", room}, {"text", "hello from Ada"}})["type"] == "ack");
    CHECK(cy.ws->wait_for([](const json& m) { return m["type"] == "chat" && m["text"] == "hello from Ada"; }));
    REQUIRE(cy.ws->request({{"type", "chat"}, {"room", room}, {"text", "hello from Cy"}})["type"] == "ack");
    std::vector<std::string> bob_got;
    const auto cy_line = bob.ws->wait_for([&](const json& m) {
        if (m["type"] == "chat") bob_got.push_back(m["text"]);
        return m["type"] == "chat" && m["text"] == "hello from Cy";
    });
    REQUIRE(cy_line.has_value());
    CHECK(std::find(bob_got.begin(), bob_got.end(), "hello from Ada") == bob_got.end());
    // No challenge notice reached Bob at all.
    const auto frames = bob.ws->frames();
    CHECK(std::none_of(frames.begin(), frames.end(),
                       [](const std::string& f) { return f.find("\"challenge\"") != std::string::npos; }));

    // Unblocked, the lines come through again (friendship is not restored: a block ended it).
    REQUIRE(block(s, bob, "Ada", false).status == 200);
    REQUIRE(ada.ws->request({{"type", "chat"}, {"room", room}, {"text", "back again"}})["type"] == "ack");
    CHECK(bob.ws->wait_for([](const json& m) { return m["type"] == "chat" && m["text"] == "back again"; }));
    CHECK(challenge(ada, "Bob")["params"]["reason"] == "not_friends");
}

TEST_CASE("a snapshot's chat history leaves out the lines of people its viewer blocks", "[server][friends]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    signed_player bob = sign_up_player(s, "Bob");
    signed_player cy = sign_up_player(s, "Cy");
    const std::string room = open_room(*cy.ws, {{"seats", 3}})["room"];
    join_room(*ada.ws, room);
    REQUIRE(ada.ws->request({{"type", "chat"}, {"room", room}, {"text", "said by Ada"}})["type"] == "ack");
    REQUIRE(cy.ws->request({{"type", "chat"}, {"room", room}, {"text", "said by Cy"}})["type"] == "ack");
    REQUIRE(block(s, bob, "Ada").status == 200);

    const auto texts = [](const json& chat) {
        std::vector<std::string> out;
        for (const json& line : chat) out.push_back(line["text"]);
        return out;
    };
    const std::vector<std::string> both{"said by Ada", "said by Cy"};
    const std::vector<std::string> cy_only{"said by Cy"};
    // Bob, joining after the lines were said: his snapshot and history leave Ada's out, as a
    // spectator's and a seated member's alike.
    REQUIRE(bob.ws->request({{"type", "spectate"}, {"room", room}})["type"] == "joined");
    const json watched = bob.ws->request({{"type", "snapshot"}, {"room", room}});
    REQUIRE(watched["type"] == "snapshot");
    CHECK(texts(watched["chat"]) == cy_only);
    join_room(*bob.ws, room);
    const json seated = bob.ws->request({{"type", "snapshot"}, {"room", room}});
    REQUIRE(seated["type"] == "snapshot");
    CHECK(texts(seated["chat"]) == cy_only);
    CHECK(texts(bob.ws->request({{"type", "history"}, {"room", room}})["chat"]) == cy_only);
    const std::string frames = [&] {
        std::string all;
        for (const std::string& f : bob.ws->frames()) all += f;
        return all;
    }();
    CHECK(frames.find("said by Ada") == std::string::npos);  // in no frame Bob got
    // Cy blocks nobody: the whole history.
    CHECK(texts(cy.ws->request({{"type", "snapshot"}, {"room", room}})["chat"]) == both);
}

TEST_CASE("a finished game's statistics equal its record's scoring events, counted once", "[server][friends]") {
    account_server s;
    signed_player ada = sign_up_player(s, "Ada");
    // Ada and two greedy bots on a short pile; Ada resigns and the bots play her seat to the end.
    const json bots = {{{"seat", 1}, {"kind", "greedy"}}, {{"seat", 2}, {"kind", "greedy"}}};
    const std::string room =
        open_room(*ada.ws, {{"seats", 3}, {"bots", bots}, {"options", {{"pile_limit", 14}}}})["room"];
    start_game(*ada.ws, room);
    REQUIRE(ada.ws->request({{"type", "resign"}, {"room", room}})["type"] == "ack");
    const json record = finished_record(s, room);

    // The sums, from the record's events and actions.
    std::map<std::string, std::int64_t> points;
    int tiles = 0;
    int followers = 0;
    for (const json& a : record["actions"]) {
        if (a["seat"] == 0) {
            const std::string type = a["action"]["type"];
            if (type == "place_tile") ++tiles;
            if (type == "place_follower" || type == "tower_follower" || type == "city_follower") ++followers;
        }
        for (const json& e : a["events"]) {
            if (e["type"] != "feature_scored") continue;
            for (const json& p : e["scorers"])
                if (p == 0) points[e["feature"].get<std::string>()] += e["points"].get<int>();
        }
    }
    std::int64_t sum = 0;
    for (const auto& [kind, p] : points) sum += p;
    CHECK(sum == record["players"][0]["score"].get<std::int64_t>());  // the base game scores only features
    CHECK(tiles >= 1);

    // The record may be served from memory a moment before its finish (and the statistics) is stored.
    api_reply profile;
    for (int i = 0; i < 1000; ++i) {
        profile = call_api(s.port(), "GET", "/api/players/Ada");
        if (profile.status != 200 || !profile.body["stats"].empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(profile.status == 200);
    REQUIRE(profile.body["stats"].size() == 1);
    const json& stats = profile.body["stats"][0];
    CHECK(stats["key"] == "carcassonne");
    CHECK(stats["games"] == 1);
    CHECK(stats["wins"] == 0);  // resigning is no win
    CHECK(stats["tiles_placed"] == tiles);
    CHECK(stats["followers_used"] == followers);
    std::map<std::string, std::int64_t> stored;
    for (const auto& [kind, p] : stats["points"].items()) stored[kind] = p.get<std::int64_t>();
    std::erase_if(points, [](const auto& entry) { return entry.second == 0; });
    CHECK(stored == points);

    // Finishing the same game again (a retry, another node) is refused and counts nothing.
    st::FinishWrite again;
    again.game.game_id = room;
    again.game.finished_at_ms = carc::server::unix_ms();
    again.game.rule_system = "carcassonne";
    again.game.engine_version = "x";
    again.game.record_json = "{}";
    again.game.stats_key = "carcassonne";
    again.game.stats = {{.seat = 0, .person_id = ada.person, .won = true, .tiles_placed = 1, .followers_used = 1,
                         .points = {{"city", 4}}}};
    CHECK(s.store->write_batch({again})[0].code() == st::ErrorCode::already_exists);
    auto& friends = dynamic_cast<st::FriendStore&>(*s.store);
    CHECK(friends.stats_of(ada.person).value()[0].games == 1);
}

TEST_CASE("the block cache keeps known people's lists only and takes a sender's blockers from the store",
          "[server][friends]") {
    carc::server::friends::block_list cache;
    cache.load("pb", {"pa"});
    cache.load("pc", {});
    cache.set("pd", "pa", true);  // Dee's list is not known here: left to her sign-in
    CHECK_FALSE(cache.knows("pd"));
    CHECK(cache.blocks("pb", "pa"));

    // The store says Cy (and Dee, unknown here) block Ada, Bob no longer does.
    cache.set_blockers("pa", {"pc", "pd"});
    CHECK_FALSE(cache.blocks("pb", "pa"));
    CHECK(cache.blocks("pc", "pa"));
    CHECK_FALSE(cache.knows("pd"));
    CHECK(cache.blocked_by("pc") == std::set<std::string>{"pa"});

    cache.load("pc", {"pb"});  // read again: the whole list replaced
    CHECK_FALSE(cache.blocks("pc", "pa"));
    cache.set_blockers("pb", {});
    CHECK(cache.blocked_by("pc").empty());
}

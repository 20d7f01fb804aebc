// Caps per person across two nodes (docs/scaling.md, "Caps"): the rooms one person opened and
// their search-bot seats are counted in PostgreSQL, so rooms at both nodes together stay within
// --max-rooms-per-person and --max-search-bots-per-person; a room left gives its place back.
#include "cluster_fixture.hpp"
#include "wait_until.hpp"

using namespace carc::test;

namespace {

// One guest with a connection at each node (the same person: the token is stored).
struct guest {
    guest(cluster& c, const std::string& name) : at{std::make_unique<ws_client>(c.port(0)), std::make_unique<ws_client>(c.port(1))} {
        const json welcome = at[0]->hello(name);
        REQUIRE(welcome["type"] == "welcome");
        token = welcome["token"];
        REQUIRE(at[1]->hello(name, token)["type"] == "welcome");
    }
    // create_room at `node` with `search_bots` hard bots in the seats after the host's.
    json create(int node, int search_bots) {
        json bots = json::array();
        for (int seat = 1; seat <= search_bots; ++seat) bots.push_back({{"seat", seat}, {"kind", "hard"}});
        return at[static_cast<std::size_t>(node)]->request(
            {{"type", "create_room"}, {"seats", search_bots + 1 < 2 ? 2 : search_bots + 1}, {"bots", bots}});
    }
    std::string token;
    std::unique_ptr<ws_client> at[2];
};

}  // namespace

TEST_CASE("caps per person hold over both nodes together", "[multinode][caps]") {
    cluster c(2, {"--max-rooms-per-person", "4", "--max-search-bots-per-person", "8"});

    // Rooms: two at each node, then none more at either.
    guest ada(c, "Ada");
    std::vector<std::string> rooms;
    for (int node : {0, 0, 1, 1}) {
        const json made = ada.create(node, 0);
        INFO(made.dump());
        REQUIRE(made["type"] == "room_created");
        rooms.push_back(made["room"]);
    }
    for (int node : {1, 0}) {
        const json refused = ada.create(node, 0);
        INFO(refused.dump());
        CHECK(refused["type"] == "error");
        CHECK(refused["code"] == "too_many_rooms");
        CHECK(refused["params"]["per"] == "person");
        CHECK(refused["params"]["limit"] == 4);
    }
    // Leaving one at node 0 (empty, so closed) frees a place for a room at node 1.
    REQUIRE(ada.at[0]->request({{"type", "leave"}, {"room", rooms[0]}})["type"] == "left");
    wait_until([&] { return c.query("SELECT count(*) FROM room_charges WHERE room_id = '" + rooms[0] + "'") == "0"; },
               "the closed room's charge goes");
    CHECK(ada.create(1, 0)["type"] == "room_created");

    // Search-bot seats: 3 + 3 at the two nodes, 3 more refused anywhere, 2 more allowed.
    guest bob(c, "Bob");
    const json first = bob.create(0, 3);
    REQUIRE(first["type"] == "room_created");
    const json second = bob.create(1, 3);
    REQUIRE(second["type"] == "room_created");
    for (int node : {1, 0}) {
        const json refused = bob.create(node, 3);
        INFO(refused.dump());
        CHECK(refused["code"] == "too_many_bots");
        CHECK(refused["params"]["per"] == "person");
        CHECK(refused["params"]["limit"] == 8);
    }
    CHECK(bob.create(0, 2)["type"] == "room_created");
    // set_bot is counted the same way: a seat's search bot taken away gives its place back (once
    // the store has it), a ninth one is refused, a random bot is not counted.
    const std::string at_one = second["room"];
    REQUIRE(bob.at[1]->request({{"type", "set_bot"}, {"room", at_one}, {"seat", 3}, {"bot", nullptr}})["type"] == "ack");
    wait_until([&] { return c.query("SELECT search_bots FROM room_charges WHERE room_id = '" + at_one + "'") == "2"; },
               "the store counts the seat given back");
    CHECK(bob.create(0, 1)["type"] == "room_created");
    const json ninth = bob.at[1]->request({{"type", "set_bot"}, {"room", at_one}, {"seat", 3}, {"bot", "medium"}});
    INFO(ninth.dump());
    CHECK(ninth["code"] == "too_many_bots");
    CHECK(bob.at[1]->request({{"type", "set_bot"}, {"room", at_one}, {"seat", 3}, {"bot", "random"}})["type"] == "ack");
}

// Caps per person and per address on open rooms and search-bot seats: accepted up to the cap,
// refused past it with too_many_rooms / too_many_bots, given back when a room goes.
#include <catch2/catch.hpp>

#include <variant>

#include "room_openings.hpp"
#include "rooms/usage_caps.hpp"
#include "test_server.hpp"

using namespace carc::test;
using carc::server::usage_caps;
using charge_ptr = std::shared_ptr<usage_caps::charge>;

namespace {

charge_ptr accepted(std::variant<charge_ptr, carc::protocol::ErrorMessage> outcome) {
    INFO((std::holds_alternative<carc::protocol::ErrorMessage>(outcome)
              ? std::get<carc::protocol::ErrorMessage>(outcome).message
              : std::string("accepted")));
    REQUIRE(std::holds_alternative<charge_ptr>(outcome));
    return std::get<charge_ptr>(outcome);
}

carc::protocol::ErrorMessage refused(std::variant<charge_ptr, carc::protocol::ErrorMessage> outcome) {
    REQUIRE(std::holds_alternative<carc::protocol::ErrorMessage>(outcome));
    return std::get<carc::protocol::ErrorMessage>(outcome);
}

json bots(std::initializer_list<std::pair<int, const char*>> seats) {
    json out = json::array();
    for (const auto& [seat, kind] : seats) out.push_back({{"seat", seat}, {"kind", kind}});
    return out;
}

}  // namespace

TEST_CASE("rooms are capped per person and per address, and a closed room gives its place back", "[server][caps]") {
    usage_caps caps({2, 3, 0, 0});
    auto first = accepted(caps.open_room("p1", "10.0.0.1", 0));
    auto second = accepted(caps.open_room("p1", "10.0.0.1", 0));
    const auto person_full = refused(caps.open_room("p1", "10.0.0.1", 0));
    CHECK(person_full.code == carc::protocol::ErrorCode::too_many_rooms);
    CHECK(person_full.params == json({{"limit", 2}, {"per", "person"}}));
    // Another person at the same address: the address has one place left.
    auto third = accepted(caps.open_room("p2", "10.0.0.1", 0));
    const auto address_full = refused(caps.open_room("p3", "10.0.0.1", 0));
    CHECK(address_full.code == carc::protocol::ErrorCode::too_many_rooms);
    CHECK(address_full.params == json({{"limit", 3}, {"per", "address"}}));
    CHECK(caps.of_address("10.0.0.1") == std::pair{3, 0});
    // Elsewhere is someone else's count.
    auto elsewhere = accepted(caps.open_room("p3", "10.0.0.2", 0));
    second.reset();  // the room left memory
    CHECK(caps.of_person("p1") == std::pair{1, 0});
    auto again = accepted(caps.open_room("p3", "10.0.0.1", 0));
}

TEST_CASE("search-bot seats are capped per person and per address, at creation and with set_bot", "[server][caps]") {
    usage_caps caps({0, 0, 4, 6});
    auto room = accepted(caps.open_room("p1", "10.0.0.1", 4));
    const auto over = refused(caps.open_room("p1", "10.0.0.1", 1));
    CHECK(over.code == carc::protocol::ErrorCode::too_many_bots);
    CHECK(over.params == json({{"limit", 4}, {"per", "person"}}));
    auto plain = accepted(caps.open_room("p1", "10.0.0.1", 0));  // random and greedy bots cost no search
    const auto more = caps.set_search_bots(*plain, 1);
    REQUIRE(more);
    CHECK(more->code == carc::protocol::ErrorCode::too_many_bots);
    CHECK_FALSE(caps.set_search_bots(*room, 2));  // fewer is always fine
    CHECK_FALSE(caps.set_search_bots(*plain, 2));
    CHECK(caps.of_person("p1") == std::pair{2, 4});
    // The address: p2 may add two more, not three.
    const auto address_over = refused(caps.open_room("p2", "10.0.0.1", 3));
    CHECK(address_over.params == json({{"limit", 6}, {"per", "address"}}));
    auto two = accepted(caps.open_room("p2", "10.0.0.1", 2));
    room.reset();
    plain.reset();
    two.reset();
    CHECK(caps.of_person("p1") == std::pair{0, 0});
    CHECK(caps.of_address("10.0.0.1") == std::pair{0, 0});
}

TEST_CASE("create_room and set_bot answer too_many_rooms and too_many_bots at the caps", "[server][caps]") {
    auto config = test_config();
    config.max_rooms_per_person = 2;
    config.max_rooms_per_ip = 3;
    config.max_search_bots_per_person = 3;
    config.max_search_bots_per_ip = 100;
    test_server server(config);

    ws_client ada(server.port());
    greet(ada, "Ada");
    const json too_many_bots = ada.request({{"type", "create_room"}, {"seats", 5},
                                            {"bots", bots({{1, "hard"}, {2, "hard"}, {3, "easy"}, {4, "medium"}})}});
    CHECK(too_many_bots["type"] == "error");
    CHECK(too_many_bots["code"] == "too_many_bots");
    CHECK(too_many_bots["params"] == json({{"limit", 3}, {"per", "person"}}));

    const std::string room = open_room(ada, {{"seats", 5}, {"bots", bots({{1, "hard"}, {2, "hard"}, {3, "easy"}})}})["room"];
    auto set_bot = [&](int seat, const char* kind) {
        return ada.request({{"type", "set_bot"}, {"room", room}, {"seat", seat}, {"bot", kind}});
    };
    const json fourth = set_bot(4, "hard");
    CHECK(fourth["code"] == "too_many_bots");
    CHECK(fourth["params"] == json({{"limit", 3}, {"per", "person"}}));
    // Bots that do not search cost nothing, the ladder's steps below easy too; one search bot
    // for another is even.
    for (const char* kind : {"beginner", "apprentice", "amateur"}) CHECK(set_bot(4, kind)["type"] == "ack");
    CHECK(set_bot(4, "random")["type"] == "ack");
    CHECK(set_bot(3, "greedy")["type"] == "ack");
    CHECK(set_bot(1, "medium")["type"] == "ack");
    CHECK(set_bot(4, "hard")["type"] == "ack");
    CHECK(set_bot(3, "easy")["code"] == "too_many_bots");
    // A seat change the seating refuses (seat 0 is Ada's) keeps nothing of the cap.
    CHECK(set_bot(1, "random")["type"] == "ack");
    CHECK(set_bot(0, "easy")["code"] == "seat_taken");
    CHECK(set_bot(1, "hard")["type"] == "ack");

    open_room(ada);
    const json third = ada.request({{"type", "create_room"}, {"seats", 2}});
    CHECK(third["type"] == "error");
    CHECK(third["code"] == "too_many_rooms");
    CHECK(third["params"] == json({{"limit", 2}, {"per", "person"}}));

    // Another person from the same address gets the address's last room.
    ws_client bob(server.port());
    greet(bob, "Bob");
    open_room(bob);
    const json over_address = bob.request({{"type", "create_room"}, {"seats", 2}});
    CHECK(over_address["code"] == "too_many_rooms");
    CHECK(over_address["params"] == json({{"limit", 3}, {"per", "address"}}));
}

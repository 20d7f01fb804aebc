// The seating's rules alone, without a strand, a timer or a socket: taking, moving and leaving
// seats, host handover, spectators, bots, kicks, grace and resignation.
#include <catch2/catch.hpp>

#include "recording_link.hpp"
#include "rooms/seating.hpp"

using namespace carc;
using namespace carc::server;
using protocol::ErrorCode;
using protocol::RoomStatus;
using protocol::SeatInfo;

namespace {

protocol::RoomSettings settings_for(int players, std::vector<protocol::BotSeat> bots = {}, bool spectators = true) {
    protocol::RoomSettings s;
    s.config.players = players;
    s.bots = std::move(bots);
    s.spectators = spectators;
    return s;
}

std::shared_ptr<test::recording_link> link() { return std::make_shared<test::recording_link>(); }

}  // namespace

TEST_CASE("seating: the creator is host in the first free seat, bots fill theirs", "[server][seating]") {
    seating s("r1", "INV", settings_for(3, {{0, BotKind::greedy}}));
    CHECK(s.seat(0).kind == SeatInfo::Kind::bot);
    CHECK(s.seat(0).name == "Bot 1 (greedy)");
    CHECK(s.open("ada", "Ada", link()) == 1);
    CHECK(s.is_host("ada"));
    CHECK(s.seat(1).person == "ada");
    CHECK(s.seat(1).online);
    CHECK(s.find("ada")->needs_snapshot);
    s.snapshots_sent();
    CHECK_FALSE(s.find("ada")->needs_snapshot);
}

TEST_CASE("seating: joining takes a free seat, refuses a taken one, a missing one and a full room",
          "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("ada", "Ada", link());
    auto taken = s.join("bob", "Bob", link(), 0);
    REQUIRE(taken.refused);
    CHECK(taken.refused->code == ErrorCode::seat_taken);
    auto missing = s.join("bob", "Bob", link(), 5);
    REQUIRE(missing.refused);
    CHECK(missing.refused->code == ErrorCode::bad_field);
    auto any = s.join("bob", "Bob", link(), std::nullopt);
    REQUIRE_FALSE(any.refused);
    CHECK(any.seat == 1);
    auto full = s.join("cy", "Cy", link(), std::nullopt);
    REQUIRE(full.refused);
    CHECK(full.refused->params["reason"] == "full");
    // Moving frees the old seat.
    s.remove("ada");
    auto moved = s.join("bob", "Bob", link(), 0);
    REQUIRE_FALSE(moved.refused);
    CHECK(s.seat(0).person == "bob");
    CHECK(s.seat(1).kind == SeatInfo::Kind::empty);
}

TEST_CASE("seating: once the game started only a seated member rejoins, and keeps the seat", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("ada", "Ada", link());
    s.join("bob", "Bob", link(), std::nullopt);
    s.set_status(RoomStatus::playing);
    const auto again = link();
    auto rejoined = s.join("bob", "Bob", again, std::nullopt);
    CHECK(rejoined.rejoined);
    CHECK(rejoined.seat == 1);
    CHECK(s.find("bob")->link == again);
    auto stranger = s.join("cy", "Cy", link(), std::nullopt);
    REQUIRE(stranger.refused);
    CHECK(stranger.refused->params["reason"] == "game_started");
    // Leaving keeps the seat (offline); the host passes on.
    s.remove("ada");
    CHECK(s.seat(0).person == "ada");
    CHECK_FALSE(s.seat(0).online);
    CHECK(s.is_host("bob"));
}

TEST_CASE("seating: the host hands over to the first seated member, else the first member", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("zed", "Zed", link());
    REQUIRE_FALSE(s.spectate("amy", "Amy", link()));
    REQUIRE_FALSE(s.join("yan", "Yan", link(), std::nullopt).refused);
    s.remove("zed");
    CHECK(s.is_host("yan"));  // seated, though "amy" comes first
    s.remove("yan");
    CHECK(s.is_host("amy"));
    s.remove("amy");
    CHECK(s.info().host.empty());
    CHECK(s.members().empty());
}

TEST_CASE("seating: spectators are listed sorted, and the list reports its changes", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("host", "Host", link());
    CHECK_FALSE(s.refresh_spectators());
    const auto carl = link();
    REQUIRE_FALSE(s.spectate("carl", "Carl", carl));
    REQUIRE_FALSE(s.spectate("bea", "Bea", link()));
    CHECK(s.refresh_spectators());
    CHECK_FALSE(s.refresh_spectators());
    REQUIRE(s.info().spectators.size() == 2);
    CHECK(s.info().spectators[0].person == "bea");
    CHECK(s.info().spectators[1].person == "carl");
    CHECK(s.detach("carl", carl->id()));
    CHECK(s.refresh_spectators());
    CHECK_FALSE(s.info().spectators[1].online);
    // A seated member who watches instead leaves the seat before the game ...
    REQUIRE_FALSE(s.spectate("host", "Host", link()));
    CHECK(s.seat(0).kind == SeatInfo::Kind::empty);
    CHECK(s.info().spectators.size() == 2);  // as last refreshed
    CHECK(s.refresh_spectators());
    CHECK(s.info().spectators.size() == 3);
    // ... but not in it.
    REQUIRE_FALSE(s.join("host", "Host", link(), 0).refused);
    s.set_status(RoomStatus::playing);
    auto refused = s.spectate("host", "Host", link());
    REQUIRE(refused);
    CHECK(refused->params["reason"] == "seated_in_game");
}

TEST_CASE("seating: a crowd is listed by its first names and counted whole", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("host", "Host", link());
    const std::size_t crowd = protocol::max_listed_spectators + 10;
    for (std::size_t i = 0; i < crowd; ++i) {
        const std::string id = "p" + std::to_string(1000 + i);
        REQUIRE_FALSE(s.spectate(id, "Watcher", link()));
    }
    CHECK(s.info().spectator_count == 0);  // nothing reaches the views before a refresh
    CHECK(s.refresh_spectators());
    CHECK(s.info().spectator_count == static_cast<int>(crowd));
    REQUIRE(s.info().spectators.size() == protocol::max_listed_spectators);
    CHECK(s.info().spectators.front().person == "p1000");
    CHECK(s.info().spectators.back().person == "p" + std::to_string(1000 + protocol::max_listed_spectators - 1));
    // The first one leaves: the next in order moves into the list.
    s.remove("p1000");
    CHECK(s.refresh_spectators());
    CHECK(s.info().spectator_count == static_cast<int>(crowd - 1));
    CHECK(s.info().spectators.front().person == "p1001");
    CHECK(s.info().spectators.back().person == "p" + std::to_string(1000 + protocol::max_listed_spectators));
}

TEST_CASE("seating: a room without spectators lets only its host watch", "[server][seating]") {
    seating s("r1", "INV", settings_for(2, {}, false));
    s.open("host", "Host", link());
    auto refused = s.spectate("bob", "Bob", link());
    REQUIRE(refused);
    CHECK(refused->code == ErrorCode::spectators_not_allowed);
    CHECK_FALSE(s.spectate("host", "Host", link()));
}

TEST_CASE("seating: grace ends a spectator or a waiting seat, never a seat in the game", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    const auto ada = link();
    const auto bob = link();
    const auto cy = link();
    s.open("ada", "Ada", ada);
    s.join("bob", "Bob", bob, std::nullopt);
    REQUIRE_FALSE(s.spectate("cy", "Cy", cy));
    CHECK(s.grace_over("ada") == seating::grace_end::ignored);  // online
    CHECK(s.grace_over("nobody") == seating::grace_end::ignored);
    CHECK_FALSE(s.detach("ada", bob->id()));  // not her link
    CHECK(s.detach("ada", ada->id()));
    CHECK_FALSE(s.seat(0).online);
    CHECK(s.grace_over("ada") == seating::grace_end::leaves);
    s.set_status(RoomStatus::playing);
    CHECK(s.detach("bob", bob->id()));
    CHECK(s.detach("cy", cy->id()));
    CHECK(s.grace_over("bob") == seating::grace_end::stays);
    CHECK(s.grace_over("cy") == seating::grace_end::leaves);
    CHECK_FALSE(s.anyone_online());
    // Back with a new name: renamed in the seat, online again.
    CHECK(s.attach("bob", "Robert", link()));
    CHECK(s.seat(1).name == "Robert");
    CHECK(s.seat(1).online);
    CHECK(s.anyone_online());
    CHECK_FALSE(s.attach("nobody", "No", link()));
}

TEST_CASE("seating: bots come and go before the game only, never over a person", "[server][seating]") {
    seating s("r1", "INV", settings_for(3));
    s.open("ada", "Ada", link());
    CHECK_FALSE(s.set_bot(1, BotKind::random));
    CHECK(s.seat(1).name == "Bot 2 (random)");
    CHECK(s.seat_is_automatic(1));
    CHECK(s.set_bot(0, BotKind::random)->code == ErrorCode::seat_taken);
    CHECK(s.set_bot(2, std::nullopt)->code == ErrorCode::bad_field);  // no bot there
    CHECK(s.set_bot(7, BotKind::random)->code == ErrorCode::bad_field);
    CHECK_FALSE(s.set_bot(1, std::nullopt));
    CHECK(s.seat(1).kind == SeatInfo::Kind::empty);
    s.set_status(RoomStatus::playing);
    CHECK(s.set_bot(1, BotKind::random)->code == ErrorCode::wrong_status);
}

TEST_CASE("seating: the host kicks others, seated players only before the game", "[server][seating]") {
    seating s("r1", "INV", settings_for(2));
    s.open("ada", "Ada", link());
    s.join("bob", "Bob", link(), std::nullopt);
    REQUIRE_FALSE(s.spectate("cy", "Cy", link()));
    CHECK(s.check_kick("ada", "ada")->code == ErrorCode::bad_field);
    CHECK(s.check_kick("ada", "nobody")->code == ErrorCode::bad_field);
    CHECK_FALSE(s.check_kick("ada", "bob"));
    s.set_status(RoomStatus::playing);
    CHECK(s.check_kick("ada", "bob")->code == ErrorCode::wrong_status);
    CHECK_FALSE(s.check_kick("ada", "cy"));
}

TEST_CASE("seating: resignations, and seats restored from the journal", "[server][seating]") {
    seating s("r1", "INV", settings_for(3));
    journal_seat ada{"ada", "Ada", "", std::nullopt};
    journal_seat bob{"bob", "Bob", "", std::nullopt};
    journal_seat bot{"", "Bot 3 (random)", "", BotKind::random};
    CHECK(s.restore_seat(0, ada, false));
    CHECK_FALSE(s.restore_seat(1, bob, true));  // resigned: a seat, not a member
    CHECK_FALSE(s.restore_seat(2, bot, false));
    CHECK(s.members().size() == 1);
    CHECK_FALSE(s.find("ada")->link);
    CHECK(s.seat(1).resigned);
    CHECK(s.active_seats() == 2);
    CHECK(s.humans_playing());
    s.restore_host("bob");  // not a member: handed over
    CHECK(s.is_host("ada"));
    CHECK(s.resign(0));
    CHECK_FALSE(s.resign(0));
    CHECK(s.seat_is_automatic(0));
    CHECK(s.active_seats() == 1);
    CHECK_FALSE(s.humans_playing());
}

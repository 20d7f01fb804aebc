// The person registry forgets people nobody needs any more: no connection, no room (so no
// seat in a running game), for a whole grace period. Token-less hellos no longer pile up.
#include <thread>

#include <catch2/catch.hpp>

#include "people/person_registry.hpp"
#include "app/shared_state.hpp"
#include "test_server.hpp"
#include "ws_client.hpp"

using namespace carc::test;
using carc::server::client_link;
using carc::server::person_registry;

namespace {

struct fake_link : client_link {
    void send(std::shared_ptr<const std::string>) override {}
    void close(std::uint16_t, std::string) override {}
    std::uint64_t id() const override { return 7; }
};

}  // namespace

TEST_CASE("the registry forgets idle people after the grace period, and only them", "[server][people]") {
    person_registry persons;
    const auto grace = std::chrono::seconds(120);
    for (int i = 0; i < 1000; ++i) persons.create("Anon");
    const auto seated = persons.create("Seated");
    persons.add_room(seated.id, "r1");
    const auto online = persons.create("Online");
    auto link = std::make_shared<fake_link>();
    persons.attach(online.id, link);
    REQUIRE(persons.size() == 1002);

    const auto now = person_registry::clock::now();
    CHECK(persons.forget_idle(now, grace) == 0);  // nobody idle for a whole grace period yet
    CHECK(persons.size() == 1002);
    CHECK(persons.forget_idle(now + grace, grace) == 1000);
    CHECK(persons.size() == 2);
    CHECK(persons.resume(online.token, "").has_value());
    CHECK(persons.resume(seated.token, "").has_value());

    // Leaving the room, then the grace period: forgotten, and the token no longer works.
    persons.remove_room(seated.id, "r1");
    CHECK(persons.forget_idle(now + grace, grace) == 0);
    CHECK(persons.forget_idle(person_registry::clock::now() + grace, grace) == 1);
    CHECK_FALSE(persons.resume(seated.token, "").has_value());
    CHECK(persons.size() == 1);
}

TEST_CASE("many token-less hellos leave the registry empty once their grace is over", "[server][people]") {
    auto config = test_config();
    config.grace = std::chrono::milliseconds(100);
    test_server server(config);
    constexpr int hellos = 300;
    for (int i = 0; i < hellos; ++i) {
        ws_client c(server.port());
        const json welcome = c.hello("Anon " + std::to_string(i));
        REQUIRE(welcome.value("type", std::string()) == "welcome");
    }
    auto& persons = server.app().state().persons;
    // The server sweeps once per grace period; wait (bounded) for it to have caught up.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (persons.size() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(persons.size() == 0);
}

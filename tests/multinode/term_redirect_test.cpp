// The terminal client's link and model (clients/term, without the terminal) against real nodes:
// it follows a redirect to the room's node, and when the named node is dead it goes back to its
// --server address until a live node takes the game over.
#include <csignal>
#include <functional>

#include "client_model.hpp"
#include "cluster_fixture.hpp"
#include "connection.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// What carc-term's App does with the link, minus the screen.
struct term_client {
    term::Connection link;
    term::ClientModel model;

    term_client(unsigned short port, std::string name, std::string token = "")
        : link(*term::parse_server_url("ws://127.0.0.1:" + std::to_string(port) + "/ws")),
          model(std::move(name), std::move(token)) {
        link.start();
    }

    void pump() {
        for (term::LinkEvent& e : link.drain()) {
            if (e.kind == term::LinkEvent::Kind::connected) {
                model.connected();
            } else if (e.kind == term::LinkEvent::Kind::disconnected) {
                model.disconnected();
            } else {
                const json message = json::parse(e.text, nullptr, false);
                if (!message.is_discarded()) model.handle(message);
                if (auto to = model.take_redirect()) link.move_to(std::move(*to));
            }
        }
        for (const json& m : model.take_outbox()) link.send(m.dump());
    }

    // Pumps until `done` holds; false after `deadline`.
    bool pump_until(const std::function<bool()>& done, std::chrono::seconds deadline = std::chrono::seconds(30)) {
        const auto until = std::chrono::steady_clock::now() + deadline;
        while (std::chrono::steady_clock::now() < until) {
            pump();
            if (done()) return true;
            // Polling the link's queue, not synchronisation: `done` is what is waited for.
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }
};

}  // namespace

TEST_CASE("the terminal client follows a redirect to the room's node and joins there", "[multinode][term]") {
    cluster c(2);
    ws_client ada(c.port(0));
    REQUIRE(ada.hello("Ada")["type"] == "welcome");
    const std::string room = ada.request({{"type", "create_room"}, {"seats", 2}})["room"];

    term_client bob(c.port(1), "Bob");
    REQUIRE(bob.pump_until([&] { return bob.model.online(); }));
    const std::string token = bob.model.token();
    bob.model.request({{"type", "join"}, {"room", room}});
    // Node 1 answers with a redirect; the join is only accepted by the room's node.
    REQUIRE(bob.pump_until([&] { return bob.model.in_room() && bob.model.room_id() == room; }));
    CHECK(bob.model.my_seat() == 1);
    CHECK(bob.model.token() == token);  // the same person on the other node
    const auto seated = ada.wait_for([](const json& m) {
        return m.value("type", "") == "patch" || m.value("type", "") == "snapshot";
    });
    CHECK(seated);
}

TEST_CASE("the terminal client sent to a dead node goes back to its first address until a takeover",
          "[multinode][term][failover]") {
    cluster c(2);
    two_player_game game;
    {
        ws_client ada_ws(c.port(0)), bob_ws(c.port(0));
        game = start_two_player_game(ada_ws, bob_ws);
        CHECK(WIFSIGNALED(c.node(0).kill_with(SIGKILL)));
    }
    // Node 1 redirects Bob to the dead owner while its lease runs; the client cannot connect
    // there, goes back to node 1 and is welcomed into the game once node 1 took it over.
    term_client bob(c.port(1), "Bob", game.bob_token);
    REQUIRE(bob.pump_until([&] { return bob.model.in_room() && bob.model.room_id() == game.room; }));
    CHECK(bob.model.my_seat() == 1);
    CHECK(bob.model.game().is_object());
}

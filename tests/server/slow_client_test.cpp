// A client that stops reading is dropped once its outgoing queue is full, and nobody else
// notices: the room, its other members and the server go on.
#include <catch2/catch.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "game_driver.hpp"
#include "carc/testkit/http_client.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"

using namespace carc::test;
namespace net = boost::asio;
namespace websocket = boost::beast::websocket;

namespace {

// A WebSocket peer that says hello, spectates a room and then never reads again. Its receive
// buffer is made tiny before connecting so the server's writes back up quickly.
class stalled_client {
public:
    stalled_client(unsigned short port, const std::string& room) : ws_(ioc_) {
        auto& socket = boost::beast::get_lowest_layer(ws_).socket();
        socket.open(net::ip::tcp::v4());
        socket.set_option(net::socket_base::receive_buffer_size(4096));
        socket.connect({net::ip::make_address("127.0.0.1"), port});
        ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
        ws_.write(net::buffer(json{{"type", "hello"}, {"id", 1}, {"protocol", 1}, {"name", "Sleepy"}}.dump()));
        ws_.write(net::buffer(json{{"type", "spectate"}, {"id", 2}, {"room", room}}.dump()));
    }

private:
    net::io_context ioc_;
    websocket::stream<boost::beast::tcp_stream> ws_;
};

std::uint64_t dropped_total(unsigned short port) {
    const auto body = http_get(port, "/metrics").body;
    const std::string name = "\ncarc_slow_clients_dropped_total ";  // the sample, not # HELP
    const auto at = body.find(name);
    REQUIRE(at != std::string::npos);
    return std::stoull(body.substr(at + name.size()));
}

}  // namespace

TEST_CASE("a client that stops reading is dropped, the room goes on", "[server]") {
    auto config = test_config();
    config.send_queue_messages = 32;
    config.send_queue_bytes = 64 * 1024;
    test_server server(config);
    ws_client ada_ws(server.port());
    greet(ada_ws, "Ada");
    const std::string room = open_room(ada_ws, {{"seats", 2}})["room"];
    viewer ada{ada_ws, room};
    REQUIRE(ada.request({{"type", "set_bot"}, {"room", room}, {"seat", 1}, {"bot", "random"}})["type"] == "ack");

    stalled_client sleepy(server.port(), room);
    REQUIRE(dropped_total(server.port()) == 0);

    // Chat fans out to every member of the room, the stalled spectator included.
    const std::string text(480, 'x');
    int sent = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (dropped_total(server.port()) == 0 && std::chrono::steady_clock::now() < deadline) {
        for (int i = 0; i < 200; ++i, ++sent)
            REQUIRE(ada.request({{"type", "chat"}, {"room", room}, {"text", text}})["type"] == "ack");
    }
    INFO("chat messages sent: " << sent);
    CHECK(dropped_total(server.port()) == 1);

    // The reader that keeps up is still served, and the room still starts and plays.
    start_game(ada);
    ada.check_against_snapshot();
    ws_client late(server.port());
    CHECK(late.hello("Late")["type"] == "welcome");
}

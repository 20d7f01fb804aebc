// The connection's send path below the rooms: frames of our own written through the gate that
// Beast's control frames pass too, several messages per write, and the write scheduler's
// passes. A real loopback socket, a Beast client reading what the server side wrote.
#include <catch2/catch.hpp>

#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "net/gated_stream.hpp"
#include "net/websocket_frames.hpp"
#include "net/write_scheduler.hpp"

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using carc::server::frame_batch;
using carc::server::gated_stream;

// A server side on the gate and a Beast client, connected and past the handshake.
struct socket_pair {
    net::io_context ioc;
    websocket::stream<gated_stream> server;
    websocket::stream<tcp::socket> client{ioc};

    socket_pair() : server(tcp::socket(ioc)) {
        tcp::acceptor acceptor(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
        client.next_layer().connect(acceptor.local_endpoint());
        acceptor.accept(server.next_layer().next_layer().socket());
        server.async_accept([](beast::error_code ec) { REQUIRE(!ec); });
        client.async_handshake("127.0.0.1", "/", [](beast::error_code ec) { REQUIRE(!ec); });
        ioc.run();
        ioc.restart();
    }
    std::string read_one() {
        beast::flat_buffer buffer;
        client.read(buffer);
        REQUIRE(client.got_text());
        return beast::buffers_to_string(buffer.data());
    }
};

std::shared_ptr<const std::string> text_of(std::size_t size, char fill) {
    return std::make_shared<const std::string>(size, fill);
}

}  // namespace

TEST_CASE("frame headers carry the three length forms", "[send]") {
    std::array<unsigned char, 10> header{};
    REQUIRE(frame_batch::text_header(125, header) == 2);
    REQUIRE(header[0] == 0x81);
    REQUIRE(header[1] == 125);
    REQUIRE(frame_batch::text_header(126, header) == 4);
    REQUIRE((header[1] == 126 && header[2] == 0 && header[3] == 126));
    REQUIRE(frame_batch::text_header(65536, header) == 10);
    REQUIRE((header[1] == 127 && header[7] == 1 && header[8] == 0 && header[9] == 0));
}

TEST_CASE("several messages in one write reach a Beast client whole and in order", "[send]") {
    socket_pair pair;
    const std::size_t before = pair.server.next_layer().writes();
    frame_batch batch;
    const std::vector<std::shared_ptr<const std::string>> texts = {text_of(3, 'a'), text_of(300, 'b'),
                                                                   text_of(70000, 'c')};
    for (const auto& text : texts) batch.add(text);
    bool written = false;
    pair.server.next_layer().async_write_some(batch.buffers(), [&](beast::error_code ec, std::size_t n) {
        REQUIRE(!ec);
        REQUIRE(n == 3 + 2 + 300 + 4 + 70000 + 10);
        written = true;
    });
    pair.ioc.run();
    REQUIRE(written);
    REQUIRE(pair.server.next_layer().writes() == before + 1);
    for (const auto& text : texts) REQUIRE(pair.read_one() == *text);
}

TEST_CASE("a ping Beast sends while a batch is in flight waits for it and arrives whole", "[send]") {
    socket_pair pair;
    frame_batch batch;
    const auto big = text_of(4000000, 'x');  // more than the socket buffers hold: several system calls
    batch.add(big);
    batch.add(text_of(10, 'y'));
    int done = 0;
    pair.server.next_layer().async_write_some(batch.buffers(), [&](beast::error_code ec, std::size_t) {
        if (!ec) ++done;
    });
    bool ping_after_batch = false;
    pair.server.async_ping({}, [&](beast::error_code ec) {
        ping_after_batch = !ec && done == 1;  // written after the batch, not inside it
        ++done;
    });
    bool pinged = false;
    pair.client.control_callback([&](websocket::frame_type kind, beast::string_view) {
        if (kind == websocket::frame_type::ping) pinged = true;
    });
    std::vector<std::string> got;
    std::thread reader([&] {
        // The client reads the two messages; the ping is handled inside the next read.
        for (int i = 0; i < 2; ++i) {
            beast::flat_buffer buffer;
            beast::error_code ec;
            pair.client.read(buffer, ec);
            got.push_back(ec ? "error: " + ec.message() : beast::buffers_to_string(buffer.data()));
        }
    });
    pair.ioc.run();
    reader.join();
    REQUIRE(got.size() == 2);
    REQUIRE(got[0] == *big);
    REQUIRE(got[1] == std::string(10, 'y'));
    REQUIRE(done == 2);
    REQUIRE(ping_after_batch);
    // The ping comes after the batch: the client sees it on its next read, then our message.
    pair.ioc.restart();
    frame_batch last;
    last.add(text_of(5, 'z'));
    pair.server.next_layer().async_write_some(last.buffers(), [](beast::error_code ec, std::size_t) { REQUIRE(!ec); });
    pair.ioc.run();
    REQUIRE(pair.read_one() == "zzzzz");
    REQUIRE(pinged);
}

TEST_CASE("a batch the socket takes at once goes out in the call, and nothing is tried while the gate is held", "[send]") {
    socket_pair pair;
    frame_batch batch;
    batch.add(text_of(3, 'a'));
    batch.add(text_of(300, 'b'));
    REQUIRE(batch.bytes() == 2 + 3 + 4 + 300);
    beast::error_code ec;
    const auto sent = pair.server.next_layer().write_now(batch.buffers(), ec);
    REQUIRE(!ec);
    REQUIRE(sent == batch.bytes());  // no handler: nothing to run
    REQUIRE(pair.read_one() == "aaa");
    REQUIRE(pair.read_one() == std::string(300, 'b'));

    // A Beast ping holds the gate until its write completes: a write now would cut into it.
    pair.server.async_ping({}, [](beast::error_code ping_ec) { REQUIRE(!ping_ec); });
    frame_batch later;
    later.add(text_of(4, 'c'));
    REQUIRE(!pair.server.next_layer().write_now(later.buffers(), ec).has_value());
    pair.ioc.run();
    REQUIRE(pair.server.next_layer().write_now(later.buffers(), ec) == later.bytes());
    REQUIRE(pair.read_one() == "cccc");  // the ping was handled inside this read
}

TEST_CASE("what is left of a batch after the socket took part of it", "[send]") {
    frame_batch batch;
    const auto first = text_of(10, 'a');
    const auto second = text_of(200, 'b');
    batch.add(first);
    batch.add(second);
    const auto bytes_of = [](std::span<const net::const_buffer> buffers) {
        std::string out;
        for (const auto& b : buffers) out.append(static_cast<const char*>(b.data()), b.size());
        return out;
    };
    const std::string whole = bytes_of(batch.buffers());
    REQUIRE(whole.size() == batch.bytes());
    for (const std::size_t written : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{12},
                                      std::size_t{15}, batch.bytes() - 1, batch.bytes()})
        REQUIRE(bytes_of(batch.after(written)) == whole.substr(written));
}

namespace {

struct counting_writer final : carc::server::batched_writer {
    std::vector<int>* order;
    int name;
    counting_writer(std::vector<int>* o, int n) : order(o), name(n) {}
    void write_held() override { order->push_back(name); }
};

}  // namespace

TEST_CASE("the write scheduler serves its turns a pass at a time, letting other work in between", "[send]") {
    net::io_context ioc;
    carc::server::write_scheduler scheduler(ioc, 2);
    std::vector<int> order;
    for (int i = 1; i <= 5; ++i) scheduler.schedule(std::make_shared<counting_writer>(&order, i));
    // Posted after the five turns were asked for: runs after the first pass of two.
    net::post(ioc, [&] { order.push_back(0); });
    ioc.run();
    REQUIRE(order == std::vector<int>{1, 2, 0, 3, 4, 5});
}

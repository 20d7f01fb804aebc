// The server's small pure parts: rate limiter, bounded send queue, turn clock, secrets, flags.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "base/config.hpp"
#include "rooms/game_clock.hpp"
#include "base/metrics.hpp"
#include "base/rate_limiter.hpp"
#include "carc/crypto/sha256.hpp"
#include "people/security.hpp"
#include "carc/records/seed_commitment.hpp"
#include "net/send_queue.hpp"
#include "net/lazy_read_buffer.hpp"

using namespace carc::server;
using namespace std::chrono_literals;

TEST_CASE("rate limiter allows a burst, then the rate", "[server]") {
    rate_limiter limiter(10, 3);
    const auto t0 = rate_limiter::clock::now();
    CHECK(limiter.allow(t0));
    CHECK(limiter.allow(t0));
    CHECK(limiter.allow(t0));
    CHECK_FALSE(limiter.allow(t0));
    CHECK_FALSE(limiter.allow(t0 + 50ms));   // half a token
    CHECK(limiter.allow(t0 + 110ms));        // refilled one
    CHECK_FALSE(limiter.allow(t0 + 110ms));
    CHECK(limiter.allow(t0 + 10s));          // capped at the burst, not 100 tokens
    CHECK(limiter.allow(t0 + 10s));
    CHECK(limiter.allow(t0 + 10s));
    CHECK_FALSE(limiter.allow(t0 + 10s));
}

TEST_CASE("send queue refuses past its message and byte limits", "[server]") {
    send_queue queue(3, 100);
    const auto small = std::make_shared<const std::string>(10, 'x');
    CHECK(queue.push(small));
    CHECK(queue.push(small));
    CHECK(queue.push(small));
    CHECK_FALSE(queue.push(small));  // a reader that stopped reading: 4th message refused
    CHECK(queue.size() == 3);
    queue.pop();
    CHECK(queue.push(small));
    send_queue bytes(100, 25);
    CHECK(bytes.push(small));
    CHECK(bytes.push(small));
    CHECK_FALSE(bytes.push(small));  // 30 bytes > 25
    CHECK(bytes.bytes() == 20);
}

TEST_CASE("send queue keeps its order across pops, pushes and a front that is never all written", "[server]") {
    send_queue queue(4, 1000);
    int next = 0;
    int expected = 0;
    const auto text = [](int i) { return std::make_shared<const std::string>(std::to_string(i)); };
    for (int round = 0; round < 50; ++round) {
        while (queue.push(text(next))) ++next;  // full: four waiting
        CHECK(queue.size() == 4);
        for (std::size_t i = 0; i < queue.size(); ++i) CHECK(*queue.at(i) == std::to_string(expected + static_cast<int>(i)));
        queue.pop(round % 2 == 0 ? 1 : 3);  // never empty: the front moves on
        expected += round % 2 == 0 ? 1 : 3;
        CHECK(*queue.front() == std::to_string(expected));
    }
    queue.pop(queue.size());
    CHECK(queue.empty());
    CHECK(queue.bytes() == 0);
    CHECK(queue.push(text(7)));
    CHECK(*queue.front() == "7");
}

TEST_CASE("turn clock charges the decider and credits the increment per finished turn", "[server]") {
    game_clock clock(2, 1000ms, 100ms);
    const auto t0 = game_clock::clock::now();
    clock.switch_to(0, 1, t0);
    CHECK(clock.running() == 0);
    CHECK(clock.deadline() == t0 + 1000ms);
    clock.switch_to(0, 1, t0 + 200ms);  // same decision: nothing changes
    CHECK(clock.since() == t0);
    clock.switch_to(1, 2, t0 + 300ms);  // seat 0's turn is over
    CHECK(clock.remaining_ms() == std::vector<std::int64_t>{800, 1000});
    clock.switch_to(0, 2, t0 + 400ms);  // seat 1 decided something inside turn 2: no increment
    CHECK(clock.remaining_ms() == std::vector<std::int64_t>{800, 900});
    clock.switch_to(1, 3, t0 + 5000ms);  // seat 0 overran: clamped at zero, then the increment
    CHECK(clock.remaining_ms() == std::vector<std::int64_t>{100, 900});
}

TEST_CASE("secrets are random and the commitment is SHA-256 of seed:nonce", "[server]") {
    CHECK(random_hex(32).size() == 64);
    CHECK(random_hex(32) != random_hex(32));
    CHECK(random_u64() != random_u64());
    CHECK(carc::crypto::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(seed_commitment(42, "00ff") == carc::crypto::sha256_hex("42:00ff"));
    const std::string code = random_invite_code();
    CHECK(code.size() == 9);
    CHECK(code[4] == '-');
}

TEST_CASE("invite codes are found however people type them", "[server]") {
    CHECK(canonical_invite_code("KQ7M-TX3P") == "KQ7M-TX3P");
    CHECK(canonical_invite_code("kq7m-tx3p") == "KQ7M-TX3P");
    CHECK(canonical_invite_code(" kq7m tx3p ") == "KQ7M-TX3P");
    CHECK(canonical_invite_code("KQ7MTX3P") == "KQ7M-TX3P");
    CHECK(canonical_invite_code("KQ7") == "KQ7");  // not a code: left for the lookup to miss
}

TEST_CASE("command line flags", "[server]") {
    std::vector<std::string> args = {"carc-server", "--port", "9000", "--threads", "3", "--data-dir", "/tmp/x",
                                     "--allow-origin", "http://a", "--grace", "500"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    const auto parsed = parse_command_line(static_cast<int>(argv.size()), argv.data());
    REQUIRE(parsed.config);
    CHECK(parsed.config->port == 9000);
    CHECK(parsed.config->threads == 3);
    CHECK(parsed.config->data_dir == "/tmp/x");
    CHECK(parsed.config->allowed_origins == std::vector<std::string>{"http://a"});
    CHECK(parsed.config->grace == 500ms);

    std::vector<std::string> bad = {"carc-server", "--port", "seventy"};
    std::vector<char*> bad_argv;
    for (auto& a : bad) bad_argv.push_back(a.data());
    const auto refused = parse_command_line(static_cast<int>(bad_argv.size()), bad_argv.data());
    CHECK_FALSE(refused.config);
    CHECK(refused.exit_code == 2);
}

TEST_CASE("metrics render in the Prometheus text format", "[server]") {
    metrics m;
    m.actions_accepted_total += 3;
    m.observe_broadcast(200us);
    m.observe_broadcast(2s);
    const std::string text = m.prometheus_text();
    CHECK(text.find("carc_actions_accepted_total 3\n") != std::string::npos);
    CHECK(text.find("carc_broadcast_seconds_bucket{le=\"0.00025\"} 1\n") != std::string::npos);
    CHECK(text.find("carc_broadcast_seconds_bucket{le=\"+Inf\"} 2\n") != std::string::npos);
    CHECK(text.find("carc_broadcast_seconds_count 2\n") != std::string::npos);
}

TEST_CASE("a connection's read buffer offers a waiting read a few bytes, then what a message needs", "[server]") {
    carc::server::lazy_read_buffer buffer;
    // Waiting for a message: Beast asks for room for a whole frame, and gets a few bytes.
    auto room = buffer.prepare(1536);
    CHECK(room.size() == carc::server::lazy_read_buffer::idle_room);
    CHECK(buffer.capacity() < 64);
    const std::string text = "{\"type\":\"hello\",\"name\":\"Ada\"}";
    std::memcpy(room.data(), text.data(), room.size());
    buffer.commit(room.size());
    // The message has started: the rest gets the room asked for.
    room = buffer.prepare(1536);
    CHECK(room.size() == 1536);
    std::memcpy(room.data(), text.data() + buffer.size(), text.size() - buffer.size());
    buffer.commit(text.size() - buffer.size());
    const auto data = buffer.cdata();
    CHECK(std::string(static_cast<const char*>(data.data()), data.size()) == text);
    // Read and dropped: nothing is held until the next message.
    buffer.consume(buffer.size());
    buffer.shrink_to_fit();
    CHECK(buffer.capacity() == 0);
}

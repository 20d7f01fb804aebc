#pragma once
// What a room or the lobby needs from a connection: a way to send it a message and to close it.
// websocket_session implements it; tests can use a recording fake.

#include <cstdint>
#include <memory>
#include <string>

namespace carc::server {

class client_link {
public:
    virtual ~client_link() = default;
    // Thread-safe; the message is shared, never copied per viewer.
    virtual void send(std::shared_ptr<const std::string> message) = 0;
    // Thread-safe; both messages in this order, handed over at once (a mover's patch and ack:
    // one hop to the connection instead of two).
    virtual void send(std::shared_ptr<const std::string> first, std::shared_ptr<const std::string> second) {
        send(std::move(first));
        send(std::move(second));
    }
    // Thread-safe; a message that may wait for the server's next pass over such messages
    // (write_scheduler.hpp), so that it goes out in one write with the ones after it: a room's
    // patches to spectators.
    virtual void send_batched(std::shared_ptr<const std::string> message) { send(std::move(message)); }
    // Thread-safe; sends a close frame with `code` and `reason`.
    virtual void close(std::uint16_t code, std::string reason) = 0;
    virtual std::uint64_t id() const = 0;
};

inline std::shared_ptr<const std::string> shared_text(std::string text) {
    return std::make_shared<const std::string>(std::move(text));
}

}  // namespace carc::server

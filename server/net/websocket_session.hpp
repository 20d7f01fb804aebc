#pragma once
// One WebSocket connection. Reads one message at a time, applies the per-connection limits
// (size, depth, rate), answers session-level requests (hello, lobby, create_room) and forwards
// room requests to the room's strand. Writes go through a bounded queue: a client that stops
// reading is dropped, never buffered for without end.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "carc/protocol/messages.hpp"
#include "carc/storage/token_hash.hpp"
#include "base/client_link.hpp"
#include "net/connection_limiter.hpp"
#include "net/gated_stream.hpp"
#include "net/lazy_read_buffer.hpp"
#include "base/rate_limiter.hpp"
#include "net/send_queue.hpp"
#include "net/websocket_frames.hpp"
#include "net/write_scheduler.hpp"
#include "rooms/room.hpp"
#include "rooms/usage_caps.hpp"

namespace carc::server {

class shared_state;
class room;
struct person_identity;

class websocket_session : public client_link,
                          public batched_writer,
                          public std::enable_shared_from_this<websocket_session> {
public:
    websocket_session(boost::asio::ip::tcp::socket&& socket, shared_state& state,
                      std::unique_ptr<connection_limiter::slot> slot, std::string address);
    ~websocket_session() override;

    // The upgrade carried the session cookie (its Origin checked): hello signs in with it.
    void use_cookie_session(std::string secret) { cookie_secret_ = std::move(secret); }
    // Completes the upgrade this HTTP request asked for, then reads.
    void run(boost::beast::http::request<boost::beast::http::string_body> request);

    void send(std::shared_ptr<const std::string> message) override;
    void send(std::shared_ptr<const std::string> first, std::shared_ptr<const std::string> second) override;
    void send_batched(std::shared_ptr<const std::string> message) override;
    void write_held() override;
    void close(std::uint16_t code, std::string reason) override;
    std::uint64_t id() const override { return id_; }

private:
    void on_accept(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    // Under send_mutex_: queues the message (a full queue drops the client); false when it did not.
    bool push(std::shared_ptr<const std::string> message);
    // Under send_mutex_ (released here): a write of the queue starts after the running handler,
    // so that everything it sends goes in one write, unless one is running or about to.
    void start_write(std::unique_lock<std::mutex>& lock);
    // Nothing is queued any more (closing, dropped or gone).
    void stop_sends();
    // On the strand: writes the queue out, as many messages as one write takes each time,
    // until it is empty or the socket is full (on_write then carries on).
    void write_queued();
    void on_write(boost::beast::error_code ec, std::size_t bytes);
    void written();
    void on_disconnect();
    void drop(const char* why);

    // Requests (websocket_requests.cpp).
    void on_text(std::string_view text);
    void on_request(const nlohmann::json& id, protocol::ClientMessage& message);
    void send_redirect(const nlohmann::json& id, const std::string& url, const std::optional<std::string>& room);
    // Runs `work` on the blocking pool (it may wait on the store); the function it
    // returns then runs on this connection's strand. Reading stops until then, so requests are
    // still answered one at a time, in order.
    void off_thread(std::function<std::function<void()>()> work);
    // Turn-based games: `then` when the person plays fewer than the limit's running games
    // (counted in the store), else the error.
    void within_turn_based_limit(const nlohmann::json& id, std::function<void()> then);
    // create_room once its checks passed: the caps, the id, the room.
    void create_counted_room(const nlohmann::json& id, protocol::RoomSettings settings,
                             std::function<void(const std::string&, const std::string&)> opened);
    // This connection's person asking, answered under `id`.
    requester as_requester(const nlohmann::json& id);
    void on_hello(const nlohmann::json& id, const protocol::Hello& hello);
    // Hello as a guest: with the person's token, or a new person.
    void hello_as_guest(const nlohmann::json& id, const protocol::Hello& hello, const std::string& name);
    // Hello with an account's session (cookie or `session`), checked on an account worker.
    void hello_with_session(const nlohmann::json& id, const protocol::Hello& hello, std::string secret);
    void welcome(const nlohmann::json& id, const person_identity& identity, bool resumed,
                 std::optional<std::string> account);
    void on_my_games(const nlohmann::json& id);
    // Called with the new room's id and invite once it is open (a challenge's invitation).
    using room_opened = std::function<void(const std::string& room_id, const std::string& invite)>;
    void on_create_room(const nlohmann::json& id, const protocol::CreateRoom& create, room_opened opened = {});
    void open_room(const nlohmann::json& id, const std::string& room_id, protocol::RoomSettings settings,
                   std::shared_ptr<usage_caps::charge> charge, room_opened opened);
    // Challenges (websocket_challenges.cpp, docs/friends.md).
    void on_challenge(const nlohmann::json& id, const protocol::Challenge& challenge);
    void on_decline_challenge(const nlohmann::json& id, const protocol::DeclineChallenge& decline);
    void on_room_request(const nlohmann::json& id, protocol::ClientMessage& message);
    // Hands a room request to its room, or answers that there is none.
    void deliver(const nlohmann::json& id, std::shared_ptr<room> target, protocol::ClientMessage message,
                 bool by_invite);
    void send_error(const nlohmann::json& id, protocol::ErrorCode code, std::string message,
                    nlohmann::json params = nlohmann::json::object());
    void send_text(std::string text) { send(shared_text(std::move(text))); }

    boost::beast::websocket::stream<gated_stream> ws_;
    lazy_read_buffer buffer_;
    shared_state& state_;
    std::unique_ptr<connection_limiter::slot> slot_;
    const std::string address_;
    const std::uint64_t id_;
    // Rooms and other connections queue a message from their own thread under this lock, in
    // the order they send: no handler per message; the write runs on this connection's strand.
    std::mutex send_mutex_;
    send_queue queue_;               // under send_mutex_, the messages being written included
    bool sends_stopped_ = false;     // under send_mutex_
    bool write_started_ = false;     // under send_mutex_: a write runs, or is posted to run
    bool write_scheduled_ = false;   // under send_mutex_: asked write_scheduler for a turn
    frame_batch writing_;            // strand: the messages of the write in flight
    rate_limiter rate_;
    int dropped_in_a_row_ = 0;
    bool closing_ = false;
    bool disconnected_ = false;
    bool reading_paused_ = false;  // a request is being answered off the I/O threads
    boost::asio::steady_timer hello_timer_;
    std::optional<std::string> person_;
    std::string name_;
    // All of the person's connections (this one among them): what rooms send to.
    std::shared_ptr<client_link> member_link_;
    std::optional<std::string> cookie_secret_;
    // Signed in with an account's session: its secret's hash (ending it closes this socket).
    std::optional<storage::TokenHash> session_hash_;
    std::optional<storage::TokenHash> person_token_hash_;  // the account's, for my_games
};

}  // namespace carc::server

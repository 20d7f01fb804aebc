#include "net/websocket_session.hpp"

#include <atomic>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include <spdlog/spdlog.h>

#include "rooms/room.hpp"
#include "app/shared_state.hpp"

namespace carc::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;

namespace {

std::uint64_t next_session_id() {
    static std::atomic<std::uint64_t> counter{1};
    return counter.fetch_add(1);
}

bool is_benign(beast::error_code ec) {
    return ec == websocket::error::closed || ec == net::error::operation_aborted ||
           ec == net::error::eof || ec == net::error::connection_reset ||
           ec == beast::error::timeout;
}

}  // namespace

websocket_session::websocket_session(net::ip::tcp::socket&& socket, shared_state& state,
                                     std::unique_ptr<connection_limiter::slot> slot, std::string address)
    : ws_(std::move(socket)),
      state_(state),
      slot_(std::move(slot)),
      address_(std::move(address)),
      id_(next_session_id()),
      queue_(state.config.send_queue_messages, state.config.send_queue_bytes),
      rate_(state.config.rate_per_second, state.config.burst),
      hello_timer_(ws_.get_executor()) {
    state_.counters.connections_total.fetch_add(1);
    state_.counters.connections_open.fetch_add(1);
}

websocket_session::~websocket_session() {
    state_.counters.connections_open.fetch_sub(1);
    spdlog::info("event=disconnect session={} addr={} person={}", id_, address_, person_.value_or("-"));
}

void websocket_session::run(http::request<http::string_body> request) {
    // The HTTP side's deadline no longer applies; the WebSocket timeouts take over.
    beast::get_lowest_layer(ws_).expires_never();
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = state_.config.handshake_timeout;
    timeouts.idle_timeout = state_.config.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
        res.set(http::field::server, "carc-server");
    }));
    // Frames a little over the limit get a polite `too_large`; far over it, the connection ends.
    ws_.read_message_max(state_.config.max_message * 16);
    ws_.async_accept(request, beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::on_accept(beast::error_code ec) {
    if (ec) {
        spdlog::info("event=handshake_failed session={} addr={} error=\"{}\"", id_, address_, ec.message());
        return;
    }
    spdlog::info("event=connect session={} addr={}", id_, address_);
    state_.track(shared_from_this());
    hello_timer_.expires_after(state_.config.hello_timeout);
    hello_timer_.async_wait([self = shared_from_this()](beast::error_code timer_ec) {
        if (!timer_ec && !self->person_) self->close(websocket::close_code::policy_error, "hello timeout");
    });
    do_read();
}

void websocket_session::do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        if (ec == websocket::error::message_too_big)
            spdlog::warn("event=frame_too_big session={} addr={}", id_, address_);
        else if (!is_benign(ec))
            spdlog::info("event=read_failed session={} error=\"{}\"", id_, ec.message());
        on_disconnect();
        return;
    }
    if (!ws_.got_text()) {
        send_error(nullptr, protocol::ErrorCode::bad_json, "binary frames are not supported");
    } else {
        const auto data = buffer_.cdata();
        on_text(std::string_view(static_cast<const char*>(data.data()), data.size()));
    }
    buffer_.consume(buffer_.size());
    // An idle connection (a spectator) holds no read buffer between messages: the next read
    // starts with a few bytes (lazy_read_buffer.hpp), and a message costs two allocations here.
    buffer_.shrink_to_fit();
    if (!closing_ && !reading_paused_) do_read();
}

void websocket_session::off_thread(std::function<std::function<void()>()> work) {
    reading_paused_ = true;
    state_.blocking.post([self = shared_from_this(), work = std::move(work)] {
        std::function<void()> then;
        try {
            then = work();
        } catch (const std::exception& e) {
            spdlog::error("event=request_failed session={} error=\"{}\"", self->id_, e.what());
        }
        net::post(self->ws_.get_executor(), [self, then = std::move(then)] {
            self->reading_paused_ = false;
            if (then) then();  // may pause reading again
            if (!self->reading_paused_ && !self->closing_ && !self->disconnected_) self->do_read();
        });
    });
}

// Any thread: a message is queued where it is sent, in the order sent (a reply from inside
// the strand cannot pass a patch a room queued before it), and costs a lock, not a handler.
void websocket_session::send(std::shared_ptr<const std::string> message) {
    std::unique_lock lock(send_mutex_);
    if (push(std::move(message))) start_write(lock);
}

void websocket_session::send(std::shared_ptr<const std::string> first, std::shared_ptr<const std::string> second) {
    std::unique_lock lock(send_mutex_);
    if (push(std::move(first)) && push(std::move(second))) start_write(lock);
}

// Queued now, written at this connection's turn in write_scheduler (or with anything sent
// before then).
void websocket_session::send_batched(std::shared_ptr<const std::string> message) {
    {
        std::lock_guard lock(send_mutex_);
        if (!push(std::move(message)) || write_started_ || std::exchange(write_scheduled_, true)) return;
    }
    state_.batched_writes.schedule(shared_from_this());
}

void websocket_session::write_held() {
    std::unique_lock lock(send_mutex_);
    write_scheduled_ = false;
    if (write_started_ || queue_.empty()) return;
    write_started_ = true;
    lock.unlock();
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] { self->write_queued(); });
}

bool websocket_session::push(std::shared_ptr<const std::string> message) {
    if (sends_stopped_) return false;
    if (!queue_.push(std::move(message))) {
        state_.counters.slow_clients_dropped_total.fetch_add(1);
        // The caller may be a room or the lobby in the middle of a broadcast, holding its own
        // locks: the drop, which leaves rooms and the lobby, runs as a handler of its own.
        sends_stopped_ = true;
        net::post(ws_.get_executor(), [self = shared_from_this()] { self->drop("send queue full"); });
        return false;
    }
    return true;
}

// post, not dispatch: a room's handler that sends a connection two messages (a `joined` and
// its snapshot) has them both queued before the write, which then carries both.
void websocket_session::start_write(std::unique_lock<std::mutex>& lock) {
    if (std::exchange(write_started_, true)) return;
    lock.unlock();
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->write_queued(); });
}

void websocket_session::stop_sends() {
    std::lock_guard lock(send_mutex_);
    sends_stopped_ = true;
}

// The queued messages go as frames of our own in one gather write, through the gate Beast's
// control frames pass too (gated_stream.hpp): at once when the socket takes them all (the
// usual case), else the rest asynchronously.
void websocket_session::write_queued() {
    for (;;) {
        {
            std::lock_guard lock(send_mutex_);
            if (queue_.empty() || sends_stopped_) {
                write_started_ = false;
                return;
            }
            // Asio hands at most 64 buffers to one system call: a header and a text per message.
            constexpr std::size_t per_write = 32;
            for (std::size_t i = 0; i < queue_.size() && i < per_write; ++i) writing_.add(queue_.at(i));
        }
        beast::error_code ec;
        const std::optional<std::size_t> sent = ws_.next_layer().write_now(writing_.buffers(), ec);
        if (ec) {
            on_write(ec, 0);
            return;
        }
        if (sent && *sent == writing_.bytes()) {
            written();
            continue;
        }
        ws_.next_layer().async_write_some(writing_.after(sent.value_or(0)),
                                          beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
        return;
    }
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
    if (ec) {
        // The connection is broken; its read ends too and releases it. Nothing more is written.
        if (!is_benign(ec)) spdlog::info("event=write_failed session={} error=\"{}\"", id_, ec.message());
        writing_.clear();
        return;
    }
    written();
    write_queued();
}

void websocket_session::written() {
    state_.counters.messages_out_total.fetch_add(writing_.count());
    state_.counters.socket_writes_total.fetch_add(1);
    {
        std::lock_guard lock(send_mutex_);
        queue_.pop(writing_.count());
    }
    writing_.clear();
}

void websocket_session::close(std::uint16_t code, std::string reason) {
    net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
        if (self->closing_ || self->disconnected_) return;
        self->closing_ = true;
        self->stop_sends();
        self->hello_timer_.cancel();
        spdlog::info("event=close session={} code={} reason=\"{}\"", self->id_, code, reason);
        websocket::close_reason why;
        why.code = code;
        why.reason = reason;
        // The read loop has stopped (or ends with this close), so the close's completion is
        // the last word: release the member, its room seat's link and its address slot.
        self->ws_.async_close(why, [self](beast::error_code) { self->on_disconnect(); });
    });
}

void websocket_session::drop(const char* why) {
    spdlog::warn("event=drop session={} addr={} person={} reason=\"{}\"", id_, address_,
                 person_.value_or("-"), why);
    closing_ = true;
    stop_sends();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    // No read may be pending (a drop from inside on_read), so nothing else would release it.
    on_disconnect();
}

void websocket_session::on_disconnect() {
    if (disconnected_) return;
    disconnected_ = true;
    stop_sends();
    hello_timer_.cancel();
    slot_.reset();  // the address may connect again now, not when the last handler lets go
    state_.untrack(id_);
    state_.rooms.unsubscribe(id_);
    if (session_hash_ && state_.accounts) state_.accounts->untrack(*session_hash_, *this);
    if (!person_) return;
    // Rooms see the person go only when their last connection goes.
    if (!state_.persons.detach(*person_, *this)) return;
    const std::uint64_t link_id = member_link_ ? member_link_->id() : id_;
    for (const auto& room_id : state_.persons.rooms_of(*person_))
        if (auto r = state_.rooms.find(room_id)) r->detach(*person_, link_id);
}

}  // namespace carc::server

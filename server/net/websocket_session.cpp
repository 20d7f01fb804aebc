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
    if (!closing_ && !reading_paused_) do_read();
}

void websocket_session::off_thread(std::function<std::function<void()>()> work) {
    reading_paused_ = true;
    net::post(state_.store_calls, [self = shared_from_this(), work = std::move(work)] {
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

// dispatch, not post: called from a room's strand (or another connection's), the message is
// queued and its write started right there when this connection's strand is free, instead of
// waking another I/O thread for every viewer of every change. From any other thread it posts.
// Called from inside this connection's strand (a request answered inline by its room) while an
// earlier message still waits for the strand (a patch a room published meanwhile), it queues
// behind that one: dispatch would run it at once and the reply would pass the patch.
bool websocket_session::on_own_strand() {
    const auto* strand = ws_.get_executor().target<net::strand<net::io_context::executor_type>>();
    return strand && strand->running_in_this_thread();
}

void websocket_session::in_order(std::function<void()> queue_it) {
    const bool inside = on_own_strand();
    if (inside && sends_waiting_.load() == 0) {
        queue_it();
        return;
    }
    sends_waiting_.fetch_add(1);
    auto run = [self = shared_from_this(), queue_it = std::move(queue_it)] {
        self->sends_waiting_.fetch_sub(1);
        queue_it();
    };
    if (inside) net::post(ws_.get_executor(), std::move(run));
    else net::dispatch(ws_.get_executor(), std::move(run));
}

void websocket_session::send(std::shared_ptr<const std::string> message) {
    in_order([self = shared_from_this(), message = std::move(message)]() mutable {
        if (self->enqueue(std::move(message))) self->do_write();
    });
}

void websocket_session::send(std::shared_ptr<const std::string> first, std::shared_ptr<const std::string> second) {
    in_order([self = shared_from_this(), first = std::move(first), second = std::move(second)]() mutable {
        if (self->enqueue(std::move(first)) && self->enqueue(std::move(second))) self->do_write();
    });
}

// Queued now, written at this connection's turn in write_scheduler (or with anything sent
// before then).
void websocket_session::send_batched(std::shared_ptr<const std::string> message) {
    in_order([self = shared_from_this(), message = std::move(message)]() mutable {
        if (!self->enqueue(std::move(message)) || std::exchange(self->write_scheduled_, true)) return;
        self->state_.batched_writes.schedule(self);
    });
}

void websocket_session::write_held() {
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
        self->write_scheduled_ = false;
        self->do_write();
    });
}

bool websocket_session::enqueue(std::shared_ptr<const std::string> message) {
    if (closing_ || disconnected_) return false;
    if (!queue_.push(std::move(message))) {
        state_.counters.slow_clients_dropped_total.fetch_add(1);
        // The caller may be a room or the lobby in the middle of a broadcast (send dispatches
        // inline), holding its own locks: the drop, which leaves rooms and the lobby, runs
        // as a handler of its own.
        closing_ = true;
        net::post(ws_.get_executor(), [self = shared_from_this()] { self->drop("send queue full"); });
        return false;
    }
    return true;
}

// The queued messages go as frames of our own in one gather write, through the gate Beast's
// control frames pass too (gated_stream.hpp).
void websocket_session::do_write() {
    if (writing_.count() > 0 || queue_.empty() || closing_ || disconnected_) return;
    // Asio hands at most 64 buffers to one system call: a header and a text per message.
    constexpr std::size_t per_write = 32;
    for (std::size_t i = 0; i < queue_.size() && i < per_write; ++i) writing_.add(queue_.at(i));
    ws_.next_layer().async_write_some(writing_.buffers(),
                                      beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
    const std::size_t written = writing_.count();
    writing_.clear();
    if (ec) {
        if (!is_benign(ec)) spdlog::info("event=write_failed session={} error=\"{}\"", id_, ec.message());
        return;
    }
    state_.counters.messages_out_total.fetch_add(written);
    state_.counters.socket_writes_total.fetch_add(1);
    queue_.pop(written);
    do_write();
}

void websocket_session::close(std::uint16_t code, std::string reason) {
    net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
        if (self->closing_ || self->disconnected_) return;
        self->closing_ = true;
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
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    // No read may be pending (a drop from inside on_read), so nothing else would release it.
    on_disconnect();
}

void websocket_session::on_disconnect() {
    if (disconnected_) return;
    disconnected_ = true;
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

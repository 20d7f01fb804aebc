#include "ws_conn.hpp"

#include <stdexcept>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace carc::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

ws_conn::ws_conn(net::io_context& ioc, bool parse_all)
    : ws_(ioc), parse_all_(parse_all), outbox_signal_(ioc, steady::time_point::max()) {}

net::awaitable<void> ws_conn::connect(const net::ip::tcp::endpoint& endpoint) {
    co_await beast::get_lowest_layer(ws_).async_connect(endpoint, net::use_awaitable);
    beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true));
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    co_await ws_.async_handshake(endpoint.address().to_string() + ":" + std::to_string(endpoint.port()), "/ws",
                                 net::use_awaitable);
    auto self = shared_from_this();
    // A failure inside a loop (a malformed frame, a gap in versions) ends the whole run.
    const auto rethrow = [](std::exception_ptr error) {
        if (error) std::rethrow_exception(error);
    };
    net::co_spawn(ws_.get_executor(), [self] { return self->read_loop(); }, rethrow);
    net::co_spawn(ws_.get_executor(), [self] { return self->write_loop(); }, rethrow);
}

net::awaitable<void> ws_conn::read_loop() {
    beast::flat_buffer buffer;
    while (!closed_) {
        beast::error_code ec;
        co_await ws_.async_read(buffer, net::redirect_error(net::use_awaitable, ec));
        if (ec) break;
        const auto at = steady::now();
        const auto data = buffer.cdata();
        const std::string_view text(static_cast<const char*>(data.data()), data.size());
        json parsed;
        bool have = false;
        if (parse_all_ || (!pending_.empty() && text.find("\"id\":") != std::string_view::npos)) {
            parsed = json::parse(text, nullptr, false);
            have = !parsed.is_discarded();
        }
        if (have && parsed.contains("id") && parsed["id"].is_number_integer()) {
            const auto it = pending_.find(parsed["id"].get<std::int64_t>());
            if (it != pending_.end()) {
                it->second->reply = parsed;
                it->second->wake.cancel();
            }
        }
        if (handler_) handler_(text, have ? &parsed : nullptr, at);
        buffer.consume(buffer.size());
    }
    closed_ = true;
    outbox_signal_.cancel();
    fail_pending();
}

net::awaitable<void> ws_conn::write_loop() {
    while (!closed_) {
        if (outbox_.empty()) {
            beast::error_code ec;
            outbox_signal_.expires_at(steady::time_point::max());
            co_await outbox_signal_.async_wait(net::redirect_error(net::use_awaitable, ec));
            continue;
        }
        beast::error_code ec;
        co_await ws_.async_write(net::buffer(outbox_.front()), net::redirect_error(net::use_awaitable, ec));
        if (ec) break;
        outbox_.pop_front();
    }
}

void ws_conn::send(std::string text) {
    if (closed_) return;
    outbox_.push_back(std::move(text));
    if (outbox_.size() == 1) outbox_signal_.cancel();
}

net::awaitable<json> ws_conn::request(json message, std::chrono::milliseconds timeout) {
    const std::int64_t id = next_id_++;
    message["id"] = id;
    pending slot{net::steady_timer(ws_.get_executor(), timeout), std::nullopt};
    pending_[id] = &slot;
    send(message.dump());
    beast::error_code ec;
    co_await slot.wake.async_wait(net::redirect_error(net::use_awaitable, ec));
    pending_.erase(id);
    if (!slot.reply) {
        throw std::runtime_error(closed_ ? "connection closed while waiting for a reply to " + message.dump()
                                         : "no reply within the timeout to " + message.dump());
    }
    co_return std::move(*slot.reply);
}

net::awaitable<json> ws_conn::hello(const std::string& name) {
    json message = {{"type", "hello"}, {"protocol", 1}, {"name", name}};
    json welcome = co_await request(std::move(message));
    if (welcome.value("type", "") != "welcome") throw std::runtime_error("hello refused: " + welcome.dump());
    co_return welcome;
}

void ws_conn::vanish() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    outbox_signal_.cancel();
}

void ws_conn::fail_pending() {
    for (auto& [id, slot] : pending_) slot->wake.cancel();
}

}  // namespace carc::load

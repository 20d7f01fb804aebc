#include "net/http_session.hpp"

#include <algorithm>

#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "accounts/session_cookie.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "app/shared_state.hpp"
#include "base/client_address.hpp"
#include "net/websocket_session.hpp"

namespace carc::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
constexpr auto request_timeout = std::chrono::seconds(30);
// A connection over its address's cap gets this long to send the request its 429 answers.
constexpr auto refused_request_timeout = std::chrono::seconds(2);
constexpr auto drain_timeout = std::chrono::seconds(2);
constexpr std::size_t max_request_body = 16 * 1024;
constexpr std::uint32_t max_request_header = 8 * 1024;  // request line and headers together
}  // namespace

http_session::http_session(net::ip::tcp::socket&& socket, shared_state& state,
                           std::unique_ptr<connection_limiter::slot> slot)
    : stream_(std::move(socket)), state_(state), slot_(std::move(slot)) {
    beast::error_code ec;
    const auto endpoint = stream_.socket().remote_endpoint(ec);
    address_ = ec ? "?" : endpoint.address().to_string();
}

void http_session::run() {
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::do_read() {
    parser_.emplace();
    parser_->body_limit(max_request_body);
    parser_->header_limit(max_request_header);
    stream_.expires_after(slot_ ? request_timeout : refused_request_timeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
        stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
        return;
    }
    if (ec == http::error::header_limit) {
        // Which part overflowed: the parser takes the request line as soon as it is whole, so
        // a request without a target yet (and no line end in what is left) has too long a URL.
        const auto data = buffer_.cdata();
        const std::string_view unparsed(static_cast<const char*>(data.data()), data.size());
        const bool line_done = !parser_->get().target().empty() || unparsed.find("\r\n") != std::string_view::npos;
        if (line_done)
            refuse(http::status::request_header_fields_too_large, "the request header is larger than 8 KB\n");
        else
            refuse(http::status::uri_too_long, "the URL is longer than 8 KB\n");
        return;
    }
    if (ec == http::error::body_limit) {
        refuse(http::status::payload_too_large, "the request body is larger than 16 KB\n");
        return;
    }
    if (ec) return;  // timeouts and resets end the connection quietly
    auto request = parser_->release();
    // Per request: behind the trusted proxy each request names its own client.
    {
        beast::error_code peer_ec;
        const auto peer = stream_.socket().remote_endpoint(peer_ec);
        address_ = client_address(peer_ec ? "?" : peer.address().to_string(), request["X-Forwarded-For"],
                                  state_.config.trusted_proxy);
    }
    if (!slot_) {
        spdlog::warn("event=connection_cap addr={} kind=http", address_);
        request.keep_alive(false);
        send(text_response(request, http::status::too_many_requests, "too many connections\n"));
        return;
    }
    if (beast::websocket::is_upgrade(request)) {
        if (try_upgrade(request)) return;
    }
    // Answered by the route table, at once or from the blocking pool: back to this strand.
    state_.routes->answer(std::move(request), address_, [self = shared_from_this()](http::message_generator res) {
        net::post(self->stream_.get_executor(),
                  [self, res = std::move(res)]() mutable { self->send(std::move(res)); });
    });
}

bool http_session::try_upgrade(http::request<http::string_body>& request) {
    const std::string_view target(request.target().data(), request.target().size());
    if (target.substr(0, target.find('?')) != route_table::websocket_path) {
        send(text_response(request, http::status::not_found, "the WebSocket endpoint is /ws\n"));
        return true;
    }
    const auto& origins = state_.config.allowed_origins;
    if (!origins.empty()) {
        const std::string origin(request[http::field::origin]);
        if (std::find(origins.begin(), origins.end(), origin) == origins.end()) {
            spdlog::warn("event=origin_refused addr={} origin=\"{}\"", address_, origin);
            send(text_response(request, http::status::forbidden, "origin not allowed\n"));
            return true;
        }
    }
    // The browser sends the session cookie with any page's upgrade: only our own pages may use
    // it (cross-site WebSocket hijacking).
    const auto cookie_session = accounts::session_from_cookie_header(request[http::field::cookie]);
    if (cookie_session && !same_site_origin(request)) {
        spdlog::warn("event=origin_refused addr={} origin=\"{}\" cookie=1", address_,
                     std::string(request[http::field::origin]));
        send(text_response(request, http::status::forbidden, "origin not allowed with a session cookie\n"));
        return true;
    }
    auto slot = state_.limiter->acquire(address_);
    if (!slot) {
        spdlog::warn("event=connection_cap addr={}", address_);
        send(text_response(request, http::status::too_many_requests, "too many connections\n"));
        return true;
    }
    auto session = std::make_shared<websocket_session>(stream_.release_socket(), state_, std::move(slot), address_);
    if (cookie_session) session->use_cookie_session(*cookie_session);
    session->run(std::move(request));
    return true;
}

bool http_session::same_site_origin(const http::request<http::string_body>& request) const {
    const std::string origin(request[http::field::origin]);
    if (origin.empty()) return false;
    const auto& allowed = state_.config.allowed_origins;
    if (std::find(allowed.begin(), allowed.end(), origin) != allowed.end()) return true;
    const std::string host(request[http::field::host]);
    return !host.empty() && (origin == "http://" + host || origin == "https://" + host);
}

void http_session::refuse(http::status status, std::string body) {
    http::request<http::string_body> request;  // the parser's is incomplete: answer as HTTP/1.1
    request.version(11);
    request.keep_alive(false);
    send(text_response(request, status, std::move(body)));
}

void http_session::send(http::message_generator&& message) {
    const bool keep_alive = message.keep_alive();
    beast::async_write(stream_, std::move(message),
                       beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!keep_alive) {
        stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
        // A connection over its address's cap is closed at once: draining it would let a client
        // that sends a byte now and then hold a descriptor the cap meant to refuse. Its request
        // was read whole, so closing sends no reset that could destroy the answer.
        if (!slot_) {
            stream_.socket().close(ec);
            return;
        }
        stream_.expires_after(drain_timeout);  // once: more input does not extend it
        drain();
        return;
    }
    do_read();
}

// Closing with unread input would send a reset that can destroy the answer before the client
// reads it (a refused request may still be arriving): read and drop until the client is done or
// the deadline set before the first read passes.
void http_session::drain() {
    buffer_.consume(buffer_.size());
    stream_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (!ec) self->drain();
    });
}

}  // namespace carc::server

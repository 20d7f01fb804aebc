#include "carc/testkit/http_client.hpp"

#include <cctype>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace carc::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

http_reply http_get(const std::string& host, unsigned short port, const std::string& target,
                    const std::map<std::string, std::string>& headers) {
    return http_send(host, port, "GET", target, headers, "");
}

http_reply http_send(const std::string& host, unsigned short port, const std::string& method,
                     const std::string& target, const std::map<std::string, std::string>& headers,
                     const std::string& body) {
    net::io_context ioc;
    net::ip::tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.connect(resolver.resolve(host, std::to_string(port)));
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, host);
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!body.empty() || method != "GET") {
        req.body() = body;
        req.prepare_payload();
    }
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    beast::error_code ignored;
    stream.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    http_reply reply{static_cast<int>(res.result_int()), std::string(res[http::field::content_type]), res.body(), {}};
    for (const auto& field : res) {
        std::string name(field.name_string());
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        reply.headers[name] = std::string(field.value());
    }
    return reply;
}

raw_reply http_raw(unsigned short port, const std::string& raw) {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    stream.expires_after(std::chrono::seconds(10));
    beast::error_code ec;
    net::write(stream, net::buffer(raw), ec);  // may fail half-way once the server answered
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res, ec);
    if (ec) return {};
    return {static_cast<int>(res.result_int()), std::string(res[http::field::location])};
}

}  // namespace carc::test

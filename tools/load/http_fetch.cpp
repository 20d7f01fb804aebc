#include "http_fetch.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace carc::load {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

std::string http_get(const http_target& target, const std::string& path) {
    net::io_context ioc;
    net::ip::tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.connect(resolver.resolve(target.host, std::to_string(target.port)));
    http::request<http::empty_body> req{http::verb::get, path, 11};
    req.set(http::field::host, target.host);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    beast::error_code ignored;
    stream.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    return res.body();
}

double metric_value(const http_target& target, const std::string& name) {
    const std::string body = http_get(target, "/metrics");
    const std::string key = "\n" + name + " ";  // the sample line, not "# HELP"
    const auto at = body.find(key);
    if (at == std::string::npos) return -1;
    return std::stod(body.substr(at + key.size()));
}

}  // namespace carc::load

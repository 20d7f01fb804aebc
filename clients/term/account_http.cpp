#include "account_http.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace carc::term {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using nlohmann::json;

AccountReply account_call(const ServerUrl& server, const std::string& method, const std::string& target,
                          const json& body, const std::string& session) {
    AccountReply reply;
    try {
        net::io_context ioc;
        net::ip::tcp::resolver resolver(ioc);
        beast::tcp_stream stream(ioc);
        stream.expires_after(std::chrono::seconds(15));
        stream.connect(resolver.resolve(server.host, server.port));
        http::request<http::string_body> req{http::string_to_verb(method), target, 11};
        req.set(http::field::host, server.host + ":" + server.port);
        req.set(http::field::user_agent, "carc-term");
        if (!session.empty()) req.set(http::field::authorization, "Bearer " + session);
        if (!body.is_null()) {
            req.set(http::field::content_type, "application/json");
            req.body() = body.dump();
        }
        req.prepare_payload();
        http::write(stream, req);
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        http::read(stream, buffer, res);
        reply.status = static_cast<int>(res.result_int());
        reply.body = json::parse(res.body(), nullptr, false);
        if (reply.status >= 400)
            reply.error = reply.body.is_object() ? reply.body.value("message", res.body()) : res.body();
    } catch (const std::exception& e) {
        reply.status = 0;
        reply.error = e.what();
    }
    return reply;
}

std::optional<std::string> sign_in(const ServerUrl& server, const std::string& name, const std::string& password,
                                   std::string& error) {
    const AccountReply reply = account_call(server, "POST", "/api/sessions",
                                            {{"name", name}, {"password", password}, {"want_token", true},
                                             {"device", "carc-term"}},
                                            "");
    if (reply.status == 200 && reply.body.is_object() && reply.body.contains("token"))
        return reply.body["token"].get<std::string>();
    error = reply.error.empty() ? "sign-in failed" : reply.error;
    return std::nullopt;
}

}  // namespace carc::term

#include "account_http.hpp"

#include <ctime>

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

std::string utc_time_text(std::int64_t unix_ms) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
    return text;
}

std::string my_games_text(const json& games) {
    std::string out;
    for (const json& g : games.value("games", json::array())) {
        out += g.value("your_turn", false) ? "* " : "  ";
        out += g.value("room", std::string("?")) + "  " + g.value("status", std::string());
        if (g.contains("name") && g["name"].is_string()) out += "  " + g["name"].get<std::string>();
        if (g.value("your_turn", false)) out += "  (your turn)";
        if (g.value("away", false)) out += "  (a bot plays your seat)";
        if (g.contains("deadline_ms") && g["deadline_ms"].is_number_integer())
            out += "  until " + utc_time_text(g["deadline_ms"].get<std::int64_t>());
        out += "\n";
    }
    return out.empty() ? "no games\n" : out;
}

}  // namespace carc::term

#pragma once
// The server's own HTTP answers (health, room list, tile catalogue, metrics, the browser client's
// files) and the answer shapes every endpoint uses.

#include <string>

#include <boost/beast/http.hpp>

namespace carc::server {

class route_table;
class lobby;
class metrics;

// GET /healthz, /api/rooms, /api/tiles, /metrics, /ws without an upgrade, and the client's files
// (read from the folder `web_root`).
void add_server_routes(route_table& routes, lobby& rooms, metrics& counters, const std::string& web_root);

// A JSON answer whose body is already text (not cached by the client).
boost::beast::http::response<boost::beast::http::string_body> json_text_response(
    const boost::beast::http::request<boost::beast::http::string_body>& request, std::string body,
    boost::beast::http::status status = boost::beast::http::status::ok);

// The API's refusal: `{"error": code, "message": message}` with `status` (docs/protocol.md).
boost::beast::http::response<boost::beast::http::string_body> json_error_response(
    const boost::beast::http::request<boost::beast::http::string_body>& request,
    boost::beast::http::status status, std::string code, std::string message);

// A short plain-text answer with `status` (used for refused upgrades, too).
boost::beast::http::message_generator text_response(
    const boost::beast::http::request<boost::beast::http::string_body>& request,
    boost::beast::http::status status, std::string body);

}  // namespace carc::server

#pragma once
// Plain HTTP answers: health, room list, tile catalogue, metrics and the browser client's files.
// GET /api/games is answered by game_reads (off the I/O threads), not here.

#include <boost/beast/http.hpp>

namespace carc::server {

class shared_state;

boost::beast::http::message_generator handle_http_request(
    shared_state& state, boost::beast::http::request<boost::beast::http::string_body>&& request);

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

#pragma once
// Plain HTTP answers: health, room list, tile catalogue, metrics and the browser client's files.

#include <boost/beast/http.hpp>

namespace carc::server {

class shared_state;

boost::beast::http::message_generator handle_http_request(
    shared_state& state, boost::beast::http::request<boost::beast::http::string_body>&& request);

// A short plain-text answer with `status` (used for refused upgrades, too).
boost::beast::http::message_generator text_response(
    const boost::beast::http::request<boost::beast::http::string_body>& request,
    boost::beast::http::status status, std::string body);

}  // namespace carc::server

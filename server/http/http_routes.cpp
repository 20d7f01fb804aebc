#include "http/http_routes.hpp"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/messages.hpp"
#include "carc/tiles.hpp"
#include "http/http_games.hpp"
#include "app/shared_state.hpp"

namespace carc::server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

std::string_view mime_type(std::string_view path) {
    const auto dot = path.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
    if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".json") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".ico") return "image/vnd.microsoft.icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

http::message_generator json_response(const http::request<http::string_body>& request,
                                      const nlohmann::json& body, http::status status = http::status::ok) {
    http::response<http::string_body> res{status, request.version()};
    res.set(http::field::server, "carc-server");
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(request.keep_alive());
    res.body() = body.dump();
    res.prepare_payload();
    return res;
}

http::message_generator static_file(shared_state& state, const http::request<http::string_body>& request,
                                    std::string_view target) {
    std::string path(target.substr(0, target.find_first_of("?#")));
    if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos)
        return text_response(request, http::status::bad_request, "bad path\n");
    if (path.back() == '/') path += "index.html";
    const std::string full = state.web_root + path;

    http::file_body::value_type body;
    beast::error_code ec;
    body.open(full.c_str(), beast::file_mode::scan, ec);
    if (ec == beast::errc::no_such_file_or_directory || ec == beast::errc::is_a_directory) {
        if (path == "/index.html")
            return text_response(request, http::status::not_found,
                                 "the browser client was not found in " + state.web_root +
                                     " (use --web-root)\n");
        return text_response(request, http::status::not_found, "not found\n");
    }
    if (ec) return text_response(request, http::status::internal_server_error, "cannot read file\n");

    const auto size = body.size();
    if (request.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, request.version()};
        res.set(http::field::server, "carc-server");
        res.set(http::field::content_type, mime_type(path));
        res.content_length(size);
        res.keep_alive(request.keep_alive());
        return res;
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, request.version())};
    res.set(http::field::server, "carc-server");
    res.set(http::field::content_type, mime_type(path));
    res.content_length(size);
    res.keep_alive(request.keep_alive());
    return res;
}

}  // namespace

http::message_generator text_response(const http::request<http::string_body>& request,
                                      http::status status, std::string body) {
    http::response<http::string_body> res{status, request.version()};
    res.set(http::field::server, "carc-server");
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.keep_alive(request.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

http::message_generator handle_http_request(shared_state& state, http::request<http::string_body>&& request) {
    if (request.method() != http::verb::get && request.method() != http::verb::head)
        return text_response(request, http::status::method_not_allowed, "GET or HEAD only\n");
    const std::string_view target(request.target().data(), request.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    if (path == "/healthz") return json_response(request, {{"status", "ok"}});
    if (path == "/api/rooms") return json_response(request, {{"rooms", state.rooms.public_rooms()}});
    if (path == "/api/games" || path.starts_with("/api/games/")) {
        const auto query = path.size() < target.size() ? target.substr(path.size() + 1) : std::string_view();
        const games_answer answer = answer_games_request(state, path, query);
        return json_response(request, answer.body, answer.status);
    }
    if (path == "/api/tiles") return json_response(request, protocol::builtin_catalog_json());
    if (path == "/metrics") {
        http::response<http::string_body> res{http::status::ok, request.version()};
        res.set(http::field::server, "carc-server");
        res.set(http::field::content_type, "text/plain; version=0.0.4");
        res.keep_alive(request.keep_alive());
        res.body() = state.counters.prometheus_text();
        res.prepare_payload();
        return res;
    }
    if (path == "/ws") return text_response(request, http::status::upgrade_required, "WebSocket only\n");
    return static_file(state, request, target);
}

}  // namespace carc::server

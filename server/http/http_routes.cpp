#include "http/http_routes.hpp"

#include <nlohmann/json.hpp>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/messages.hpp"
#include "carc/tiles.hpp"
#include "base/metrics.hpp"
#include "rooms/lobby.hpp"
#include "http/route_table.hpp"
#include "http/static_files.hpp"
#include "http/versioned_page.hpp"

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
    if (ext == ".webmanifest") return "application/manifest+json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".ico") return "image/vnd.microsoft.icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

// A file's answer: gzip-compressed when the browser accepts it, with an ETag; the browser
// revalidates every time and gets 304 while it matches, unless `for_a_year` (a name that carries
// the content's tag: a changed file gets another name).
http::response<http::string_body> file_response(const http::request<http::string_body>& request,
                                                const static_file& file, std::string_view content_type,
                                                bool for_a_year = false) {
    const bool gzip = !file.gzipped.empty() && accepts_gzip(request[http::field::accept_encoding]);
    const std::string& etag = gzip ? file.etag_gzip : file.etag;
    const auto headers = [&](auto& res) {
        res.set(http::field::server, "carc-server");
        res.set(http::field::content_type, content_type);
        res.set(http::field::etag, etag);
        res.set(http::field::cache_control, for_a_year ? "public, max-age=31536000, immutable" : "no-cache");
        if (!file.gzipped.empty()) res.set(http::field::vary, "Accept-Encoding");
        res.keep_alive(request.keep_alive());
    };
    const std::string_view if_none_match = request[http::field::if_none_match];
    if (!if_none_match.empty() && etag_matches(if_none_match, etag)) {
        http::response<http::string_body> res{http::status::not_modified, request.version()};
        headers(res);
        return res;
    }
    const std::string& body = gzip ? file.gzipped : file.body;
    if (request.method() == http::verb::head) {
        http::response<http::string_body> res{http::status::ok, request.version()};
        headers(res);
        if (gzip) res.set(http::field::content_encoding, "gzip");
        res.content_length(body.size());
        return res;
    }
    http::response<http::string_body> res{http::status::ok, request.version()};
    headers(res);
    if (gzip) res.set(http::field::content_encoding, "gzip");
    res.body() = body;
    res.prepare_payload();
    return res;
}

// The client's files (file_response), read from the web root.
http::message_generator serve_static_file(const std::string& web_root, const http::request<http::string_body>& request,
                                          std::string_view target) {
    std::string path(target.substr(0, target.find_first_of("?#")));
    if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos)
        return text_response(request, http::status::bad_request, "bad path\n");
    if (path.back() == '/') path += "index.html";
    const std::string full = web_root + path;
    // A folder named without its slash: opening it would "succeed" and the read then fail.
    std::error_code dir_ec;
    if (std::filesystem::is_directory(full, dir_ec)) {
        http::response<http::string_body> res{http::status::moved_permanently, request.version()};
        res.set(http::field::server, "carc-server");
        const auto query_at = target.find_first_of("?#");
        const std::string_view query = query_at == std::string_view::npos ? "" : target.substr(query_at);
        res.set(http::field::location, path + "/" + std::string(query));
        res.set(http::field::content_type, "text/plain; charset=utf-8");
        res.keep_alive(request.keep_alive());
        res.body() = "moved to " + path + "/\n";
        res.prepare_payload();
        return res;
    }

    static static_file_cache cache;
    std::error_code ec;
    auto file = cache.get(full, ec);
    // A JSON document naming a folder instead of a file (/i18n/en.json for /i18n/en/): the
    // folder's JSON files in one answer, so a language's catalogue costs one request.
    if (ec == std::errc::no_such_file_or_directory && path.ends_with(".json")) {
        const std::string folder = full.substr(0, full.size() - 5);
        std::error_code folder_ec;
        if (std::filesystem::is_directory(folder, folder_ec)) {
            std::string bad_file;
            file = cache.get_joined_json(folder, bad_file);
            if (!bad_file.empty())
                return text_response(request, http::status::internal_server_error,
                                     path.substr(0, path.size() - 5) + "/" + bad_file + " is not valid JSON\n");
            if (file) ec.clear();
        }
    }
    if (ec == std::errc::no_such_file_or_directory || ec == std::errc::is_a_directory ||
        ec == std::errc::not_a_directory) {
        if (path == "/index.html")
            return text_response(request, http::status::not_found,
                                 "the browser client was not found in " + web_root +
                                     " (use --web-root)\n");
        return text_response(request, http::status::not_found, "not found\n");
    }
    if (!file) return text_response(request, http::status::internal_server_error, "cannot read file\n");

    if (path.ends_with(".html")) {
        const auto lookup = [&](const std::string& ref) -> std::shared_ptr<const static_file> {
            std::error_code ref_ec;
            return ref.find("..") == std::string::npos ? cache.get(web_root + ref, ref_ec) : nullptr;
        };
        file = cache.derived(full, version_references(file->body, path, lookup));
    }
    return file_response(request, *file, mime_type(path), names_version(target, content_tag(*file)));
}

// A whole answer in one string, as text until the caller says otherwise.
http::response<http::string_body> plain_response(const http::request<http::string_body>& request,
                                                 http::status status, std::string body) {
    http::response<http::string_body> res{status, request.version()};
    res.set(http::field::server, "carc-server");
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.keep_alive(request.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

}  // namespace

http::response<http::string_body> json_text_response(const http::request<http::string_body>& request,
                                                     std::string body, http::status status) {
    auto res = plain_response(request, status, std::move(body));
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    return res;
}

http::response<http::string_body> json_error_response(const http::request<http::string_body>& request,
                                                      http::status status, std::string code, std::string message) {
    return json_text_response(request, nlohmann::json{{"error", std::move(code)}, {"message", std::move(message)}}.dump(),
                              status);
}

http::message_generator text_response(const http::request<http::string_body>& request,
                                      http::status status, std::string body) {
    return plain_response(request, status, std::move(body));
}

void add_server_routes(route_table& routes, lobby& rooms, metrics& counters, const std::string& web_root) {
    const auto at_once = [&routes](std::string path, std::function<http_answer(const route_call&)> fn) {
        routes.add({http::verb::get, std::move(path), answer_with(std::move(fn)), access::anyone, runs_on::io});
    };
    at_once("/healthz", [](const route_call& rc) { return json_text_response(rc.request, R"({"status":"ok"})"); });
    at_once("/api/rooms", [&rooms](const route_call& rc) {
        return json_text_response(rc.request, nlohmann::json{{"rooms", rooms.public_rooms()}}.dump());
    });
    // The catalogue never changes while the server runs: one gzip copy and ETag for every visit.
    at_once("/api/tiles", [](const route_call& rc) -> http_answer {
        static const auto catalog = make_static_file(protocol::builtin_catalog_json().dump(), true);
        return file_response(rc.request, *catalog, "application/json");
    });
    at_once("/metrics", [&counters](const route_call& rc) {
        http_answer res = plain_response(rc.request, http::status::ok, counters.prometheus_text());
        res.set(http::field::content_type, "text/plain; version=0.0.4");
        return res;
    });
    at_once(std::string(route_table::websocket_path), [](const route_call& rc) {
        return plain_response(rc.request, http::status::upgrade_required, "WebSocket only\n");
    });
    routes.set_fallback([&web_root](const http_request& request) {
        return serve_static_file(web_root, request, std::string_view(request.target().data(), request.target().size()));
    });
}

}  // namespace carc::server

#include "http/route_table.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "base/blocking_pool.hpp"
#include "base/config.hpp"
#include "http/http_accounts.hpp"
#include "http/http_routes.hpp"
#include "util/text.hpp"

namespace carc::server {

namespace http = boost::beast::http;

namespace {

std::vector<std::string> split_path(std::string_view path) {
    std::vector<std::string> out;
    std::size_t at = 1;  // past the leading '/'
    while (at <= path.size()) {
        const auto slash = path.find('/', at);
        const auto end = slash == std::string_view::npos ? path.size() : slash;
        out.emplace_back(path.substr(at, end - at));
        if (slash == std::string_view::npos) break;
        at = slash + 1;
    }
    return out;
}

bool is_parameter(const std::string& segment) {
    return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

bool reads(http::verb method) { return method == http::verb::get || method == http::verb::head; }

bool method_fits(http::verb wanted, http::verb asked) {
    return wanted == asked || (wanted == http::verb::get && asked == http::verb::head);
}

http_answer refusal(const http_request& request, http::status status, std::string code, std::string message) {
    return json_error_response(request, status, std::move(code), std::move(message));
}

}  // namespace

const std::string& route_call::param(std::string_view name) const {
    static const std::string none;
    const auto it = params.find(name);
    return it == params.end() ? none : it->second;
}

std::optional<std::string> route_call::query_value(std::string_view name) const {
    std::string_view rest = query;
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name) return percent_decoded(pair.substr(eq + 1));
    }
    return std::nullopt;
}

route_handler answer_with(std::function<http_answer(const route_call&)> fn) {
    return [fn = std::move(fn)](const route_call& call, http_reply reply) { reply(fn(call)); };
}

route_table::route_table(accounts::account_service* accounts, const server_config& config, blocking_pool& pool)
    : accounts_(accounts), config_(config), pool_(pool) {}

void route_table::add(route r) {
    compiled c{std::move(r), {}};
    c.segments = split_path(c.r.pattern);
    routes_.push_back(std::move(c));
}

void route_table::set_fallback(std::function<http::message_generator(const http_request&)> fallback) {
    fallback_ = std::move(fallback);
}

std::optional<std::map<std::string, std::string, std::less<>>> route_table::match(const compiled& c,
                                                                                   std::string_view path) {
    const auto segments = split_path(path);
    const bool rest = !c.segments.empty() && c.segments.back() == "*";
    if (rest ? segments.size() + 1 < c.segments.size() : segments.size() != c.segments.size()) return std::nullopt;
    std::map<std::string, std::string, std::less<>> params;
    for (std::size_t i = 0; i < c.segments.size(); ++i) {
        const std::string& want = c.segments[i];
        if (want == "*" && i + 1 == c.segments.size()) break;
        if (is_parameter(want)) {
            auto decoded = percent_decoded(segments[i]);
            if (!decoded || decoded->empty()) return std::nullopt;
            params[want.substr(1, want.size() - 2)] = std::move(*decoded);
        } else if (want != segments[i]) {
            return std::nullopt;
        }
    }
    return params;
}

void route_table::answer(http_request request, std::string address,
                         std::function<void(http::message_generator)> done) const {
    const std::string_view target(request.target().data(), request.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    const compiled* found = nullptr;
    std::map<std::string, std::string, std::less<>> params;
    std::vector<std::string> allowed;
    for (const auto& c : routes_) {
        auto matched = match(c, path);
        if (!matched) continue;
        if (!method_fits(c.r.method, request.method())) {
            allowed.emplace_back(http::to_string(c.r.method));
            continue;
        }
        found = &c;
        params = std::move(*matched);
        break;
    }
    if (!found) {
        if (!allowed.empty()) {
            http_answer res = refusal(request, http::status::method_not_allowed, "method_not_allowed",
                                      "not allowed on this resource");
            std::string allow;
            for (const auto& m : allowed) allow += (allow.empty() ? "" : ", ") + m;
            res.set(http::field::allow, allow);
            done(std::move(res));
        } else if (path.starts_with("/api/")) {
            done(refusal(request, http::status::not_found, "not_found", "no such resource"));
        } else if (!reads(request.method())) {
            done(text_response(request, http::status::method_not_allowed, "GET or HEAD only\n"));
        } else {
            done(fallback_(request));
        }
        return;
    }
    const route& r = found->r;
    if (request.body().size() > r.body_limit) {
        done(refusal(request, http::status::payload_too_large, "too_large",
                     "the body is larger than " + std::to_string(r.body_limit) + " bytes"));
        return;
    }
    if (r.same_site_only)
        if (auto refused = cross_site_refusal(config_, request)) {
            done(refusal(request, http::status::forbidden, "cross_site", *refused));
            return;
        }
    if (r.who == access::signed_in && !accounts_) {
        done(refusal(request, http::status::service_unavailable, "no_accounts", "accounts need a store"));
        return;
    }
    auto shared_request = std::make_shared<http_request>(std::move(request));
    http_reply reply = [done = std::move(done)](http_answer res) { done(std::move(res)); };
    if (r.where == runs_on::io && r.who == access::anyone) {
        run(*found, std::move(shared_request), std::move(address), std::move(params), std::move(reply));
        return;
    }
    // Copied into the task: the table outlives every request (the server owns it).
    const compiled* chosen = found;
    auto task = [this, chosen, shared_request, address = std::move(address), params = std::move(params),
                 reply]() mutable {
        run(*chosen, std::move(shared_request), std::move(address), std::move(params), std::move(reply));
    };
    if (!pool_.try_post(std::move(task))) {
        http_answer busy = refusal(*shared_request, http::status::service_unavailable, "busy",
                                   "the server is busy; try again in a moment");
        busy.set(http::field::retry_after, "1");
        reply(std::move(busy));
    }
}

void route_table::run(const compiled& c, std::shared_ptr<http_request> request, std::string address,
                      std::map<std::string, std::string, std::less<>> params, http_reply reply) const {
    const std::string_view target(request->target().data(), request->target().size());
    const auto mark = target.find('?');
    std::optional<accounts::signed_in> me;
    std::optional<std::string> secret;
    if (c.r.who == access::signed_in) {
        secret = presented_secret(*request);
        if (!secret) {
            reply(refusal(*request, http::status::unauthorized, "not_signed_in", "sign in first"));
            return;
        }
        me = accounts_->resolve(*secret);
        if (!me) {
            // Forged, expired or ended: the same answer for all three, and the cookie goes.
            http_answer res = refusal(*request, http::status::unauthorized, "unknown_session",
                                      "unknown session; sign in again");
            set_session_cookie(config_, res, "");
            reply(std::move(res));
            return;
        }
    }
    const route_call call{*request,
                          target.substr(0, mark),
                          mark == std::string_view::npos ? std::string_view() : target.substr(mark + 1),
                          params,
                          address,
                          me ? &*me : nullptr,
                          secret ? &*secret : nullptr};
    // The request lives until the reply is sent, even when the handler answers later.
    http_reply keep = [request, reply](http_answer res) { reply(std::move(res)); };
    try {
        c.r.handler(call, std::move(keep));
    } catch (const nlohmann::json::exception& e) {
        reply(refusal(*request, http::status::bad_request, "bad_field",
                      std::string("a field of the wrong type: ") + e.what()));
    } catch (const std::exception& e) {
        spdlog::error("event=http_handler_failed path={} error=\"{}\"", std::string(call.path), e.what());
        reply(refusal(*request, http::status::internal_server_error, "internal", "the request failed; try again"));
    }
}

}  // namespace carc::server

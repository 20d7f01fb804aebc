#include "notices/curl_transfer.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>

#include <curl/curl.h>

#include "accounts/account_rules.hpp"

namespace carc::server::notices {
namespace {

constexpr long timeout_seconds = 20;
constexpr long connect_timeout_seconds = 10;

struct upload {
    const std::string& text;
    std::size_t sent = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto& up = *static_cast<upload*>(user);
    const std::size_t n = std::min(size * count, up.text.size() - up.sent);
    std::memcpy(buffer, up.text.data() + up.sent, n);
    up.sent += n;
    return n;
}

std::size_t discard(char*, std::size_t size, std::size_t count, void*) { return size * count; }

// libcurl's handle, cleaned up on every return.
struct easy {
    CURL* handle = curl_easy_init();
    ~easy() {
        if (handle) curl_easy_cleanup(handle);
    }
};

std::optional<std::string> perform(CURL* handle, char* error_buffer) {
    const CURLcode code = curl_easy_perform(handle);
    if (code == CURLE_OK) return std::nullopt;
    return error_buffer[0] ? std::string(error_buffer) : std::string(curl_easy_strerror(code));
}

// Called once the connection is made, before anything is sent: the address it reached.
int check_address(void* allow_private, char* address, char*, int, int) {
    if (*static_cast<bool*>(allow_private)) return CURL_PREREQFUNC_OK;
    const std::string ip(address);
    const std::string url = ip.find(':') != std::string::npos ? "http://[" + ip + "]/" : "http://" + ip + "/";
    return accounts::check_webhook(url, false) ? CURL_PREREQFUNC_ABORT : CURL_PREREQFUNC_OK;
}

// libcurl asks at least once a second while a transfer runs: non-zero ends it.
int abandon_when_set(void* abandon, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    return static_cast<const std::atomic<bool>*>(abandon)->load() ? 1 : 0;
}

}  // namespace

void init_curl() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::optional<std::string> send_mail(const std::string& smtp_url, const std::string& from, const std::string& to,
                                     const std::string& message) {
    easy curl;
    if (!curl.handle) return "libcurl could not start";
    char error[CURL_ERROR_SIZE] = {};
    upload body{message};
    const std::string from_path = "<" + from + ">";
    const std::string to_path = "<" + to + ">";
    curl_slist* recipients = curl_slist_append(nullptr, to_path.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_URL, smtp_url.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl.handle, CURLOPT_MAIL_FROM, from_path.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl.handle, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(curl.handle, CURLOPT_READDATA, &body);
    curl_easy_setopt(curl.handle, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl.handle, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_CONNECTTIMEOUT, connect_timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_NOSIGNAL, 1L);
    auto failed = perform(curl.handle, error);
    curl_slist_free_all(recipients);
    return failed;
}

std::optional<std::string> post_webhook(const std::string& url, const std::string& json_body, bool allow_private,
                                        const std::atomic<bool>& abandon) {
    easy curl;
    if (!curl.handle) return "libcurl could not start";
    char error[CURL_ERROR_SIZE] = {};
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    curl_easy_setopt(curl.handle, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl.handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl.handle, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl.handle, CURLOPT_POSTFIELDS, json_body.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_POSTFIELDSIZE, static_cast<long>(json_body.size()));
    curl_easy_setopt(curl.handle, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(curl.handle, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(curl.handle, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_CONNECTTIMEOUT, connect_timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl.handle, CURLOPT_PREREQFUNCTION, check_address);
    curl_easy_setopt(curl.handle, CURLOPT_PREREQDATA, &allow_private);
    curl_easy_setopt(curl.handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl.handle, CURLOPT_XFERINFOFUNCTION, abandon_when_set);
    curl_easy_setopt(curl.handle, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(&abandon));
    auto failed = perform(curl.handle, error);
    curl_slist_free_all(headers);
    return failed;
}

push_answer post_push(const std::string& endpoint, const std::vector<std::string>& headers, const std::string& body,
                      bool allow_private, const std::atomic<bool>& abandon) {
    easy curl;
    if (!curl.handle) return {0, "libcurl could not start"};
    char error[CURL_ERROR_SIZE] = {};
    curl_slist* list = nullptr;
    for (const auto& header : headers) list = curl_slist_append(list, header.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_URL, endpoint.c_str());
    curl_easy_setopt(curl.handle, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl.handle, CURLOPT_PROTOCOLS_STR, allow_private ? "http,https" : "https");
    curl_easy_setopt(curl.handle, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl.handle, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl.handle, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
    curl_easy_setopt(curl.handle, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(curl.handle, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_CONNECTTIMEOUT, connect_timeout_seconds);
    curl_easy_setopt(curl.handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl.handle, CURLOPT_PREREQFUNCTION, check_address);
    curl_easy_setopt(curl.handle, CURLOPT_PREREQDATA, &allow_private);
    curl_easy_setopt(curl.handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl.handle, CURLOPT_XFERINFOFUNCTION, abandon_when_set);
    curl_easy_setopt(curl.handle, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(&abandon));
    push_answer answer;
    if (auto failed = perform(curl.handle, error)) answer.error = *failed;
    else curl_easy_getinfo(curl.handle, CURLINFO_RESPONSE_CODE, &answer.status);
    curl_slist_free_all(list);
    return answer;
}

}  // namespace carc::server::notices

#pragma once
// One-shot blocking HTTP requests to a server under test (tests, carc-load between its phases).

#include <map>
#include <string>

namespace carc::test {

struct http_reply {
    int status = 0;
    std::string content_type;
    std::string body;
    std::map<std::string, std::string> headers;  // lower-case names
};

// GET `target` from host:port; `headers`: extra request headers, e.g. {{"Accept-Encoding", "gzip"}}.
http_reply http_get(const std::string& host, unsigned short port, const std::string& target,
                    const std::map<std::string, std::string>& headers = {});
// The same from 127.0.0.1.
inline http_reply http_get(unsigned short port, const std::string& target,
                           const std::map<std::string, std::string>& headers = {}) {
    return http_get("127.0.0.1", port, target, headers);
}

// Any method with a body (empty: none), e.g. http_send(host, port, "POST", "/api/sessions",
// {{"Content-Type", "application/json"}}, body).
http_reply http_send(const std::string& host, unsigned short port, const std::string& method,
                     const std::string& target, const std::map<std::string, std::string>& headers,
                     const std::string& body);

// Sends `raw` bytes as they are to 127.0.0.1:port and reads one response; status 0 when the
// server ended the connection without answering. `location` is the Location header, if any.
struct raw_reply {
    int status = 0;
    std::string location;
};
raw_reply http_raw(unsigned short port, const std::string& raw);

}  // namespace carc::test

#pragma once
// A one-shot blocking HTTP GET for tests.

#include <map>
#include <string>

namespace carc::test {

struct http_reply {
    int status = 0;
    std::string content_type;
    std::string body;
    std::map<std::string, std::string> headers;  // lower-case names
};

// `headers`: extra request headers, e.g. {{"Accept-Encoding", "gzip"}}.
http_reply http_get(unsigned short port, const std::string& target,
                    const std::map<std::string, std::string>& headers = {});

// Sends `raw` bytes as they are and reads one response; status 0 when the server ended the
// connection without answering. `location` is the Location header, if any.
struct raw_reply {
    int status = 0;
    std::string location;
};
raw_reply http_raw(unsigned short port, const std::string& raw);

}  // namespace carc::test

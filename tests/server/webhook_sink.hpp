#pragma once
// A webhook receiver for the tests: on a loopback port (loopback_http.hpp), it answers every
// request 200 and keeps each request.

#include <string>
#include <vector>

#include "loopback_http.hpp"

namespace carc::test {

class webhook_sink {
public:
    std::string url() const { return server_.origin() + "/hook"; }

    // Every request received so far: "METHOD TARGET\n" then the body.
    std::vector<std::string> requests() const {
        std::vector<std::string> out;
        for (const auto& r : server_.requests()) out.push_back(r.method + " " + r.target + "\n" + r.body);
        return out;
    }

private:
    loopback_http server_{[](const received_request&) { return 200; }};
};

}  // namespace carc::test

#pragma once
// A push service for the tests (RFC 8030's push resource, as far as a sender sees it): on a
// loopback port (loopback_http.hpp) it keeps every request and answers 201, or the status set
// for a target (410 for a subscription that is gone).

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "loopback_http.hpp"

namespace carc::test {

using pushed = received_request;

class push_service {
public:
    std::string origin() const { return server_.origin(); }
    // A browser's endpoint at this service.
    std::string endpoint(const std::string& name) const { return origin() + "/push/" + name; }
    // Requests to `target` ("/push/name") are answered `status` from now on.
    void answer(const std::string& target, int status) {
        std::lock_guard lock(mutex_);
        statuses_[target] = status;
    }
    std::vector<pushed> requests() const { return server_.requests(); }

private:
    int status_for(const received_request& request) {
        std::lock_guard lock(mutex_);
        const auto it = statuses_.find(request.target);
        return it == statuses_.end() ? 201 : it->second;
    }

    std::mutex mutex_;
    std::map<std::string, int> statuses_;
    // Last: its thread, which calls status_for, stops before the statuses go.
    loopback_http server_{[this](const received_request& request) { return status_for(request); }};
};

}  // namespace carc::test

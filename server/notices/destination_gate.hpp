#pragma once
// Webhook hosts, each on its own: at most one transfer to a host at a time, and a host whose
// transfer failed (refused, timed out) waits out its own back-off, doubling per failure in a
// row. So a host that accepts and never answers holds one worker and its own notices only;
// the others, and every mail, go on. In memory, per node: a restart starts every host afresh.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace carc::server::notices {

// What a transfer's destination is: a webhook URL's scheme, host and port ("http://a.b:8080").
std::string destination_of(const std::string& url);

class destination_gate {
public:
    destination_gate(std::int64_t first_delay_ms, std::int64_t max_delay_ms)
        : first_delay_ms_(first_delay_ms), max_delay_ms_(max_delay_ms) {}

    // nullopt: a transfer to `destination` may start now (it is busy until finished). Else when
    // to look again: the host is busy with another transfer, or backing off.
    std::optional<std::int64_t> try_begin(const std::string& destination, std::int64_t now_ms);
    // The transfer that try_begin let start has ended; a failure starts or doubles the back-off.
    void finished(const std::string& destination, bool ok, std::int64_t now_ms);

private:
    struct host {
        bool busy = false;
        int failures = 0;  // in a row
        std::int64_t blocked_until_ms = 0;
    };
    std::int64_t first_delay_ms_;
    std::int64_t max_delay_ms_;
    std::mutex mutex_;
    std::map<std::string, host> hosts_;
};

}  // namespace carc::server::notices

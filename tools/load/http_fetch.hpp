#pragma once
// Plain HTTP GETs against the server under test (/metrics, /api/rooms), blocking; used between
// the phases of a scenario, never while latencies are measured.

#include <cstdint>
#include <string>

namespace carc::load {

struct http_target {
    std::string host = "127.0.0.1";
    unsigned short port = 0;
};

std::string http_get(const http_target& target, const std::string& path);
// One sample of /metrics, e.g. "carc_actions_accepted_total"; -1 when it is missing.
double metric_value(const http_target& target, const std::string& name);

}  // namespace carc::load

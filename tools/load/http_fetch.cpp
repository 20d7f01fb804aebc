#include "http_fetch.hpp"

#include "carc/testkit/http_client.hpp"

namespace carc::load {

std::string http_get(const http_target& target, const std::string& path) {
    return test::http_get(target.host, target.port, path).body;
}

double metric_value(const http_target& target, const std::string& name) {
    const std::string body = http_get(target, "/metrics");
    const std::string key = "\n" + name + " ";  // the sample line, not "# HELP"
    const auto at = body.find(key);
    if (at == std::string::npos) return -1;
    return std::stod(body.substr(at + key.size()));
}

}  // namespace carc::load

// Server logs stay quiet in tests unless a run asks for them (CARC_TEST_LOG=debug). Set before
// main runs, so every test case starts with the chosen level.
#include <cstdlib>

#include <spdlog/spdlog.h>

namespace {

const bool logs_configured = [] {
    const char* level = std::getenv("CARC_TEST_LOG");
    spdlog::set_level(level ? spdlog::level::from_str(level) : spdlog::level::off);
    return true;
}();

}  // namespace

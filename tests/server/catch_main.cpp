#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <spdlog/spdlog.h>

// Server logs stay quiet unless a test run asks for them (CARC_TEST_LOG=debug).
int main(int argc, char* argv[]) {
    const char* level = std::getenv("CARC_TEST_LOG");
    spdlog::set_level(level ? spdlog::level::from_str(level) : spdlog::level::off);
    return Catch::Session().run(argc, argv);
}

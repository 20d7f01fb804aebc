#pragma once
// Waiting in tests for what another thread, process or node does: polls every 20 ms and fails
// the test, naming what never came, only after `limit`, far beyond what a loaded machine needs.
// A wait, never a timing check.

#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

namespace carc::test {

template <typename Condition>
void wait_until(Condition condition, const char* what = "the awaited condition",
                std::chrono::milliseconds limit = std::chrono::seconds(30)) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > until) FAIL("never: " << what);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace carc::test

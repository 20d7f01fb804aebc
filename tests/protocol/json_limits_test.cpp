#include <string>

#include <catch2/catch.hpp>

#include "carc/protocol/json_limits.hpp"

using carc::protocol::json_nesting_depth;

TEST_CASE("nesting depth counts arrays and objects, not brackets in strings", "[protocol]") {
    CHECK(json_nesting_depth("1", 32) == 0);
    CHECK(json_nesting_depth(R"({"a":[1,{"b":2}]})", 32) == 3);
    CHECK(json_nesting_depth(R"({"a":"[[[[{{{{"})", 32) == 1);
    CHECK(json_nesting_depth(R"({"a":"\"[[[["})", 32) == 1);
}

TEST_CASE("nesting depth stops early past the limit", "[protocol]") {
    const std::string deep(100000, '[');
    CHECK(json_nesting_depth(deep, 32) == 33);
}

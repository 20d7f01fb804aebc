// The server's one home for trimming typed text, counting its characters and the wall clock.
#include <chrono>

#include <catch2/catch.hpp>

#include "util/text.hpp"
#include "util/wall_clock.hpp"

using carc::server::trim;
using carc::server::trimmed_within;
using carc::server::unix_ms;
using carc::server::utf8_length;

TEST_CASE("trim drops spaces, tabs and line breaks at both ends only", "[server][util]") {
    CHECK(trim("  Ada \t\r\n") == "Ada");
    CHECK(trim("\n\tAda  Lovelace\t") == "Ada  Lovelace");
    CHECK(trim("Ada") == "Ada");
    CHECK(trim("") == "");
    CHECK(trim(" \t\r\n ") == "");
    CHECK(trim("\u00a0Ada") == "\u00a0Ada");  // only ASCII blanks: a no-break space stays
    CHECK(trim(std::string_view("  gzip;q=0.5  ").substr(0, 9)) == "gzip;q=");
}

TEST_CASE("utf8_length counts characters, not bytes", "[server][util]") {
    CHECK(utf8_length("") == 0);
    CHECK(utf8_length("Ada") == 3);
    CHECK(utf8_length("ёж") == 2);            // two bytes each
    CHECK(utf8_length("日本") == 2);          // three bytes each
    CHECK(utf8_length("\xF0\x9F\x8F\xB0") == 1);  // a castle emoji: four bytes
    CHECK(utf8_length("привет, ёж 日本") == 13);
}

TEST_CASE("trimmed_within takes 1 to max characters after trimming", "[server][util]") {
    CHECK(trimmed_within("  Ada  ", 3) == std::optional<std::string>("Ada"));
    CHECK(trimmed_within("ёжик", 4) == std::optional<std::string>("ёжик"));  // 8 bytes, 4 characters
    CHECK_FALSE(trimmed_within("ёжики", 4));
    CHECK_FALSE(trimmed_within(" \t\n", 4));
    CHECK_FALSE(trimmed_within("", 4));
}

TEST_CASE("unix_ms reads the wall clock in milliseconds", "[server][util]") {
    using namespace std::chrono;
    const auto before = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    const auto now = unix_ms();
    const auto after = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    CHECK(before <= now);
    CHECK(now <= after);
}

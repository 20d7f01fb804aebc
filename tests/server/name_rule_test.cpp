// The one name rule (server/util/name_rule.hpp): what a name of an account, a guest, a room or a
// tournament may hold, without a server.
#include <catch2/catch.hpp>

#include "util/name_rule.hpp"

using carc::server::check_name;

TEST_CASE("the name rule keeps plain names, trims plain spaces and stores NFC", "[server][accounts]") {
    CHECK(check_name("Ada", 32).name == "Ada");
    CHECK(check_name("  Ada Lovelace ", 32).name == "Ada Lovelace");
    CHECK(check_name("Ёжик", 32).name == "Ёжик");
    CHECK(check_name("日本の城", 32).name == "日本の城");
    CHECK(check_name("Zoë", 32).name == "Zo\u00eb");
    // "e" and a combining diaeresis: the same name, kept in its composed form.
    CHECK(check_name("Zoe\u0308", 32).name == "Zo\u00eb");
    CHECK(check_name("\xF0\x9F\x8F\xB0 keep", 32).ok());  // an emoji
    CHECK(check_name(std::string(32, 'n'), 32).ok());
    CHECK(check_name(std::string(16, 'n') + std::string("\u00eb\u00eb"), 18).ok());  // characters, not bytes
}

TEST_CASE("the name rule refuses control, invisible and direction characters and odd spaces",
          "[server][accounts]") {
    const std::string nul("A\0b", 3);
    for (const std::string& bad :
         {std::string("E\r\nBcc: a@b.co"), std::string("\tAda"), std::string("Ada\t"), std::string("A\x07"),
          std::string("A\x1b[31m"), nul, std::string("A\x7f"), std::string("A\u0085b"),  // C1 next line
          std::string("Ol\u200bga"), std::string("Ol\u200cga"), std::string("Ol\u200dga"), std::string("\u200eOlga"),
          std::string("\u200fOlga"), std::string("\u202eOlga"), std::string("\u202aOlga"), std::string("Ol\u2060ga"),
          std::string("Ol\u2064ga"), std::string("\ufeffOlga"), std::string("Ol\u00adga"), std::string("Olga\u00a0"),
          std::string("\u00a0Olga"), std::string("Ol\u2003ga"), std::string("Ol\u3000ga"), std::string("Ol\u2028ga"),
          std::string("\u3164"), std::string("Ol\ufe0fga"), std::string("Ol\ue000ga"), std::string("Ada  Lovelace"),
          std::string("a\u0301\u0301\u0301\u0301"), std::string("\xff\xfe"), std::string("\xed\xa0\x80"),
          std::string("   "), std::string(""), std::string(33, 'n')}) {
        INFO(bad);
        const auto checked = check_name(bad, 32);
        CHECK_FALSE(checked.ok());
        CHECK_FALSE(checked.problem.empty());
    }
    CHECK(check_name("E\r\nBcc: a@b.co", 32).problem ==
          "the name may not hold control characters (line breaks, tabs and the like)");
    CHECK(check_name("Ol\u200bga", 32).problem == "the name may not hold invisible or direction characters");
    CHECK(check_name("\u202eOlga", 32).problem == "the name may not hold invisible or direction characters");
    CHECK(check_name("Olga\u00a0", 32).problem == "the name may only hold plain spaces between words");
    CHECK(check_name("", 32).problem == "the name needs 1 to 32 characters");
}

// UTF-8 text in terminal columns: names and chat in any script are measured, cut and wrapped at
// character boundaries; the default token file names the server and the player.

#include <catch2/catch.hpp>

#include <clocale>

#include "server_url.hpp"
#include "text_width.hpp"
#include "token_path.hpp"

using namespace carc::term;

TEST_CASE("UTF-8 widths, clipping, padding and wrapping") {
    std::setlocale(LC_CTYPE, "C.UTF-8");  // wcwidth knows wide characters only in a UTF-8 locale
    CHECK(utf8_length("Ёжик") == 4);
    CHECK(display_width("Ёжик") == 4);
    CHECK(display_width("日本") == 4);
    CHECK(clip("Ёжик в тумане", 4) == "Ёжик");
    CHECK(clip("日本語", 5) == "日本");  // never half a wide character
    CHECK(pad("Ёж", 4) == "Ёж  ");
    CHECK(display_width(pad("日本語", 5)) == 5);
    CHECK(clip_left("привет мир", 3) == "мир");
    CHECK(wrap("Ада выложила квадрат", 10) == std::vector<std::string>{"Ада", "выложила", "квадрат"});
    CHECK(wrap("abcdefghij", 4) == std::vector<std::string>{"abcd", "efgh", "ij"});
    std::string input = "чат";
    pop_character(input);
    CHECK(input == "ча");
    CHECK(encode_utf8(U'ж') == "ж");
    CHECK(decode_utf8("a\xffz").size() == 3);  // a stray byte is one character, not an end
}

TEST_CASE("the default token file: one per server and name, any name made safe") {
    const ServerUrl url{"127.0.0.1", "8080", "/ws"};
    CHECK(default_token_file(url, "Ada", "/state", "/home/ada") == "/state/carc-term/token-127.0.0.1-8080-Ada");
    CHECK(default_token_file(url, "Ada", nullptr, "/home/ada") == "/home/ada/.local/state/carc-term/token-127.0.0.1-8080-Ada");
    CHECK(default_token_file(url, "Ёж/..", nullptr, "/h") == "/h/.local/state/carc-term/token-127.0.0.1-8080-%D0%81%D0%B6%2F..");
    CHECK(default_token_file(url, "Ada", nullptr, nullptr).empty());
}

// The browser client's files go out gzip-compressed to browsers that accept it, with an ETag
// and Cache-Control, and a 304 with no body while the browser's copy is current.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include "carc/testkit/http_client.hpp"
#include "http/static_files.hpp"
#include "http/versioned_page.hpp"
#include "test_server.hpp"

using namespace carc::test;
using json = nlohmann::json;

namespace {

std::string gunzip(const std::string& packed) {
    z_stream z{};
    REQUIRE(inflateInit2(&z, 15 + 16) == Z_OK);
    std::string out(1 << 20, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
    z.avail_in = static_cast<uInt>(packed.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&z, Z_FINISH);
    out.resize(z.total_out);
    inflateEnd(&z);
    REQUIRE(status == Z_STREAM_END);
    return out;
}

}  // namespace

TEST_CASE("client files: gzip when accepted, ETag and Cache-Control, 304 when unchanged", "[server]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-static-files-test";
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "js");
    std::string script;
    for (int i = 0; i < 200; ++i) script += "export const line" + std::to_string(i) + " = 'the same words again';\n";
    std::ofstream(root / "js" / "big.js") << script;
    std::ofstream(root / "tiny.txt") << "hi";
    test_server server(test_config(), nullptr, root.string());
    const unsigned short port = server.port();

    const auto plain = http_get(port, "/js/big.js");
    REQUIRE(plain.status == 200);
    CHECK(plain.body == script);
    CHECK(plain.headers.count("content-encoding") == 0);
    CHECK(plain.headers.at("cache-control") == "no-cache");
    CHECK(plain.headers.at("vary") == "Accept-Encoding");
    const std::string etag = plain.headers.at("etag");
    CHECK(etag.size() > 2);
    CHECK(etag.front() == '"');

    const auto packed = http_get(port, "/js/big.js", {{"Accept-Encoding", "gzip, deflate, br"}});
    REQUIRE(packed.status == 200);
    CHECK(packed.headers.at("content-encoding") == "gzip");
    CHECK(packed.body.size() * 4 < script.size());
    CHECK(gunzip(packed.body) == script);
    const std::string etag_gzip = packed.headers.at("etag");
    CHECK(etag_gzip != etag);  // another representation, another tag

    const auto again = http_get(port, "/js/big.js", {{"Accept-Encoding", "gzip"}, {"If-None-Match", etag_gzip}});
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(again.headers.at("etag") == etag_gzip);
    CHECK(http_get(port, "/js/big.js", {{"If-None-Match", "\"other\", " + etag}}).status == 304);
    CHECK(http_get(port, "/js/big.js", {{"If-None-Match", "\"other\""}}).status == 200);
    CHECK(http_get(port, "/js/big.js", {{"Accept-Encoding", "gzip;q=0"}}).headers.count("content-encoding") == 0);

    // Small files are not worth compressing.
    const auto tiny = http_get(port, "/tiny.txt", {{"Accept-Encoding", "gzip"}});
    CHECK(tiny.body == "hi");
    CHECK(tiny.headers.count("content-encoding") == 0);

    // An edited file gets a new tag: the old one no longer matches.
    std::ofstream(root / "js" / "big.js") << script << "// edited, and longer\n";
    const auto edited = http_get(port, "/js/big.js", {{"If-None-Match", etag}});
    CHECK(edited.status == 200);
    CHECK(edited.headers.at("etag") != etag);
    std::filesystem::remove_all(root);
}

TEST_CASE("Accept-Encoding and If-None-Match are read as lists", "[server]") {
    using carc::server::accepts_gzip;
    using carc::server::etag_matches;
    CHECK(accepts_gzip("gzip"));
    CHECK(accepts_gzip("br, GZIP;q=0.8"));
    CHECK(accepts_gzip("*"));
    CHECK_FALSE(accepts_gzip("br, deflate"));
    CHECK_FALSE(accepts_gzip("gzip;q=0"));
    CHECK_FALSE(accepts_gzip(""));
    CHECK(etag_matches("\"a\", \"b\"", "\"b\""));
    CHECK(etag_matches("W/\"b\"", "\"b\""));
    CHECK(etag_matches("*", "\"b\""));
    CHECK_FALSE(etag_matches("\"a\"", "\"b\""));
}

TEST_CASE("a JSON document naming a folder is the folder's JSON files in one object", "[server]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-joined-json-test";
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "i18n" / "en");
    std::filesystem::create_directories(root / "i18n" / "xx");
    std::ofstream(root / "i18n" / "en" / "lobby.json") << R"({"create": "Create a room"})";
    std::ofstream(root / "i18n" / "en" / "common.json") << R"({"brand": "Carcassonne", "n": {"one": "1 tile"}})";
    std::ofstream(root / "i18n" / "en" / "notes.txt") << "not a catalogue";
    std::ofstream(root / "i18n" / "xx" / "game.json") << R"({"broken": )";
    test_server server(test_config(), nullptr, root.string());
    const unsigned short port = server.port();

    const auto all = http_get(port, "/i18n/en.json", {{"Accept-Encoding", "gzip"}});
    REQUIRE(all.status == 200);
    CHECK(all.content_type == "application/json");
    CHECK(all.headers.at("cache-control") == "no-cache");
    const auto body = all.headers.count("content-encoding") ? gunzip(all.body) : all.body;
    CHECK(json::parse(body) == json::parse(R"({"common": {"brand": "Carcassonne", "n": {"one": "1 tile"}},
                                               "lobby": {"create": "Create a room"}})"));
    const std::string etag = all.headers.at("etag");
    CHECK(http_get(port, "/i18n/en.json", {{"Accept-Encoding", "gzip"}, {"If-None-Match", etag}}).status == 304);

    // An edited file is seen at once: a new document and a new tag.
    std::ofstream(root / "i18n" / "en" / "lobby.json") << R"({"create": "Open a room"})";
    const auto edited = http_get(port, "/i18n/en.json");
    CHECK(json::parse(edited.body)["lobby"]["create"] == "Open a room");
    CHECK(edited.headers.at("etag") != etag);

    const auto broken = http_get(port, "/i18n/xx.json");
    CHECK(broken.status == 500);
    CHECK(broken.body == "/i18n/xx/game.json is not valid JSON\n");
    CHECK(http_get(port, "/i18n/missing.json").status == 404);
    CHECK(http_get(port, "/i18n/en/lobby.json").status == 200);  // the files themselves still answer
    std::filesystem::remove_all(root);
}

TEST_CASE("the tile catalogue goes out gzip-compressed with an ETag, 304 while it matches", "[server]") {
    test_server server;
    const auto plain = http_get(server.port(), "/api/tiles");
    REQUIRE(plain.status == 200);
    CHECK(plain.content_type == "application/json");
    CHECK(plain.headers.at("cache-control") == "no-cache");
    const auto packed = http_get(server.port(), "/api/tiles", {{"Accept-Encoding", "gzip, br"}});
    CHECK(packed.headers.at("content-encoding") == "gzip");
    CHECK(packed.body.size() * 5 < plain.body.size());
    CHECK(gunzip(packed.body) == plain.body);
    const auto again =
        http_get(server.port(), "/api/tiles", {{"Accept-Encoding", "gzip"}, {"If-None-Match", packed.headers.at("etag")}});
    CHECK(again.status == 304);
    CHECK(again.body.empty());
}

TEST_CASE("a page names its style sheets and icons by their content, and such a name is cached for a year", "[server]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-versioned-page-test";
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "js");
    std::filesystem::create_directories(root / "icons");
    std::ofstream(root / "a.css") << "body { color: black; }";
    std::ofstream(root / "icons" / "i.png") << "png";
    std::ofstream(root / "js" / "main.js") << "import './b.js';";
    std::ofstream(root / "index.html")
        << R"(<link rel="stylesheet" href="a.css" /><link rel="icon" href="data:image/svg+xml,x" />)"
        << R"(<link rel="apple-touch-icon" href="/icons/i.png" /><a href="#/games">games</a>)"
        << R"(<link rel="stylesheet" href="missing.css" /><script type="module" src="js/main.js"></script>)";
    test_server server(test_config(), nullptr, root.string());
    const unsigned short port = server.port();

    const auto css = http_get(port, "/a.css");
    const std::string css_tag = css.headers.at("etag").substr(1, 16);
    const std::string png_tag = http_get(port, "/icons/i.png").headers.at("etag").substr(1, 16);
    const auto page = http_get(port, "/");
    REQUIRE(page.status == 200);
    CHECK(page.body == R"(<link rel="stylesheet" href="a.css?v=)" + css_tag +
                           R"(" /><link rel="icon" href="data:image/svg+xml,x" />)"
                           R"(<link rel="apple-touch-icon" href="/icons/i.png?v=)" + png_tag +
                           R"(" /><a href="#/games">games</a>)"
                           R"(<link rel="stylesheet" href="missing.css" /><script type="module" src="js/main.js"></script>)");
    CHECK(page.headers.at("cache-control") == "no-cache");  // the page itself is asked for every time

    CHECK(http_get(port, "/a.css?v=" + css_tag).headers.at("cache-control") == "public, max-age=31536000, immutable");
    CHECK(http_get(port, "/a.css?v=0123456789abcdef").headers.at("cache-control") == "no-cache");  // an old name
    CHECK(css.headers.at("cache-control") == "no-cache");

    // An edited style sheet: the page names it anew, so no browser keeps the old one under it.
    std::ofstream(root / "a.css") << "body { color: navy; }";
    const auto after = http_get(port, "/");
    CHECK(after.body.find("a.css?v=" + css_tag) == std::string::npos);
    CHECK(after.body.find("a.css?v=" + http_get(port, "/a.css").headers.at("etag").substr(1, 16)) != std::string::npos);
    CHECK(after.headers.at("etag") != page.headers.at("etag"));
    std::filesystem::remove_all(root);
}

TEST_CASE("a version is read from the query among other parameters", "[server]") {
    using carc::server::names_version;
    CHECK(names_version("/a.css?v=abc", "abc"));
    CHECK(names_version("/a.css?x=1&v=abc#top", "abc"));
    CHECK_FALSE(names_version("/a.css?v=abcd", "abc"));
    CHECK_FALSE(names_version("/a.css", "abc"));
    CHECK_FALSE(names_version("/a.css?vv=abc", "abc"));
}

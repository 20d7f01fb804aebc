// The plain HTTP side: health, room list, tile catalogue, metrics and the client's files.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "carc/testkit/http_client.hpp"
#include "room_openings.hpp"
#include "test_server.hpp"
#include "ws_client.hpp"

using namespace carc::test;

TEST_CASE("health, rooms, tiles and metrics answer over HTTP", "[server]") {
    test_server server;
    const auto health = http_get(server.port(), "/healthz");
    CHECK(health.status == 200);
    CHECK(json::parse(health.body)["status"] == "ok");

    ws_client ada(server.port());
    greet(ada, "Ada");
    const std::string room = open_room(ada, {{"name", "Listed"}})["room"];
    ada.request({{"type", "list_rooms"}});  // the room has reported its summary by now
    const json rooms = json::parse(http_get(server.port(), "/api/rooms").body);
    REQUIRE(rooms["rooms"].size() == 1);
    CHECK(rooms["rooms"][0]["id"] == room);

    const auto tiles = http_get(server.port(), "/api/tiles");
    CHECK(tiles.content_type == "application/json");
    const json catalog = json::parse(tiles.body);
    CHECK(catalog["tiles"].size() > 24);
    CHECK(catalog["tiles"][0].contains("segments"));

    const auto metrics = http_get(server.port(), "/metrics");
    CHECK(metrics.status == 200);
    CHECK(metrics.body.find("carc_connections_open 1") != std::string::npos);
    CHECK(metrics.body.find("carc_rooms_open 1") != std::string::npos);
    CHECK(metrics.body.find("carc_broadcast_seconds_count") != std::string::npos);
}

TEST_CASE("the browser client's files are served from the web root", "[server]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-web-root-test";
    std::filesystem::create_directories(root / "js");
    std::ofstream(root / "index.html") << "<!doctype html><title>carc</title>";
    std::ofstream(root / "js" / "app.js") << "console.log(1);";
    test_server server(test_config(), nullptr, root.string());
    const auto index = http_get(server.port(), "/");
    CHECK(index.status == 200);
    CHECK(index.content_type == "text/html; charset=utf-8");
    CHECK(index.body.find("carc") != std::string::npos);
    const auto script = http_get(server.port(), "/js/app.js?v=2");
    CHECK(script.status == 200);
    CHECK(script.content_type == "text/javascript; charset=utf-8");
    CHECK(http_get(server.port(), "/missing.css").status == 404);
    CHECK(http_get(server.port(), "/../etc/passwd").status == 400);
    std::filesystem::remove_all(root);
}

TEST_CASE("the installable app's files go out with the types browsers require", "[server]") {
    const auto root = std::filesystem::temp_directory_path() / "carc-web-app-test";
    std::filesystem::create_directories(root / "icons");
    std::string manifest = "{\"name\": \"Carcassonne\", \"icons\": [";
    for (int i = 0; i < 20; ++i) manifest += "{\"src\": \"/icons/icon-192.png\", \"sizes\": \"192x192\"},";
    manifest += "{}]}";
    std::ofstream(root / "manifest.webmanifest") << manifest;
    std::ofstream(root / "service-worker.js") << "importScripts('push-worker.js');";
    std::ofstream(root / "icons" / "icon-192.png") << "\x89PNG";
    test_server server(test_config(), nullptr, root.string());
    const auto m = http_get(server.port(), "/manifest.webmanifest", {{"Accept-Encoding", "gzip"}});
    CHECK(m.status == 200);
    CHECK(m.content_type == "application/manifest+json");
    CHECK(m.headers.at("content-encoding") == "gzip");
    CHECK(http_get(server.port(), "/service-worker.js").content_type == "text/javascript; charset=utf-8");
    CHECK(http_get(server.port(), "/icons/icon-192.png").content_type == "image/png");
    std::filesystem::remove_all(root);
}

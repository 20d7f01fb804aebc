#pragma once
// A SQLite store in a temporary folder that outlives the servers a test starts on it (a restart
// is a new server on the same store), removed with the test.
#include <filesystem>
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "carc/storage/sqlite_store.hpp"
#include "people/security.hpp"

namespace carc::test {

struct temp_dir {
    explicit temp_dir(const std::string& prefix = "carc-test-")
        : path(std::filesystem::temp_directory_path() / (prefix + server::random_hex(6))) {}
    ~temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::filesystem::path path;
};

inline storage::Stores open_store(const std::filesystem::path& dir) {
    storage::SqliteOptions options;
    options.data_dir = dir;
    auto opened = storage::open_sqlite_stores(options);
    INFO((opened.ok() ? std::string() : opened.message()));
    REQUIRE(opened.ok());
    return std::move(opened).value();
}

}  // namespace carc::test

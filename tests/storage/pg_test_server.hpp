#pragma once
// A throw-away PostgreSQL server for tests, through scripts/pg-test-cluster.sh (initdb +
// pg_ctl in a temporary folder, as `nobody` when the tests run as root).

#include <filesystem>
#include <string>

namespace carc::storage::testing {

class TestPostgres {
public:
    // Starts a new server in a fresh temporary folder; throws with the script's message when
    // that fails. With tcp_port 0 it listens on a Unix socket in the folder only.
    explicit TestPostgres(int tcp_port = 0);
    ~TestPostgres();  // stops it and removes the folder
    TestPostgres(const TestPostgres&) = delete;
    TestPostgres& operator=(const TestPostgres&) = delete;

    const std::string& url() const { return url_; }
    void stop();   // fast shutdown; the data stays
    void start();  // again, after stop()

private:
    std::filesystem::path dir_;
    std::string url_;
    bool running_ = false;
};

// The server the storage tests share: CARC_TEST_PG_URL when CTest started one for the group,
// else one this process starts on first use and stops at exit.
std::string test_postgres_url();

// The first column of the first row of `sql` on the shared server ("" when no row).
std::string test_postgres_query(const std::string& sql);
// The same on the server at `url`.
std::string postgres_query_at(const std::string& url, const std::string& sql);

}  // namespace carc::storage::testing

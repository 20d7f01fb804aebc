#include "pg_test_server.hpp"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <memory>
#include <stdexcept>

namespace carc::storage::testing {
namespace {

// Runs the cluster script; returns its standard output, throws on failure.
std::string run_script(const std::string& args) {
    const std::string command = std::string("bash ") + CARC_PG_TEST_CLUSTER_SCRIPT + " " + args + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run " + command);
    std::string output;
    char buffer[512];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = ::pclose(pipe);
    if (status != 0) throw std::runtime_error(command + " failed: " + output);
    while (!output.empty() && output.back() == '\n') output.pop_back();
    return output;
}

}  // namespace

TestPostgres::TestPostgres(int tcp_port) {
    std::string pattern = (std::filesystem::temp_directory_path() / "carc-pg-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    url_ = run_script("start " + dir_.string() + (tcp_port ? " " + std::to_string(tcp_port) : ""));
    running_ = true;
}

TestPostgres::~TestPostgres() {
    try {
        if (running_) stop();
    } catch (const std::exception&) {
        // Nothing to do about it at exit; the folder goes anyway.
    }
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
}

void TestPostgres::stop() {
    run_script("stop " + dir_.string());
    running_ = false;
}

void TestPostgres::start() {
    run_script("restart-stopped " + dir_.string());
    running_ = true;
}

std::string test_postgres_url() {
    if (const char* url = std::getenv("CARC_TEST_PG_URL"); url && *url) return url;
    static TestPostgres server;  // stopped by its destructor at exit
    return server.url();
}

std::string test_postgres_query(const std::string& sql) { return postgres_query_at(test_postgres_url(), sql); }

std::string postgres_query_at(const std::string& url, const std::string& sql) {
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) throw std::runtime_error(PQerrorMessage(conn.get()));
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()), &PQclear);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) throw std::runtime_error(PQerrorMessage(conn.get()));
    if (PQntuples(result.get()) == 0) return "";
    return PQgetvalue(result.get(), 0, 0);
}

}  // namespace carc::storage::testing

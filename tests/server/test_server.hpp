#pragma once
// An in-process server on a free loopback port, serving on a background thread for one test.

#include <memory>
#include <thread>

#include "base/config.hpp"
#include "app/server.hpp"

namespace carc::test {

// Defaults suited to tests: generous rate limits, no caps on rooms and search bots, each lobby
// change and each spectator's coming and going sent at once (tests follow single changes), no
// bot pause, short grace. The tests of the caps, limits, lobby batches and presence set their own.
inline server::server_config test_config() {
    server::server_config config;
    config.bind = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    config.rate_per_second = 100000;
    config.burst = 100000;
    config.bot_delay = std::chrono::milliseconds(0);
    config.grace = std::chrono::milliseconds(2000);
    config.max_rooms_per_person = 0;
    config.max_rooms_per_ip = 0;
    config.max_search_bots_per_person = 0;
    config.max_search_bots_per_ip = 0;
    config.accounts.sign_ups_per_address = 0;  // tests sign many accounts up from one address
    config.accounts.sign_ups_per_minute = 0;
    config.room_chat_rate = 100000;
    config.room_chat_burst = 100000;
    config.lobby_interval = std::chrono::milliseconds(0);
    config.presence_interval = std::chrono::milliseconds(0);
    return config;
}

class test_server {
public:
    explicit test_server(server::server_config config = test_config(),
                         std::shared_ptr<server::room_journal> journal = nullptr,
                         std::string web_root = "/nonexistent")
        : app_(std::make_unique<server::server>(std::move(config), std::move(journal), std::move(web_root))) {
        port_ = app_->start();
        thread_ = std::thread([this] { app_->run(); });
    }
    // Keeps games in `stores` and brings back the running ones they hold (as carc-server does).
    test_server(server::server_config config, storage::Stores stores)
        : app_(std::make_unique<server::server>(std::move(config), std::move(stores), "/nonexistent")) {
        port_ = app_->start();
        thread_ = std::thread([this] { app_->run(); });
    }
    ~test_server() { stop(); }

    void stop() {
        if (!thread_.joinable()) return;
        app_->stop();
        thread_.join();
    }
    unsigned short port() const { return port_; }
    server::server& app() { return *app_; }

private:
    std::unique_ptr<server::server> app_;
    std::thread thread_;
    unsigned short port_ = 0;
};

}  // namespace carc::test

#pragma once
// The people of the load scenarios. A host opens a room (seat 0, a random bot on seat 1 unless
// told otherwise), starts it and plays uniformly random legal moves as fast as its acks come
// back, keeping its view up to date from snapshots and patches exactly as a client must.
// Spectators watch a host's room and only note when each patch arrives, which gives the
// broadcast latency: host action sent -> spectator holds the patch it caused.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "ws_conn.hpp"

namespace carc::load {

// What a scenario's people measured; samples are kept only while `recording`.
struct play_stats {
    bool recording = false;
    std::vector<double> ack_ms;
    std::vector<double> broadcast_ms;
    std::int64_t host_actions = 0;  // acked host actions while recording
    std::int64_t turns = 0;         // tiles laid while recording (the host's and the bot's)
    std::int64_t refused = 0;
    std::string first_refusal;
    // With `count_held`: how many spectators hold each version's patch (crowd: the host waits
    // for the whole crowd before its next action).
    bool count_held = false;
    std::unordered_map<std::uint64_t, int> held;
};

class room_host {
public:
    room_host(boost::asio::io_context& ioc, std::uint64_t seed, play_stats& stats);
    // The tile and its follower step as one action message (carc-load --turns whole).
    void send_whole_turns(bool whole) { whole_turns_ = whole; }

    boost::asio::awaitable<void> connect(const boost::asio::ip::tcp::endpoint& endpoint, const std::string& name);
    // create_room with `settings` (type added); waits for the first snapshot.
    boost::asio::awaitable<void> open_room(nlohmann::json settings);
    boost::asio::awaitable<void> start();
    // Plays until the game is over (true), `max_actions` host actions were made or stop() was
    // called (false).
    boost::asio::awaitable<bool> play(int max_actions = -1);
    void stop() { stopping_ = true; }
    // Awaited before each action is sent (e.g. until every spectator holds the last change).
    void gate(std::function<boost::asio::awaitable<void>()> wait) { gate_ = std::move(wait); }
    boost::asio::awaitable<void> wait_gate() {
        if (gate_) co_await gate_();
    }
    // Paces play: at most one host action per `interval`, the first after `offset` (so that
    // paced hosts do not all send at once). A zero interval plays as fast as acks come back.
    void pace(steady::duration interval, steady::duration offset) {
        pace_ = interval;
        pace_offset_ = offset;
    }

    const std::string& room() const { return room_; }
    const std::string& token() const { return token_; }
    bool game_over() const;
    std::uint64_t version() const { return version_; }
    ws_conn& conn() { return *conn_; }
    std::shared_ptr<ws_conn> conn_ptr() { return conn_; }
    // When the host action that produced `version` was sent (spectators look here).
    const steady::time_point* sent_at(std::uint64_t version) const;

private:
    void absorb(const nlohmann::json& message);
    boost::asio::awaitable<void> wait_change();
    nlohmann::json pick_action();
    // A random placement of the view's and a random one of its follower options, as the steps
    // of one action message.
    nlohmann::json pick_whole_turn();

    std::shared_ptr<ws_conn> conn_;
    play_stats& stats_;
    std::mt19937_64 rng_;
    boost::asio::steady_timer changed_;
    std::string room_;
    std::string token_;
    nlohmann::json view_;
    std::uint64_t version_ = 0;
    int seat_ = 0;
    bool stopping_ = false;
    bool whole_turns_ = false;
    std::unordered_map<std::uint64_t, steady::time_point> sent_at_;
    steady::duration pace_{};
    steady::duration pace_offset_{};
    std::optional<steady::time_point> next_send_;
    boost::asio::steady_timer pacer_;
    std::function<boost::asio::awaitable<void>()> gate_;
};

class spectator {
public:
    spectator(boost::asio::io_context& ioc, play_stats& stats);

    boost::asio::awaitable<void> connect(const boost::asio::ip::tcp::endpoint& endpoint, const std::string& name);
    // Spectates `host`'s room and measures its patches from then on.
    boost::asio::awaitable<void> watch(const room_host& host);
    boost::asio::awaitable<void> leave();
    ws_conn& conn() { return *conn_; }

private:
    void on_frame(std::string_view text, steady::time_point at);

    std::shared_ptr<ws_conn> conn_;
    play_stats& stats_;
    const room_host* host_ = nullptr;
    std::string room_key_;  // "\"room\":\"r12\"", to skip frames of any other room
};

}  // namespace carc::load

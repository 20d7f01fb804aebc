#pragma once
// The move review of one finished game, fetched over HTTP on a thread of its own so the screen
// stays live: the game's record (GET /api/games/{id}, for the names and the replay), then the
// review asked for (POST /api/games/{id}/review) and read about once a second (GET) until it is
// done or failed (docs/protocol.md, "Move reviews"). The thread is detached and stops at its
// next step once the job is dropped.

#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server_url.hpp"

namespace carc::term {

struct ReviewProgress {
    enum class Stage { loading, asking, waiting, done, failed };
    Stage stage = Stage::loading;
    nlohmann::json record;  // once read
    nlohmann::json job;     // the last answer: state, judged, decisions (and review when done)
    int refused_status = 0;  // failed: the HTTP status (0: unreachable) ...
    nlohmann::json refused;  // ... and its body
    std::string error;       // ... and the server's message or why the call failed
    std::uint64_t changes = 0;  // counts every update, so the screen knows when to redraw
};

class ReviewJob {
public:
    // `session`: the account's session token ("" for a guest), for the server's per-person limits.
    ReviewJob(const ServerUrl& server, const std::string& session, const std::string& game);
    ~ReviewJob();
    ReviewJob(const ReviewJob&) = delete;
    ReviewJob& operator=(const ReviewJob&) = delete;

    ReviewProgress progress() const;
    std::uint64_t changes() const;

    struct Shared;  // between the screen and the thread, which may outlive the job

private:
    std::shared_ptr<Shared> shared_;
};

}  // namespace carc::term

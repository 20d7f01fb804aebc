#include "review_job.hpp"

#include <atomic>
#include <cctype>
#include <chrono>
#include <mutex>
#include <thread>

#include "account_http.hpp"

namespace carc::term {

using nlohmann::json;

struct ReviewJob::Shared {
    mutable std::mutex mutex;
    ReviewProgress progress;
    std::atomic<bool> dropped{false};

    template <typename F>
    void update(F&& change) {
        std::lock_guard lock(mutex);
        change(progress);
        ++progress.changes;
    }
    void fail(const AccountReply& reply) {
        update([&](ReviewProgress& p) {
            p.stage = ReviewProgress::Stage::failed;
            p.refused_status = reply.status;
            p.refused = reply.body;
            p.error = reply.error;
        });
    }
};

namespace {

std::string encoded(const std::string& text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.') out += static_cast<char>(c);
        else out += std::string("%") + hex[c >> 4] + hex[c & 15];
    }
    return out;
}

void run(const std::shared_ptr<ReviewJob::Shared>& shared, const ServerUrl server, const std::string session,
         const std::string game) {
    using Stage = ReviewProgress::Stage;
    const std::string path = "/api/games/" + encoded(game);
    const AccountReply record = account_call(server, "GET", path, nullptr, session);
    if (shared->dropped) return;
    if (record.status != 200 || !record.body.is_object()) return shared->fail(record);
    shared->update([&](ReviewProgress& p) {
        p.record = record.body;
        p.stage = Stage::asking;
    });
    AccountReply job = account_call(server, "POST", path + "/review", json{{"strength", "medium"}}, session);
    for (;;) {
        if (shared->dropped) return;
        if ((job.status != 200 && job.status != 202) || !job.body.is_object()) return shared->fail(job);
        const std::string state = job.body.value("state", std::string());
        shared->update([&](ReviewProgress& p) {
            p.job = job.body;
            p.stage = state == "done" ? Stage::done : state == "failed" ? Stage::failed : Stage::waiting;
            if (state == "failed") p.error = job.body.value("error", std::string());
        });
        if (state == "done" || state == "failed") return;
        // About once a second (docs/protocol.md), in steps short enough to notice being dropped.
        for (int i = 0; i < 10 && !shared->dropped; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (shared->dropped) return;
        job = account_call(server, "GET", path + "/review?strength=medium", nullptr, session);
    }
}

}  // namespace

ReviewJob::ReviewJob(const ServerUrl& server, const std::string& session, const std::string& game)
    : shared_(std::make_shared<Shared>()) {
    std::thread(run, shared_, server, session, game).detach();
}

ReviewJob::~ReviewJob() { shared_->dropped = true; }

ReviewProgress ReviewJob::progress() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->progress;
}

std::uint64_t ReviewJob::changes() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->progress.changes;
}

}  // namespace carc::term

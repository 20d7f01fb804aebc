#include "moderation/audit_follower.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "app/shared_state.hpp"
#include "carc/protocol/messages.hpp"

namespace carc::server::moderation {

namespace {
constexpr int entries_per_read = 200;
}

void audit_follower::start() {
    auto newest = store_.audit_log(1);
    if (!newest) {
        spdlog::warn("event=audit_follow_failed error=\"{}\"", newest.message());
        return;
    }
    if (!newest->empty()) last_id_ = newest->front().id;
}

void audit_follower::follow() {
    if (following_.exchange(true)) return;
    auto entries = store_.audit_after(last_id_, entries_per_read);
    if (!entries) {
        spdlog::warn("event=audit_follow_failed error=\"{}\"", entries.message());
    } else {
        for (const auto& entry : *entries) {
            last_id_ = entry.id;
            if (entry.action != "rename") continue;
            if (auto links = state_.persons.online_links(entry.target))
                links->send(shared_text(protocol::encode(protocol::Notice::renamed(entry.detail))));
        }
    }
    following_ = false;
}

}  // namespace carc::server::moderation

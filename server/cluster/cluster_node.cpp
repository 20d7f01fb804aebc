#include "cluster/cluster_node.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "carc/protocol/view.hpp"

#include "rooms/room_services.hpp"
#include "people/person_registry.hpp"
#include "people/security.hpp"
#include "rooms/recovery.hpp"
#include "rooms/room.hpp"
#include "rooms/room_error.hpp"
#include "rooms/usage_caps.hpp"

namespace carc::server {

namespace st = carc::storage;

namespace {
// Orphaned games one scan lists; a full list is followed by another scan at once.
constexpr int orphans_per_scan = 512;
}  // namespace

cluster_node::cluster_node(room_services& state, std::shared_ptr<st::LeaseStore> leases, std::string node_id,
                           std::chrono::milliseconds lease, st::PostgresOptions feed, people_listener people)
    : state_(state), people_(std::move(people)), leases_(std::move(leases)), node_id_(std::move(node_id)), lease_(lease),
      feed_options_(std::move(feed)) {}

cluster_node::~cluster_node() { stop(); }

void cluster_node::start(std::string public_url) {
    public_url_ = std::move(public_url);
    state_.rooms.observe_listed([this](const std::string& id, const protocol::RoomSummary* summary) {
        {
            std::lock_guard lock(mutex_);
            to_publish_[id] = summary ? std::optional<std::string>(nlohmann::json(*summary).dump()) : std::nullopt;
        }
        wake_.notify_all();
    });
    thread_ = std::thread([this] { every_third_of_lease([this] { renew(); }); });
    takeover_thread_ = std::thread([this] { every_third_of_lease([this] { take_orphans(); }); });
    publish_thread_ = std::thread([this] { publish_loop(); });
    feed_thread_ = std::thread([this] { feed_loop(); });
}

void cluster_node::publish_loop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait(lock, [this] { return stopping_ || !to_publish_.empty() || !to_uncharge_.empty(); });
        auto batch = std::move(to_publish_);
        to_publish_.clear();
        auto uncharged = std::move(to_uncharge_);
        to_uncharge_.clear();
        lock.unlock();
        for (const std::string& id : uncharged) {
            if (auto gone = leases_->uncharge_room(id); !gone)
                spdlog::warn("event=room_uncharge_failed room={} error=\"{}\"", id, gone.message());
        }
        for (const auto& [id, summary] : batch) {
            if (auto published = leases_->publish_room(id, summary); !published)
                spdlog::warn("event=lobby_publish_failed room={} error=\"{}\"", id, published.message());
        }
        lock.lock();
    }
}

void cluster_node::feed_loop() {
    std::unique_ptr<st::LobbyFeed> feed;
    bool ever_opened = false;  // a feed opened again may have missed news
    auto last_refresh = std::chrono::steady_clock::time_point{};
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
        }
        if (!feed) {
            if (auto opened = st::open_lobby_feed(feed_options_)) {
                feed = std::move(opened).value();
                if (ever_opened) people_.lost();
                ever_opened = true;
            }
        }
        bool changed = false;
        if (feed) {
            auto waited = feed->wait(std::chrono::milliseconds(250));
            if (!waited) {
                feed.reset();
            } else {
                changed = waited->lobby;
                for (const std::string& payload : waited->people) people_.heard(payload);
            }
        } else {
            std::unique_lock lock(mutex_);
            wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; });
        }
        // A notification, or a second without one (a dead node's rooms leave when its leases expire).
        const auto now = std::chrono::steady_clock::now();
        if (changed || now - last_refresh >= std::chrono::seconds(1)) {
            last_refresh = now;
            refresh_remote();
        }
    }
}

st::Status cluster_node::tell_people(const std::string& payload) { return leases_->notify_people(payload); }

void cluster_node::refresh_remote() {
    auto listed = leases_->listed_rooms();
    if (!listed) return;
    std::map<std::string, std::string> now;
    for (auto& row : *listed) {
        // A room another node took while this one still has it (paused, not renewed yet) is not
        // listed as another node's until this node dropped it: the next refresh lists it then,
        // whether or not its summary changed meanwhile.
        if (row.node_id != node_id_ && !state_.rooms.find(row.room_id)) now.emplace(row.room_id, std::move(row.summary_json));
    }
    for (const auto& [id, summary] : remote_)
        if (!now.contains(id)) state_.rooms.set_remote(id, nullptr);
    for (const auto& [id, summary] : now) {
        const auto known = remote_.find(id);
        if (known != remote_.end() && known->second == summary) continue;
        try {
            const auto parsed = nlohmann::json::parse(summary).get<protocol::RoomSummary>();
            state_.rooms.set_remote(id, &parsed);
        } catch (const std::exception& e) {
            spdlog::warn("event=lobby_entry_unreadable room={} error=\"{}\"", id, e.what());
        }
    }
    remote_ = std::move(now);
}

void cluster_node::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    if (takeover_thread_.joinable()) takeover_thread_.join();
    if (publish_thread_.joinable()) publish_thread_.join();
    if (feed_thread_.joinable()) feed_thread_.join();
}

void cluster_node::every_third_of_lease(const std::function<void()>& step) {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        try {
            step();
        } catch (const std::exception& e) {
            spdlog::error("event=cluster_tick_failed error=\"{}\"", e.what());
        }
        lock.lock();
        wake_.wait_for(lock, lease_ / 3, [this] { return stopping_; });
    }
}

void cluster_node::renew() {
    // Rooms in memory before the renewal: each of them was leased before it was added.
    std::set<std::string> local;
    for (const auto& r : state_.rooms.rooms()) local.insert(r->id());
    auto kept = leases_->renew_all(lease_);
    if (!kept) {
        // PostgreSQL unreachable: keep the rooms; their writes fail (journal_failed) until it is
        // back, and if it stays away longer than the lease, the renewal below finds them lost.
        spdlog::warn("event=lease_renew_failed error=\"{}\"", kept.message());
        return;
    }
    const std::set<std::string> held(kept->begin(), kept->end());
    for (const auto& r : state_.rooms.rooms()) {
        if (local.contains(r->id()) && !held.contains(r->id())) {
            spdlog::warn("event=room_lease_lost room={}", r->id());
            state_.counters.rooms_lost.fetch_add(1);
            r->drop_moved();
        }
    }
    // Leases of rooms that left memory (closed, adjourned, finished) go back, once a room has
    // been missing for two ticks (a room is leased just before it is added).
    std::set<std::string> absent;
    for (const std::string& id : held)
        if (!state_.rooms.find(id)) absent.insert(id);
    for (const std::string& id : absent)
        if (absent_last_tick_.contains(id)) (void)leases_->release(id);
    absent_last_tick_ = std::move(absent);
}

void cluster_node::take_orphans() {
    // Every orphan now, not a few per round: all of a dead node's games come back within one
    // round after their leases expire. Renewals run on their own thread meanwhile. A room that
    // could not be taken (its row locked by a paused node's write) waits for the next round.
    std::set<std::string> tried;
    for (;;) {
        auto orphans = leases_->orphaned_rooms(orphans_per_scan);
        if (!orphans) return;
        bool any_new = false;
        for (const std::string& id : *orphans) {
            if (!tried.insert(id).second) continue;
            any_new = true;
            take_over(id);
            std::lock_guard lock(mutex_);
            if (stopping_) return;
        }
        if (!any_new || static_cast<int>(orphans->size()) < orphans_per_scan) return;
    }
}

bool cluster_node::take_over(const std::string& room_id) {
    std::lock_guard guard(takeover_mutex_);
    if (state_.rooms.find(room_id)) return true;
    auto lease = leases_->acquire(room_id, public_url_, lease_);
    if (!lease) {
        spdlog::warn("event=takeover_failed room={} error=\"{}\"", room_id, lease.message());
        return false;
    }
    if (lease->node_id != node_id_) return false;  // another live node has it
    const auto started = std::chrono::steady_clock::now();
    auto loaded = state_.stores.games->load_room(room_id);
    if (!loaded || !*loaded) {
        (void)leases_->release(room_id);
        return false;
    }
    // An adjourned game, or one this node unloaded to reload it from the journal: through
    // find_or_resume, so a hello bringing it back at the same moment does not load it twice.
    if ((*loaded)->status == st::RoomStatus::adjourned || state_.rooms.is_adjourned(room_id)) {
        if (!state_.rooms.is_adjourned(room_id)) state_.rooms.adjourn(room_id, "", {}, false);
        const bool resumed = state_.rooms.find_or_resume(room_id, [&] { return resume_adjourned(state_, room_id); }) != nullptr;
        return resumed;
    }
    if (!restore_stored(state_, **loaded)) {
        (void)leases_->release(room_id);
        return false;
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    state_.counters.rooms_taken_over.fetch_add(1);
    spdlog::info("event=room_taken_over room={} epoch={} actions={} load_ms={}", room_id, lease->epoch,
                 (*loaded)->actions.size(), took.count());
    return true;
}

std::string cluster_node::claim_room_id() {
    for (;;) {
        const std::string id = state_.rooms.next_room_id();
        auto claimed = leases_->claim_new(id, public_url_, lease_);
        if (!claimed) throw std::runtime_error("cannot lease a new room: " + claimed.message());
        if (*claimed) return id;
    }
}

std::optional<std::string> cluster_node::owner_elsewhere(const std::string& room_id) {
    auto lease = leases_->lease_of(room_id);
    if (lease && *lease && (*lease)->live && (*lease)->node_id != node_id_) return (*lease)->public_url;
    take_over(room_id);
    // Taken meanwhile by another node: ask again.
    lease = leases_->lease_of(room_id);
    if (lease && *lease && (*lease)->live && (*lease)->node_id != node_id_) return (*lease)->public_url;
    return std::nullopt;
}

std::optional<std::string> cluster_node::invite_owner_elsewhere(const std::string& invite) {
    auto room_id = leases_->room_by_invite(canonical_invite_code(invite));
    if (!room_id) {
        spdlog::warn("event=invite_lookup_failed error=\"{}\"", room_id.message());
        return std::nullopt;
    }
    if (!*room_id) return std::nullopt;
    return owner_elsewhere(**room_id);
}

std::optional<std::string> cluster_node::route_token(const std::string& token) {
    const st::TokenHash hash = st::TokenHash::of_token(token);
    if (auto person = leases_->find_person(hash); person && *person)
        state_.persons.restore((*person)->person_id, (*person)->name, hash.hex());
    auto seated = leases_->seated_rooms(hash);
    if (!seated) return std::nullopt;
    for (const std::string& room_id : *seated) {
        if (state_.rooms.find(room_id)) continue;
        if (auto elsewhere = owner_elsewhere(room_id)) return elsewhere;
    }
    return std::nullopt;
}

void cluster_node::remember(const person_identity& person) {
    if (auto stored = leases_->put_person({person.id, person.name, st::TokenHash::of_token(person.token)}); !stored)
        spdlog::warn("event=person_not_stored person={} error=\"{}\"", person.id, stored.message());
}

bool cluster_node::lease_for_resume(const std::string& room_id) {
    auto lease = leases_->acquire(room_id, public_url_, lease_);
    return lease && lease->node_id == node_id_;
}

}  // namespace carc::server

namespace carc::server {

namespace {

storage::LeaseStore::ChargeCaps charge_caps(const server_config& config) {
    return {.rooms_per_person = config.max_rooms_per_person,
            .rooms_per_address = config.max_rooms_per_ip,
            .search_bots_per_person = config.max_search_bots_per_person,
            .search_bots_per_address = config.max_search_bots_per_ip};
}

std::optional<protocol::ErrorMessage> refusal_of(const st::Result<st::LeaseStore::ChargeRefusal>& refused,
                                                 const server_config& config) {
    using refusal = st::LeaseStore::ChargeRefusal;
    if (!refused) {
        spdlog::error("event=room_charge_failed error=\"{}\"", refused.message());
        return make_error(protocol::ErrorCode::journal_failed, "the store failed; try again");
    }
    switch (*refused) {
        case refusal::none: return std::nullopt;
        case refusal::rooms_per_person: return usage_caps::refusal(true, "person", config.max_rooms_per_person);
        case refusal::rooms_per_address: return usage_caps::refusal(true, "address", config.max_rooms_per_ip);
        case refusal::bots_per_person: return usage_caps::refusal(false, "person", config.max_search_bots_per_person);
        case refusal::bots_per_address: return usage_caps::refusal(false, "address", config.max_search_bots_per_ip);
    }
    return std::nullopt;
}

}  // namespace

std::optional<protocol::ErrorMessage> cluster_node::charge_new_room(const std::string& room_id, const std::string& person,
                                                                    const std::string& address, int search_bots) {
    return refusal_of(leases_->charge_room(room_id, person, address, search_bots, charge_caps(state_.config)),
                      state_.config);
}

std::optional<protocol::ErrorMessage> cluster_node::charge_search_bots(const std::string& room_id, int search_bots) {
    auto refused = refusal_of(leases_->set_room_bots(room_id, search_bots, charge_caps(state_.config)), state_.config);
    spdlog::debug("event=room_search_bots_counted room={} bots={} refused={}", room_id, search_bots, refused.has_value());
    return refused;
}

void cluster_node::uncharge_later(const std::string& room_id) {
    {
        std::lock_guard lock(mutex_);
        to_uncharge_.insert(room_id);
    }
    wake_.notify_all();
}

void cluster_node::release_new(const std::string& room_id) { (void)leases_->release(room_id); }

}  // namespace carc::server

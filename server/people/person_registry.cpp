#include "people/person_registry.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "carc/crypto/sha256.hpp"
#include "people/security.hpp"

namespace carc::server {

person_identity person_registry::create(const std::string& name) {
    person_identity identity;
    identity.name = name;
    identity.token = random_hex(32);
    std::lock_guard lock(mutex_);
    identity.id = "p" + std::to_string(next_id_++) + id_suffix_;
    by_id_[identity.id] = entry{identity, crypto::sha256_hex(identity.token), new_links(), {}};
    id_by_token_[identity.token] = identity.id;
    return identity;
}

void person_registry::set_id_suffix(std::string suffix) {
    std::lock_guard lock(mutex_);
    id_suffix_ = std::move(suffix);
}

std::optional<person_identity> person_registry::resume(const std::string& token,
                                                       const std::string& name) {
    std::lock_guard lock(mutex_);
    auto it = id_by_token_.find(token);
    if (it == id_by_token_.end()) {
        // Someone from before a restart: known by the token's hash until now.
        const auto restored = id_by_token_sha256_.find(crypto::sha256_hex(token));
        if (restored == id_by_token_sha256_.end()) return std::nullopt;
        it = id_by_token_.emplace(token, restored->second).first;
        by_id_.at(restored->second).identity.token = token;
        id_by_token_sha256_.erase(restored);
    }
    entry& e = by_id_.at(it->second);
    if (!name.empty()) e.identity.name = name;
    return e.identity;
}

void person_registry::restore(const std::string& id, const std::string& name,
                              const std::string& token_sha256) {
    std::lock_guard lock(mutex_);
    if (by_id_.contains(id)) return;  // seated in several restored games
    by_id_[id] = entry{person_identity{id, name, {}}, token_sha256, new_links(), {}};
    if (!token_sha256.empty()) id_by_token_sha256_[token_sha256] = id;
    if (id.size() > 1 && id[0] == 'p') {
        try {
            next_id_ = std::max<std::uint64_t>(next_id_, std::stoull(id.substr(1)) + 1);
        } catch (const std::exception&) {
            // Not one of ours; it cannot collide with "p<number>".
        }
    }
}

std::string person_registry::token_sha256(const std::string& person) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    return it == by_id_.end() ? std::string() : it->second.token_sha256;
}

person_identity person_registry::adopt(const std::string& id, const std::string& name,
                                       const std::string& token_sha256) {
    restore(id, name, token_sha256);
    std::lock_guard lock(mutex_);
    entry& e = by_id_.at(id);
    e.identity.name = name;
    e.account = true;
    return e.identity;
}

bool person_registry::is_account(const std::string& id) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(id);
    return it != by_id_.end() && it->second.account;
}

std::optional<person_identity> person_registry::find_by_token(const std::string& token) const {
    std::lock_guard lock(mutex_);
    if (const auto it = id_by_token_.find(token); it != id_by_token_.end()) return by_id_.at(it->second).identity;
    if (const auto it = id_by_token_sha256_.find(crypto::sha256_hex(token)); it != id_by_token_sha256_.end())
        return by_id_.at(it->second).identity;
    return std::nullopt;
}

std::shared_ptr<person_links> person_registry::new_links() {
    // Ids from the top of the range, so they never meet a connection's (counted from 1).
    static std::atomic<std::uint64_t> next{~std::uint64_t{0} >> 1};
    return std::make_shared<person_links>(next.fetch_add(1));
}

std::shared_ptr<client_link> person_registry::attach(const std::string& person,
                                                     const std::shared_ptr<client_link>& link) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return nullptr;
    it->second.links->add(link);
    it->second.shown.emplace(link->id(), std::nullopt);
    it->second.last_seen = clock::now();
    return it->second.links;
}

bool person_registry::detach(const std::string& person, const client_link& link) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return true;
    it->second.last_seen = clock::now();
    it->second.shown.erase(link.id());
    it->second.hidden.erase(link.id());
    return it->second.links->remove(link);
}

std::shared_ptr<client_link> person_registry::online_links(const std::string& person) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end() || it->second.links->empty()) return nullptr;
    return it->second.links;
}

void person_registry::watch(const std::string& person, std::uint64_t link_id, std::optional<std::string> room) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return;
    if (const auto link = it->second.shown.find(link_id); link != it->second.shown.end())
        link->second = std::move(room).value_or("");
}

void person_registry::set_visible(const std::string& person, std::uint64_t link_id, bool visible) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end() || !it->second.shown.contains(link_id)) return;
    if (visible) it->second.hidden.erase(link_id);
    else it->second.hidden.insert(link_id);
}

bool person_registry::watching(const std::string& person, const std::string& room) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return false;
    const entry& e = it->second;
    return std::any_of(e.shown.begin(), e.shown.end(), [&](const auto& link) {
        if (e.hidden.contains(link.first)) return false;  // a background tab watches nothing
        return link.second ? *link.second == room : e.rooms.contains(room);
    });
}

void person_registry::add_room(const std::string& person, const std::string& room) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(person); it != by_id_.end()) it->second.rooms.insert(room);
}

void person_registry::remove_room(const std::string& person, const std::string& room) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(person); it != by_id_.end()) {
        it->second.rooms.erase(room);
        it->second.last_seen = clock::now();
    }
}

std::vector<std::string> person_registry::rooms_of(const std::string& person) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return {};
    return {it->second.rooms.begin(), it->second.rooms.end()};
}

}  // namespace carc::server

namespace carc::server {

std::size_t person_registry::forget_idle(clock::time_point now, clock::duration grace) {
    std::lock_guard lock(mutex_);
    std::size_t forgotten = 0;
    for (auto it = by_id_.begin(); it != by_id_.end();) {
        const entry& e = it->second;
        if (!e.rooms.empty() || !e.links->empty() || now - e.last_seen < grace) {
            ++it;
            continue;
        }
        if (!e.identity.token.empty()) id_by_token_.erase(e.identity.token);
        if (const auto r = id_by_token_sha256_.find(e.token_sha256);
            r != id_by_token_sha256_.end() && r->second == it->first)
            id_by_token_sha256_.erase(r);
        it = by_id_.erase(it);
        ++forgotten;
    }
    return forgotten;
}

std::size_t person_registry::size() const {
    std::lock_guard lock(mutex_);
    return by_id_.size();
}

}  // namespace carc::server

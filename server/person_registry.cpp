#include "person_registry.hpp"

#include "security.hpp"

namespace carc::server {

person_identity person_registry::create(const std::string& name) {
    person_identity identity;
    identity.name = name;
    identity.token = random_hex(32);
    std::lock_guard lock(mutex_);
    identity.id = "p" + std::to_string(next_id_++);
    by_id_[identity.id] = entry{identity, {}, {}};
    id_by_token_[identity.token] = identity.id;
    return identity;
}

std::optional<person_identity> person_registry::resume(const std::string& token,
                                                       const std::string& name) {
    std::lock_guard lock(mutex_);
    const auto it = id_by_token_.find(token);
    if (it == id_by_token_.end()) return std::nullopt;
    entry& e = by_id_.at(it->second);
    if (!name.empty()) e.identity.name = name;
    return e.identity;
}

std::shared_ptr<client_link> person_registry::attach(const std::string& person,
                                                     const std::shared_ptr<client_link>& link) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return nullptr;
    auto previous = it->second.link.lock();
    it->second.link = link;
    return previous == link ? nullptr : previous;
}

void person_registry::detach(const std::string& person, const client_link& link) {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return;
    if (auto current = it->second.link.lock(); current.get() == &link) it->second.link.reset();
}

void person_registry::add_room(const std::string& person, const std::string& room) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(person); it != by_id_.end()) it->second.rooms.insert(room);
}

void person_registry::remove_room(const std::string& person, const std::string& room) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(person); it != by_id_.end()) it->second.rooms.erase(room);
}

std::vector<std::string> person_registry::rooms_of(const std::string& person) const {
    std::lock_guard lock(mutex_);
    const auto it = by_id_.find(person);
    if (it == by_id_.end()) return {};
    return {it->second.rooms.begin(), it->second.rooms.end()};
}

}  // namespace carc::server

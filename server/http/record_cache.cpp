#include "http/record_cache.hpp"

namespace carc::server {

std::shared_ptr<const std::string> record_cache::find(const std::string& id, std::uint64_t version) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(id);
    if (it == entries_.end() || it->second.version != version) return nullptr;
    used_.splice(used_.begin(), used_, it->second.age);
    return it->second.text;
}

void record_cache::put(const std::string& id, std::uint64_t version, std::shared_ptr<const std::string> text) {
    if (!text || text->size() > max_bytes_) return;
    std::lock_guard lock(mutex_);
    if (const auto it = entries_.find(id); it != entries_.end()) erase(it);
    while (bytes_ + text->size() > max_bytes_ && !used_.empty()) erase(entries_.find(used_.back()));
    bytes_ += text->size();
    used_.push_front(id);
    entries_.emplace(id, entry{version, std::move(text), used_.begin()});
}

std::size_t record_cache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

void record_cache::erase(std::map<std::string, entry>::iterator it) {
    bytes_ -= it->second.text->size();
    used_.erase(it->second.age);
    entries_.erase(it);
}

void record_cache::forget(const std::string& id) {
    std::lock_guard lock(mutex_);
    if (const auto it = entries_.find(id); it != entries_.end()) erase(it);
}

}  // namespace carc::server

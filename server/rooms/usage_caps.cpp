#include "rooms/usage_caps.hpp"

#include "rooms/room_error.hpp"

namespace carc::server {

using protocol::ErrorCode;

namespace {

struct tally {
    int rooms = 0;
    int search_bots = 0;
};

}  // namespace

// Shared by the caps and every charge, so a room that outlives the server's state still gives
// its place back somewhere valid.
struct usage_caps::charge::book {
    explicit book(limits c) : caps(c) {}

    const limits caps;
    mutable std::mutex mutex;
    std::map<std::string, tally> by_person;
    std::map<std::string, tally> by_address;

    // Adds `rooms` and `bots` to `who`'s tally (entries at zero are forgotten).
    void add(std::map<std::string, tally>& tallies, const std::string& who, int rooms, int bots) {
        if (who.empty()) return;
        tally& t = tallies[who];
        t.rooms += rooms;
        t.search_bots += bots;
        if (t.rooms == 0 && t.search_bots == 0) tallies.erase(who);
    }
    tally of(const std::map<std::string, tally>& tallies, const std::string& who) const {
        const auto it = tallies.find(who);
        return it == tallies.end() ? tally{} : it->second;
    }
    // The refusal when `who` holding `held` would pass `cap` by `more`; nothing when within.
    static std::optional<protocol::ErrorMessage> over(int cap, int held, int more, ErrorCode code, const char* per) {
        if (cap <= 0 || more <= 0 || held + more <= cap) return std::nullopt;
        return refusal(code == ErrorCode::too_many_rooms, per, cap);
    }
};

usage_caps::charge::charge(std::shared_ptr<book> owner_book, std::string person, std::string address,
                           int search_bots)
    : book_(std::move(owner_book)), person_(std::move(person)), address_(std::move(address)), search_bots_(search_bots) {}

usage_caps::charge::~charge() {
    {
        std::lock_guard lock(book_->mutex);
        book_->add(book_->by_person, person_, -1, -search_bots_);
        book_->add(book_->by_address, address_, -1, -search_bots_);
    }
    if (released_) released_();
}

protocol::ErrorMessage usage_caps::refusal(bool rooms, const char* per, int cap) {
    std::string message = std::string(rooms ? "too many open rooms" : "too many search bots") + " for one " + per +
                          " (at most " + std::to_string(cap) + ")" +
                          (rooms ? "; leave one first" : "; use random or greedy bots, or close a room");
    return make_error(rooms ? ErrorCode::too_many_rooms : ErrorCode::too_many_bots, std::move(message),
                      {{"limit", cap}, {"per", per}});
}

usage_caps::usage_caps(limits caps) : book_(std::make_shared<charge::book>(caps)) {}

std::variant<std::shared_ptr<usage_caps::charge>, protocol::ErrorMessage> usage_caps::open_room(
    const std::string& person, const std::string& address, int search_bots) {
    charge::book& b = *book_;
    std::lock_guard lock(b.mutex);
    const tally mine = b.of(b.by_person, person);
    const tally here = address.empty() ? tally{} : b.of(b.by_address, address);
    const limits& caps = b.caps;
    if (auto refused = b.over(caps.rooms_per_person, mine.rooms, 1, ErrorCode::too_many_rooms, "person")) return *refused;
    if (auto refused = b.over(caps.rooms_per_address, here.rooms, address.empty() ? 0 : 1, ErrorCode::too_many_rooms,
                              "address"))
        return *refused;
    if (auto refused = b.over(caps.search_bots_per_person, mine.search_bots, search_bots, ErrorCode::too_many_bots,
                              "person"))
        return *refused;
    if (auto refused = b.over(caps.search_bots_per_address, here.search_bots, address.empty() ? 0 : search_bots,
                              ErrorCode::too_many_bots, "address"))
        return *refused;
    b.add(b.by_person, person, 1, search_bots);
    b.add(b.by_address, address, 1, search_bots);
    return std::shared_ptr<charge>(new charge(book_, person, address, search_bots));
}

std::optional<protocol::ErrorMessage> usage_caps::set_search_bots(charge& held, int search_bots) {
    charge::book& b = *book_;
    std::lock_guard lock(b.mutex);
    const int more = search_bots - held.search_bots_;
    if (auto refused = b.over(b.caps.search_bots_per_person, b.of(b.by_person, held.person_).search_bots, more,
                              ErrorCode::too_many_bots, "person"))
        return refused;
    if (!held.address_.empty()) {
        if (auto refused = b.over(b.caps.search_bots_per_address, b.of(b.by_address, held.address_).search_bots, more,
                                  ErrorCode::too_many_bots, "address"))
            return refused;
    }
    b.add(b.by_person, held.person_, 0, more);
    b.add(b.by_address, held.address_, 0, more);
    held.search_bots_ = search_bots;
    return std::nullopt;
}

std::pair<int, int> usage_caps::of_person(const std::string& person) const {
    std::lock_guard lock(book_->mutex);
    const tally t = book_->of(book_->by_person, person);
    return {t.rooms, t.search_bots};
}

std::pair<int, int> usage_caps::of_address(const std::string& address) const {
    std::lock_guard lock(book_->mutex);
    const tally t = book_->of(book_->by_address, address);
    return {t.rooms, t.search_bots};
}

}  // namespace carc::server

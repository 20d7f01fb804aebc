#pragma once
// Caps per person and per address on what costs the server while nobody else can use it: open
// rooms, and search-bot seats (each search takes a bot thread for up to --bot-think). A room
// counts against whoever created it, person and address, from its creation until it leaves
// memory: the room holds a `charge`, and dropping it gives everything back. Thread-safe.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "carc/protocol/messages.hpp"

namespace carc::server {

class usage_caps {
public:
    struct limits {  // 0: no cap
        int rooms_per_person = 0;
        int rooms_per_address = 0;
        int search_bots_per_person = 0;
        int search_bots_per_address = 0;
    };

    // What one room holds of its creator's caps; released when destroyed.
    class charge {
    public:
        ~charge();
        charge(const charge&) = delete;
        charge& operator=(const charge&) = delete;
        int search_bots() const { return search_bots_; }
        // Run once the charge is given back (several nodes: the store's count is told).
        void when_released(std::function<void()> released) { released_ = std::move(released); }

    private:
        friend class usage_caps;
        struct book;
        charge(std::shared_ptr<book> owner_book, std::string person, std::string address, int search_bots);
        std::shared_ptr<book> book_;
        const std::string person_;
        const std::string address_;  // empty: not counted per address
        int search_bots_;
        std::function<void()> released_;
    };

    explicit usage_caps(limits caps);

    // `person` at `address` opens a room with `search_bots` search-bot seats: its charge, or the
    // refusal (too_many_rooms, too_many_bots) when that would pass a cap.
    std::variant<std::shared_ptr<charge>, protocol::ErrorMessage> open_room(const std::string& person,
                                                                            const std::string& address,
                                                                            int search_bots);
    // The charged room now wants `search_bots` seats; a refusal (too_many_bots) changes nothing.
    std::optional<protocol::ErrorMessage> set_search_bots(charge& held, int search_bots);

    // The refusal of a cap: too_many_rooms (`rooms`) or too_many_bots, `per` person or address.
    static protocol::ErrorMessage refusal(bool rooms, const char* per, int cap);

    // What `person` / `address` holds now (rooms, search-bot seats).
    std::pair<int, int> of_person(const std::string& person) const;
    std::pair<int, int> of_address(const std::string& address) const;

private:
    std::shared_ptr<charge::book> book_;
};

}  // namespace carc::server

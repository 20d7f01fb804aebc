#pragma once
// The people known to this server: a public id, a name, the secret token that proves who
// reconnects, the rooms they are in and their open connections (one person may be connected
// from several tabs and devices at once: person_links). Shared by all sessions, guarded by one
// mutex; every call is short.
//
// People of games brought back after a restart are known by the SHA-256 of their token only
// (the store never holds a token); they are found again when they say hello with it.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/client_link.hpp"
#include "people/person_links.hpp"

namespace carc::server {

struct person_identity {
    std::string id;     // public, "p12"
    std::string name;
    std::string token;  // secret; empty for a restored person who has not said hello yet
};

class person_registry {
public:
    person_identity create(const std::string& name);
    // The person holding `token`, with their name updated when `name` is not empty.
    // Several nodes: ids end with this node's name ("p3-node-a"), so no two nodes make the same.
    void set_id_suffix(std::string suffix);
    std::optional<person_identity> resume(const std::string& token, const std::string& name);
    // A person of a game brought back after a restart; ids stay unique for later creates.
    void restore(const std::string& id, const std::string& name, const std::string& token_sha256);
    // A person known by id, as an account signing in knows them (docs/accounts.md): the entry
    // is made from the stored id, name and token hash when this node does not know them yet
    // (another node's person, or one forgotten since). The token stays empty unless known.
    person_identity adopt(const std::string& id, const std::string& name, const std::string& token_sha256);
    // Whether the person signed in with an account here (adopt): only they sit in rated rooms.
    bool is_account(const std::string& id) const;
    // The person holding `token`, when the token's hash is known (what the store keeps); or
    // nullopt.
    std::optional<person_identity> find_by_token(const std::string& token) const;
    // The hex SHA-256 of the person's token, empty when unknown (what journals keep).
    std::string token_sha256(const std::string& person) const;

    // Adds `link` to the person's connections; returns them all as one link (what rooms hold),
    // null for an unknown person.
    std::shared_ptr<client_link> attach(const std::string& person, const std::shared_ptr<client_link>& link);
    // Forgets `link`; true when the person has no connection left (rooms then see them go).
    bool detach(const std::string& person, const client_link& link);

    // The person's open connections as one link (sending to it reaches each); null when the
    // person is unknown or has none open.
    std::shared_ptr<client_link> online_links(const std::string& person) const;

    // The connection `link_id` of the person shows `room` now (nullopt: no room): the client's
    // `watch` message. Until a connection says so it shows every room of the person (it is sent
    // all their views).
    void watch(const std::string& person, std::uint64_t link_id, std::optional<std::string> room);
    // The connection's page is visible or hidden (the client's `visibility` message); a hidden
    // one shows no room. Connections are visible until they say otherwise.
    void set_visible(const std::string& person, std::uint64_t link_id, bool visible);
    // Whether one of the person's open, visible connections shows `room` (notices:
    // docs/accounts.md).
    bool watching(const std::string& person, const std::string& room) const;

    void add_room(const std::string& person, const std::string& room);
    void remove_room(const std::string& person, const std::string& room);
    std::vector<std::string> rooms_of(const std::string& person) const;

    using clock = std::chrono::steady_clock;
    // Forgets every person with no live connection and no room (so no seat in a running game)
    // whose last connection or room ended `grace` or longer before `now`; their token stops
    // working. Returns how many were forgotten. Time is passed in, so tests need no sleeping.
    std::size_t forget_idle(clock::time_point now, clock::duration grace);
    std::size_t size() const;

private:
    struct entry {
        person_identity identity;
        std::string token_sha256;
        std::shared_ptr<person_links> links;
        std::set<std::string> rooms;
        bool account = false;  // adopted by an account's sign-in
        clock::time_point last_seen = clock::now();  // the last attach, detach or room change
        // Each open connection's room, by link id: nullopt until it says `watch`, then the room
        // it shows ("" for none).
        std::map<std::uint64_t, std::optional<std::string>> shown{};
        std::set<std::uint64_t> hidden{};  // link ids whose page is hidden
    };
    static std::shared_ptr<person_links> new_links();

    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 1;
    std::map<std::string, entry> by_id_;
    std::map<std::string, std::string> id_by_token_;
    std::map<std::string, std::string> id_by_token_sha256_;
    std::string id_suffix_;  // restored people not yet back
};

}  // namespace carc::server

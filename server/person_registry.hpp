#pragma once
// The people known to this server: a public id, a name, the secret token that proves who
// reconnects, the rooms they are in and their current connection. Shared by all sessions,
// guarded by one mutex; every call is short.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "client_link.hpp"

namespace carc::server {

struct person_identity {
    std::string id;     // public, "p12"
    std::string name;
    std::string token;  // secret
};

class person_registry {
public:
    person_identity create(const std::string& name);
    // The person holding `token`, with their name updated when `name` is not empty.
    std::optional<person_identity> resume(const std::string& token, const std::string& name);

    // Makes `link` the person's connection and returns the one it replaces (if still alive).
    std::shared_ptr<client_link> attach(const std::string& person, const std::shared_ptr<client_link>& link);
    // Forgets `link` if it is still the person's connection.
    void detach(const std::string& person, const client_link& link);

    void add_room(const std::string& person, const std::string& room);
    void remove_room(const std::string& person, const std::string& room);
    std::vector<std::string> rooms_of(const std::string& person) const;

private:
    struct entry {
        person_identity identity;
        std::weak_ptr<client_link> link;
        std::set<std::string> rooms;
    };
    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 1;
    std::map<std::string, entry> by_id_;
    std::map<std::string, std::string> id_by_token_;
};

}  // namespace carc::server

#pragma once
// What a sanction refuses, asked of the store when it matters (a chat line, a sign-in), so an
// action of the operator's tool counts at every node from its answer on (docs/moderation.md).
// A store that fails to answer refuses nothing: the store's failure is logged, play goes on.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "carc/storage/moderation_store.hpp"

namespace carc::server::moderation {

struct sanction_refusal {
    std::string message;    // what the person reads
    nlohmann::json params;  // {"until": ms or null (for good)}
};

// The account's mute in force now, as its chat line's refusal.
std::optional<sanction_refusal> mute_of(storage::ModerationStore& store, const std::string& person_id);
// The account's ban in force now, as its sign-in's refusal.
std::optional<sanction_refusal> ban_of(storage::ModerationStore& store, const std::string& person_id);

// The ban in force now on a range holding `address`, as a sign-up's or a guest's refusal.
std::optional<sanction_refusal> address_ban_of(storage::ModerationStore& store, const std::string& address);

// "203.0.113.7" as "203.0.113.7/32", "2001:db8::/32" as it is; nullopt when not an address or
// a range (an IPv4 address inside IPv6, ::ffff:a.b.c.d, is the IPv4 address).
std::optional<std::string> normal_range(const std::string& text);
// Whether `address` lies in the range `cidr` (as normal_range writes it).
bool in_range(const std::string& address, const std::string& cidr);

// "until 2026-05-01 12:00 UTC" or "for good".
std::string until_words(std::optional<std::int64_t> until_ms);

}  // namespace carc::server::moderation

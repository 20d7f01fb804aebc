#pragma once
// A person's own data (docs/accounts.md, "Your own data"): what the export reads that no other
// store call gives (the person's chat lines), and deleting an account. Implemented by both
// stores beside Store. Thread-safe, never throws.

#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

// A chat line the person wrote, in any room.
struct OwnChatLine {
    std::string room_id;
    int seat = -1;  // -1: written as a spectator
    std::string name;
    std::string text;
    TimeMs time_ms = 0;
    bool removed = false;  // by the operator: its text is gone ("")
};

// What deleting an account changes (PersonalDataStore::delete_account).
struct AccountDeletion {
    std::string person_id;
    // The name shown instead of the account's in every record that keeps it.
    std::string replacement_name;
    TimeMs now_ms = 0;
    // Until then nobody signs up with the name or a look-alike of it.
    TimeMs name_free_at_ms = 0;
    // Running rooms with the person's seat that another node holds: when there are any, the
    // deletion writes an audit entry naming them (action "resign_deleted", target the person,
    // detail the room ids), which every node follows to resign the seat in the rooms it holds.
    std::vector<std::string> rooms_elsewhere = {};
};

class PersonalDataStore {
public:
    virtual ~PersonalDataStore() = default;
    // The person's chat lines, oldest first.
    virtual Result<std::vector<OwnChatLine>> chat_lines_of(std::string_view person_id) = 0;
    // In one transaction: the sessions, settings, password, address, follows, blocks, ratings,
    // statistics, vacation days, chat lines, challenges, queued notices and mail links of the
    // account go; its name is replaced in finished games (their records, players and rating
    // changes), stored seats and tournaments; the name is held until name_free_at_ms. The
    // account's row stays as a tombstone (tournaments and rating changes point at it), with no
    // password and a name nobody can type. Games finished later with the person in a seat get
    // the replacement name when they are stored. Returns the ended sessions' hashes; not_found
    // when there is no such account (or it was deleted already).
    virtual Result<std::vector<TokenHash>> delete_account(const AccountDeletion& deletion) = 0;
};

}  // namespace carc::storage

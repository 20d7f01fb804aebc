#pragma once
// Sign-in by a mailed link (docs/accounts.md, "Sign-in by a mailed link"): each link's token
// kept as its SHA-256 with the account, the hash of the nonce the asking browser holds in a
// cookie, the address it went to and when it expires. Implemented by both stores beside Store.
// Thread-safe, never throws.

#include <string>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"
#include "carc/storage/token_hash.hpp"

namespace carc::storage {

struct SignInLink {
    TokenHash token_hash;
    std::string person_id;
    TokenHash browser_hash;  // SHA-256 of the nonce cookie of the browser that asked
    std::string email;       // where the mail went
    TimeMs expires_at_ms = 0;
};

enum class SignInLinkOutcome {
    signed_in,      // used now: it works no more
    unknown,        // never made, used already, or expired and gone
    expired,        // too old: deleted now
    other_browser,  // another browser's: refused, and kept for the browser that asked
};

struct SignInLinkUse {
    SignInLinkOutcome outcome = SignInLinkOutcome::unknown;
    std::string person_id;  // when signed_in
    std::string email;      // when signed_in: the address the link went to
};

class SignInLinkStore {
public:
    virtual ~SignInLinkStore() = default;
    // Stores a new link; links expired by `now_ms` are deleted.
    virtual Status add_sign_in_link(const SignInLink& link, TimeMs now_ms) = 0;
    // One conditional DELETE decides: the link is used once, only with the asking browser's
    // nonce hash and before it expires, whatever node or how many requests race for it.
    virtual Result<SignInLinkUse> use_sign_in_link(const TokenHash& token_hash, const TokenHash& browser_hash,
                                                   TimeMs now_ms) = 0;
};

}  // namespace carc::storage

#pragma once
// The SHA-256 of a session token. Seats store this, never the token: a leaked database must not
// let anyone take over a seat. The type can only be built by hashing a token or by parsing a
// stored hash, so a raw token cannot reach the database by mistake.

#include <optional>
#include <string>
#include <string_view>

namespace carc::storage {

class TokenHash {
public:
    // SHA-256 of the token as 64 lowercase hex digits.
    static TokenHash of_token(std::string_view token);
    // A stored hash; nullopt unless exactly 64 lowercase hex digits.
    static std::optional<TokenHash> from_hex(std::string_view hex);

    const std::string& hex() const { return hex_; }
    // Whether `token` hashes to this value (compares in constant time).
    bool matches(std::string_view token) const;

    friend bool operator==(const TokenHash&, const TokenHash&) = default;

private:
    explicit TokenHash(std::string hex) : hex_(std::move(hex)) {}
    std::string hex_;
};

}  // namespace carc::storage

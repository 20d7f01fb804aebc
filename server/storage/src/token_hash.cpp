#include "carc/storage/token_hash.hpp"

#include "carc/crypto/sha256.hpp"

#include <openssl/crypto.h>

#include <algorithm>
#include <array>

namespace carc::storage {

TokenHash TokenHash::of_token(std::string_view token) { return TokenHash(crypto::sha256_hex(token)); }

std::optional<TokenHash> TokenHash::from_hex(std::string_view hex) {
    const bool well_formed =
        hex.size() == 64 && std::all_of(hex.begin(), hex.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        });
    if (!well_formed) return std::nullopt;
    return TokenHash(std::string(hex));
}

bool TokenHash::matches(std::string_view token) const {
    const std::string candidate = crypto::sha256_hex(token);
    // Constant time, so response timing does not leak how much of a guessed token's hash matched.
    return candidate.size() == hex_.size() &&
           CRYPTO_memcmp(candidate.data(), hex_.data(), hex_.size()) == 0;
}

}  // namespace carc::storage

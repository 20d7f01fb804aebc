#include "carc/storage/token_hash.hpp"

#include <openssl/crypto.h>
#include <openssl/sha.h>

#include <algorithm>
#include <array>

namespace carc::storage {

std::string sha256_hex(std::string_view bytes) {
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest.data());
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(digest.size() * 2);
    for (unsigned char byte : digest) {
        hex.push_back(digits[byte >> 4]);
        hex.push_back(digits[byte & 0x0f]);
    }
    return hex;
}

TokenHash TokenHash::of_token(std::string_view token) { return TokenHash(sha256_hex(token)); }

std::optional<TokenHash> TokenHash::from_hex(std::string_view hex) {
    const bool well_formed =
        hex.size() == 2 * SHA256_DIGEST_LENGTH && std::all_of(hex.begin(), hex.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        });
    if (!well_formed) return std::nullopt;
    return TokenHash(std::string(hex));
}

bool TokenHash::matches(std::string_view token) const {
    const std::string candidate = sha256_hex(token);
    // Constant time, so response timing does not leak how much of a guessed token's hash matched.
    return candidate.size() == hex_.size() &&
           CRYPTO_memcmp(candidate.data(), hex_.data(), hex_.size()) == 0;
}

}  // namespace carc::storage

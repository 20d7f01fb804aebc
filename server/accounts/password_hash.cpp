#include "accounts/password_hash.hpp"

#include <stdexcept>

#include <sodium.h>

namespace carc::server::accounts {
namespace {

constexpr unsigned long long ops_limit = 2;
constexpr std::size_t mem_limit = 19u * 1024u * 1024u;

void start_sodium() {
    static const bool started = sodium_init() >= 0;  // thread-safe, once
    if (!started) throw std::runtime_error("libsodium could not start");
}

}  // namespace

std::string hash_password(std::string_view password) {
    start_sodium();
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), ops_limit, mem_limit,
                              crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("out of memory while hashing a password");
    return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
    start_sodium();
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

void spend_verify_time(std::string_view password) {
    static const std::string fixed = hash_password("a password no account has");
    (void)verify_password(fixed, password);
}

}  // namespace carc::server::accounts

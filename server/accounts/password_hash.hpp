#pragma once
// Passwords as libsodium's Argon2id strings ("$argon2id$v=19$m=19456,t=2,p=1$..."): 19 MiB and
// two passes, the OWASP minimum; about 30 ms each, so callers run these on the account
// workers, never on an I/O thread or a room strand.

#include <string>
#include <string_view>

namespace carc::server::accounts {

// Throws std::runtime_error when libsodium cannot start or runs out of memory.
std::string hash_password(std::string_view password);
// False for a wrong password or a malformed hash.
bool verify_password(const std::string& hash, std::string_view password);
// Checks a password against a fixed hash, so a sign-in with an unknown name costs the same
// time as one with a wrong password (the answer reveals nothing, nor does its timing).
void spend_verify_time(std::string_view password);

}  // namespace carc::server::accounts

#pragma once
// Web Push's cryptography (OpenSSL): a message encrypted for one browser (RFC 8291, content
// coding aes128gcm of RFC 8188, one record) and the server's VAPID key pair and signed claim
// (RFC 8292, ES256 on P-256). Keys and byte strings travel as base64url without padding, as
// browsers and push services write them. Never throws.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace carc::crypto {

// base64url without padding (RFC 4648 section 5).
std::string base64url_encode(std::string_view bytes);
// nullopt on a character outside the alphabet or a length no encoding has; padding accepted.
std::optional<std::string> base64url_decode(std::string_view text);

// A P-256 key pair: the private scalar (32 bytes) and the public point uncompressed (65 bytes,
// 0x04 first), both base64url.
struct ec_key_pair {
    std::string private_key;
    std::string public_key;
};
// A fresh key pair; nullopt when OpenSSL failed.
std::optional<ec_key_pair> generate_p256_key_pair();
// Whether `public_key` (raw bytes) is an uncompressed point on P-256.
bool valid_p256_public_key(std::string_view public_key);

// What RFC 8291 needs of a browser's subscription: its public key (`p256dh`, 65 raw bytes) and
// its authentication secret (`auth`, 16 raw bytes).
struct push_receiver {
    std::string public_key;
    std::string auth_secret;
};
// For tests (RFC 8291's Appendix A): the sender's key pair and the salt, otherwise fresh.
struct push_sender_fixed {
    ec_key_pair sender;  // base64url
    std::string salt;    // 16 raw bytes
};
// `plaintext` encrypted for `receiver`: the whole request body (salt, record size, the sender's
// public key as key id, one record). nullopt when a key is malformed or OpenSSL failed.
std::optional<std::string> encrypt_push_message(std::string_view plaintext, const push_receiver& receiver,
                                                const std::optional<push_sender_fixed>& fixed = std::nullopt);

// RFC 8292's Authorization header's value ("vapid t=<JWT>, k=<public key>") for a push to
// `audience` (the endpoint's origin, "https://push.example.net"), signed with `key`, valid
// until `expires_unix_s`, naming the operator's `subject` (mailto: or https:). nullopt when the
// key is malformed or OpenSSL failed.
std::optional<std::string> vapid_authorization(const ec_key_pair& key, const std::string& audience,
                                               const std::string& subject, std::int64_t expires_unix_s);

}  // namespace carc::crypto

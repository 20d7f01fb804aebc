#include "carc/crypto/web_push.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

#include <array>
#include <memory>

namespace carc::crypto {
namespace {

constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::size_t public_key_size = 65;
constexpr std::size_t private_key_size = 32;
constexpr std::size_t auth_secret_size = 16;
constexpr std::size_t salt_size = 16;
constexpr std::uint32_t record_size = 4096;
constexpr std::size_t tag_size = 16;

struct pkey_free {
    void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct pkey_ctx_free {
    void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
struct bld_free {
    void operator()(OSSL_PARAM_BLD* p) const { OSSL_PARAM_BLD_free(p); }
};
struct params_free {
    void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); }
};
struct bn_free {
    void operator()(BIGNUM* p) const { BN_free(p); }
};
struct cipher_free {
    void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
};
struct md_free {
    void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
struct sig_free {
    void operator()(ECDSA_SIG* p) const { ECDSA_SIG_free(p); }
};
using pkey_ptr = std::unique_ptr<EVP_PKEY, pkey_free>;

const unsigned char* bytes_of(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A P-256 key from its raw parts: the public point alone, or with the private scalar.
pkey_ptr p256_key(std::string_view public_key, std::string_view private_key = {}) {
    if (public_key.size() != public_key_size) return nullptr;
    std::unique_ptr<OSSL_PARAM_BLD, bld_free> bld(OSSL_PARAM_BLD_new());
    std::unique_ptr<BIGNUM, bn_free> scalar;
    if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
        !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, public_key.data(), public_key.size()))
        return nullptr;
    if (!private_key.empty()) {
        if (private_key.size() != private_key_size) return nullptr;
        scalar.reset(BN_bin2bn(bytes_of(private_key), static_cast<int>(private_key.size()), nullptr));
        if (!scalar || !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar.get())) return nullptr;
    }
    std::unique_ptr<OSSL_PARAM, params_free> params(OSSL_PARAM_BLD_to_param(bld.get()));
    std::unique_ptr<EVP_PKEY_CTX, pkey_ctx_free> ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* key = nullptr;
    const int selection = private_key.empty() ? EVP_PKEY_PUBLIC_KEY : EVP_PKEY_KEYPAIR;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
        EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) <= 0)
        return nullptr;
    pkey_ptr out(key);
    // fromdata takes the point as given: check that it lies on the curve.
    std::unique_ptr<EVP_PKEY_CTX, pkey_ctx_free> check(EVP_PKEY_CTX_new_from_pkey(nullptr, out.get(), nullptr));
    if (!check || EVP_PKEY_public_check(check.get()) <= 0) return nullptr;
    return out;
}

pkey_ptr key_of(const ec_key_pair& pair) {
    const auto pub = base64url_decode(pair.public_key);
    const auto priv = base64url_decode(pair.private_key);
    if (!pub || !priv || priv->empty()) return nullptr;
    return p256_key(*pub, *priv);
}

std::optional<std::string> ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
    std::unique_ptr<EVP_PKEY_CTX, pkey_ctx_free> ctx(EVP_PKEY_CTX_new(own, nullptr));
    std::size_t size = 0;
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 || EVP_PKEY_derive_set_peer(ctx.get(), peer) <= 0 ||
        EVP_PKEY_derive(ctx.get(), nullptr, &size) <= 0)
        return std::nullopt;
    std::string secret(size, '\0');
    if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &size) <= 0) return std::nullopt;
    secret.resize(size);
    return secret;
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
    std::array<unsigned char, 32> out{};
    unsigned int size = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes_of(data), data.size(), out.data(), &size);
    return std::string(reinterpret_cast<const char*>(out.data()), size);
}

// HKDF (RFC 5869) with one block of output, all that Web Push needs.
std::string hkdf(std::string_view salt, std::string_view ikm, std::string_view info, std::size_t length) {
    const std::string prk = hmac_sha256(salt, ikm);
    return hmac_sha256(prk, std::string(info) + '\x01').substr(0, length);
}

std::string public_point(EVP_PKEY* key) {
    std::array<unsigned char, public_key_size> out{};
    std::size_t size = 0;
    if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, out.data(), out.size(), &size) <= 0 ||
        size != public_key_size)
        return {};
    return std::string(reinterpret_cast<const char*>(out.data()), size);
}

std::optional<std::string> aes128gcm_seal(std::string_view key, std::string_view nonce, std::string_view plain) {
    std::unique_ptr<EVP_CIPHER_CTX, cipher_free> ctx(EVP_CIPHER_CTX_new());
    std::string out(plain.size() + tag_size, '\0');
    auto* dst = reinterpret_cast<unsigned char*>(out.data());
    int written = 0;
    int final_written = 0;
    if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, bytes_of(key), bytes_of(nonce)) != 1 ||
        EVP_EncryptUpdate(ctx.get(), dst, &written, bytes_of(plain), static_cast<int>(plain.size())) != 1 ||
        EVP_EncryptFinal_ex(ctx.get(), dst + written, &final_written) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(tag_size), dst + plain.size()) != 1)
        return std::nullopt;
    return out;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                           static_cast<unsigned char>(bytes[i + 2]);
        for (int shift = 18; shift >= 0; shift -= 6) out.push_back(alphabet[(v >> shift) & 63]);
    }
    if (const std::size_t left = bytes.size() - i; left > 0) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (left == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out.push_back(alphabet[(v >> 18) & 63]);
        out.push_back(alphabet[(v >> 12) & 63]);
        if (left == 2) out.push_back(alphabet[(v >> 6) & 63]);
    }
    return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    if (text.size() % 4 == 1) return std::nullopt;
    std::string out;
    out.reserve(text.size() * 3 / 4);
    unsigned v = 0;
    int bits = 0;
    for (char c : text) {
        int d = -1;
        if (c >= 'A' && c <= 'Z') d = c - 'A';
        else if (c >= 'a' && c <= 'z') d = c - 'a' + 26;
        else if (c >= '0' && c <= '9') d = c - '0' + 52;
        else if (c == '-') d = 62;
        else if (c == '_') d = 63;
        if (d < 0) return std::nullopt;
        v = (v << 6) | static_cast<unsigned>(d);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((v >> bits) & 0xff));
        }
    }
    return out;
}

std::optional<ec_key_pair> generate_p256_key_pair() {
    pkey_ptr key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    if (!key) return std::nullopt;
    BIGNUM* scalar = nullptr;
    if (EVP_PKEY_get_bn_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &scalar) <= 0) return std::nullopt;
    std::unique_ptr<BIGNUM, bn_free> owned(scalar);
    std::array<unsigned char, private_key_size> priv{};
    if (BN_bn2binpad(scalar, priv.data(), static_cast<int>(priv.size())) < 0) return std::nullopt;
    const std::string pub = public_point(key.get());
    if (pub.empty()) return std::nullopt;
    return ec_key_pair{base64url_encode(std::string_view(reinterpret_cast<const char*>(priv.data()), priv.size())),
                       base64url_encode(pub)};
}

bool valid_p256_public_key(std::string_view public_key) {
    return public_key.size() == public_key_size && public_key[0] == '\x04' && p256_key(public_key) != nullptr;
}

std::optional<std::string> encrypt_push_message(std::string_view plaintext, const push_receiver& receiver,
                                                const std::optional<push_sender_fixed>& fixed) {
    if (receiver.auth_secret.size() != auth_secret_size || plaintext.size() + 1 + tag_size > record_size)
        return std::nullopt;
    const pkey_ptr peer = p256_key(receiver.public_key);
    if (!peer) return std::nullopt;
    pkey_ptr own;
    std::string salt(salt_size, '\0');
    if (fixed) {
        own = key_of(fixed->sender);
        salt = fixed->salt;
        if (salt.size() != salt_size) return std::nullopt;
    } else {
        own.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
        if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), static_cast<int>(salt.size())) != 1)
            return std::nullopt;
    }
    if (!own) return std::nullopt;
    const std::string own_public = public_point(own.get());
    const auto shared = ecdh(own.get(), peer.get());
    if (own_public.empty() || !shared) return std::nullopt;

    // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
    const std::string key_info = std::string("WebPush: info") + '\0' + receiver.public_key + own_public;
    const std::string ikm = hkdf(receiver.auth_secret, *shared, key_info, 32);
    // RFC 8188 section 2.2 and 2.3: the content key and the nonce (one record: sequence 0).
    const std::string cek = hkdf(salt, ikm, std::string("Content-Encoding: aes128gcm") + '\0', 16);
    const std::string nonce = hkdf(salt, ikm, std::string("Content-Encoding: nonce") + '\0', 12);
    const auto sealed = aes128gcm_seal(cek, nonce, std::string(plaintext) + '\x02');  // 2: the last record
    if (!sealed) return std::nullopt;

    std::string body = salt;
    for (int shift = 24; shift >= 0; shift -= 8) body.push_back(static_cast<char>((record_size >> shift) & 0xff));
    body.push_back(static_cast<char>(own_public.size()));
    body += own_public;
    body += *sealed;
    return body;
}

std::optional<std::string> vapid_authorization(const ec_key_pair& key, const std::string& audience,
                                               const std::string& subject, std::int64_t expires_unix_s) {
    const pkey_ptr signer = key_of(key);
    if (!signer) return std::nullopt;
    // Written by hand: the claims are three plain strings and a number, and their order is fixed.
    const auto quoted = [](const std::string& s) {
        std::string out = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\') out.push_back('\\');
            if (static_cast<unsigned char>(c) >= 0x20) out.push_back(c);
        }
        return out + "\"";
    };
    const std::string header = base64url_encode(R"({"typ":"JWT","alg":"ES256"})");
    const std::string claims = base64url_encode("{\"aud\":" + quoted(audience) + ",\"exp\":" +
                                                std::to_string(expires_unix_s) + ",\"sub\":" + quoted(subject) + "}");
    const std::string signed_part = header + "." + claims;

    std::unique_ptr<EVP_MD_CTX, md_free> ctx(EVP_MD_CTX_new());
    std::size_t der_size = 0;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, signer.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &der_size, bytes_of(signed_part), signed_part.size()) != 1)
        return std::nullopt;
    std::string der(der_size, '\0');
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(der.data()), &der_size, bytes_of(signed_part),
                       signed_part.size()) != 1)
        return std::nullopt;
    // JWS wants r and s side by side (RFC 7518 section 3.4), not OpenSSL's DER.
    const unsigned char* cursor = bytes_of(der);
    std::unique_ptr<ECDSA_SIG, sig_free> sig(d2i_ECDSA_SIG(nullptr, &cursor, static_cast<long>(der_size)));
    if (!sig) return std::nullopt;
    std::array<unsigned char, 64> raw{};
    if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), raw.data(), 32) != 32 ||
        BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), raw.data() + 32, 32) != 32)
        return std::nullopt;
    const std::string signature = base64url_encode(std::string_view(reinterpret_cast<const char*>(raw.data()), raw.size()));
    return "vapid t=" + signed_part + "." + signature + ", k=" + key.public_key;
}

}  // namespace carc::crypto

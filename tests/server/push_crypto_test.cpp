// Web Push's cryptography (carc/crypto/web_push.hpp): RFC 8291's Appendix A example encrypted
// byte for byte, base64url both ways, keys that are not points on P-256 refused, and a VAPID
// header of the shape RFC 8292 gives (its signature is checked by an independent
// implementation in push_interop.mjs, through push_test.cpp).
#include <catch2/catch.hpp>

#include "carc/crypto/web_push.hpp"

using namespace carc::crypto;

namespace {

std::string raw(const char* base64url) {
    auto decoded = base64url_decode(base64url);
    REQUIRE(decoded);
    return *decoded;
}

}  // namespace

TEST_CASE("RFC 8291's Appendix A: the example message encrypts to the example body", "[push][crypto]") {
    const push_receiver receiver{
        raw("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
        raw("BTBZMqHH6r4Tts7J_aSIgg")};
    const push_sender_fixed fixed{
        {"yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
         "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"},
        raw("DGv6ra1nlYgDCS1FRnbzlw")};
    const auto body = encrypt_push_message("When I grow up, I want to be a watermelon", receiver, fixed);
    REQUIRE(body);
    CHECK(base64url_encode(*body) ==
          "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3"
          "jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN");

    // Fresh salt and key each time: the same message never encrypts alike.
    const auto first = encrypt_push_message("hello", receiver);
    const auto second = encrypt_push_message("hello", receiver);
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->size() == 16 + 4 + 1 + 65 + 5 + 1 + 16);
    CHECK(*first != *second);
}

TEST_CASE("base64url: RFC 4648's examples, padding optional, other alphabets refused", "[push][crypto]") {
    CHECK(base64url_encode("") == "");
    CHECK(base64url_encode("f") == "Zg");
    CHECK(base64url_encode("fo") == "Zm8");
    CHECK(base64url_encode("foo") == "Zm9v");
    CHECK(base64url_encode("foob") == "Zm9vYg");
    CHECK(base64url_encode("\xfb\xff") == "-_8");
    CHECK(base64url_decode("Zm9vYg") == "foob");
    CHECK(base64url_decode("Zm9vYg==") == "foob");
    CHECK(base64url_decode("-_8") == "\xfb\xff");
    CHECK_FALSE(base64url_decode("+/8"));   // base64's alphabet, not base64url's
    CHECK_FALSE(base64url_decode("Zm9vY"));  // no encoding is this long
}

TEST_CASE("keys: a fresh pair is a point on P-256, anything else is refused", "[push][crypto]") {
    const auto pair = generate_p256_key_pair();
    REQUIRE(pair);
    const std::string pub = raw(pair->public_key.c_str());
    CHECK(raw(pair->private_key.c_str()).size() == 32);
    CHECK(valid_p256_public_key(pub));
    std::string off_curve = pub;
    off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
    CHECK_FALSE(valid_p256_public_key(off_curve));
    CHECK_FALSE(valid_p256_public_key(pub.substr(0, 33)));  // compressed-length
    CHECK_FALSE(valid_p256_public_key(std::string(65, '\x04')));
    CHECK_FALSE(encrypt_push_message("x", push_receiver{off_curve, std::string(16, 'a')}));
    CHECK_FALSE(encrypt_push_message("x", push_receiver{pub, std::string(15, 'a')}));
    CHECK_FALSE(encrypt_push_message(std::string(4096, 'x'), push_receiver{pub, std::string(16, 'a')}));  // over a record
}

TEST_CASE("VAPID: a JWT of ES256 naming the audience, expiry and subject, and the public key", "[push][crypto]") {
    const auto pair = generate_p256_key_pair();
    REQUIRE(pair);
    const auto header = vapid_authorization(*pair, "https://push.example.net", "mailto:ops@example.org", 1'900'000'000);
    REQUIRE(header);
    REQUIRE(header->starts_with("vapid t="));
    const auto comma = header->find(", k=");
    REQUIRE(comma != std::string::npos);
    CHECK(header->substr(comma + 4) == pair->public_key);
    const std::string jwt = header->substr(8, comma - 8);
    const auto first_dot = jwt.find('.');
    const auto second_dot = jwt.find('.', first_dot + 1);
    REQUIRE(second_dot != std::string::npos);
    CHECK(base64url_decode(jwt.substr(0, first_dot)) == R"({"typ":"JWT","alg":"ES256"})");
    CHECK(base64url_decode(jwt.substr(first_dot + 1, second_dot - first_dot - 1)) ==
          R"({"aud":"https://push.example.net","exp":1900000000,"sub":"mailto:ops@example.org"})");
    CHECK(raw(jwt.substr(second_dot + 1).c_str()).size() == 64);  // r and s, 32 bytes each
    CHECK_FALSE(vapid_authorization({"AAAA", pair->public_key}, "https://a.b", "mailto:x@y.z", 1));
}

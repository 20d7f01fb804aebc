#include <catch2/catch.hpp>

#include "carc/crypto/sha256.hpp"
#include "carc/storage/token_hash.hpp"

using carc::crypto::sha256_hex;
using carc::storage::TokenHash;

TEST_CASE("sha256_hex matches the FIPS 180-2 test vectors", "[storage][token]") {
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("a token hash matches its token and no other", "[storage][token]") {
    const auto hash = TokenHash::of_token("s3cret-token");
    CHECK(hash.hex() == sha256_hex("s3cret-token"));
    CHECK(hash.hex().find("s3cret") == std::string::npos);
    CHECK(hash.matches("s3cret-token"));
    CHECK_FALSE(hash.matches("s3cret-tokeN"));
    CHECK_FALSE(hash.matches(""));
}

TEST_CASE("from_hex accepts only 64 lowercase hex digits", "[storage][token]") {
    const std::string good = sha256_hex("x");
    REQUIRE(TokenHash::from_hex(good).has_value());
    CHECK(*TokenHash::from_hex(good) == TokenHash::of_token("x"));
    CHECK_FALSE(TokenHash::from_hex(good.substr(1)).has_value());
    CHECK_FALSE(TokenHash::from_hex(good + "0").has_value());
    std::string upper = good;
    upper[0] = 'A';
    CHECK_FALSE(TokenHash::from_hex(upper).has_value());
    CHECK_FALSE(TokenHash::from_hex("plain-token").has_value());
}

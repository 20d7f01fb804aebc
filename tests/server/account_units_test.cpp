// The accounts' small parts without a server: the sign-in limit (time passed in), the field
// rules, the cookie, the password hash, and person_links (one person, several connections).
#include <catch2/catch.hpp>

#include "accounts/account_rules.hpp"
#include "accounts/password_hash.hpp"
#include "accounts/session_cookie.hpp"
#include "accounts/sign_in_limiter.hpp"
#include "base/config.hpp"
#include "base/client_address.hpp"
#include "people/person_registry.hpp"

using namespace carc::server;
using namespace carc::server::accounts;

namespace {

struct counting_link : client_link {
    explicit counting_link(std::uint64_t n) : n_(n) {}
    void send(std::shared_ptr<const std::string>) override { ++sent; }
    void close(std::uint16_t, std::string) override { ++closed; }
    std::uint64_t id() const override { return n_; }
    int sent = 0;
    int closed = 0;
    std::uint64_t n_;
};

}  // namespace

TEST_CASE("the sign-in limiter refuses the attempt over the limit until the oldest leaves the window",
          "[server][accounts]") {
    sign_in_limiter limiter(3, std::chrono::minutes(10));
    const auto t0 = sign_in_limiter::clock::time_point{} + std::chrono::hours(1);
    for (int i = 0; i < 3; ++i) {
        CHECK_FALSE(limiter.wait_before("ada", t0 + std::chrono::seconds(i)).has_value());
        limiter.count("ada", t0 + std::chrono::seconds(i));
    }
    const auto wait = limiter.wait_before("ada", t0 + std::chrono::seconds(3));
    REQUIRE(wait.has_value());
    CHECK(*wait == std::chrono::seconds(597));
    CHECK_FALSE(limiter.wait_before("bob", t0).has_value());
    CHECK(limiter.wait_before("ada", t0 + std::chrono::seconds(599)).has_value());
    CHECK_FALSE(limiter.wait_before("ada", t0 + std::chrono::seconds(600)).has_value());
}

TEST_CASE("account rules: name keys, passwords, e-mail shapes, webhook hosts", "[server][accounts]") {
    CHECK(name_key("AdaLovelace") == "adalovelace");
    CHECK(name_key("Ünïcode Ä") == "Ünïcode Ä");  // only ASCII letters fold
    CHECK(check_password("1234567").has_value());
    CHECK_FALSE(check_password("12345678").has_value());
    // Characters, not bytes: six Cyrillic letters are 12 bytes and still too short.
    CHECK(check_password("пароль").has_value());
    CHECK(check_password("пароль1").has_value());
    CHECK_FALSE(check_password("пароль12").has_value());
    CHECK_FALSE(check_password(std::string(1024, 'p')).has_value());
    CHECK(check_password(std::string(1025, 'p')).has_value());
    CHECK_FALSE(check_email("ada@example.org").has_value());
    for (const char* bad : {"ada", "@example.org", "ada@", "ada@example", "a b@example.org", "a@b@c.org", "ada@.org"})
        CHECK(check_email(bad).has_value());
    CHECK_FALSE(check_webhook("https://discord.com/api/webhooks/1/x", false).has_value());
    CHECK_FALSE(check_webhook("http://user@hooks.example.org:8080/x", false).has_value());
    for (const char* bad : {"http://127.0.0.1/", "http://127.1.2.3:80/", "http://localhost/", "http://printer.local/",
                            "http://10.0.0.1/", "http://172.16.5.4/", "http://192.168.1.1/", "http://169.254.169.254/",
                            "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fd00::1]/",
                            "http://[fe80::1]/", "http://[::ffff:10.0.0.1]/", "http://evil.com@127.0.0.1/"})
        CHECK(check_webhook(bad, false).has_value());
    CHECK_FALSE(check_webhook("http://127.0.0.1:9000/hook", true).has_value());
    CHECK(check_webhook("javascript:alert(1)", true).has_value());
}

TEST_CASE("the session cookie is read among others and written with its flags", "[server][accounts]") {
    CHECK(session_from_cookie_header("a=1; carc_session=abc; b=2") == "abc");
    CHECK(session_from_cookie_header("carc_session_x=abc").has_value() == false);
    CHECK_FALSE(session_from_cookie_header("").has_value());
    CHECK(set_cookie_value("abc", false, std::chrono::seconds(60)) ==
          "carc_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60");
    CHECK(set_cookie_value("", true, std::chrono::seconds(60)) ==
          "carc_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
}

TEST_CASE("passwords hash to libsodium's Argon2id string and verify", "[server][accounts]") {
    const std::string hash = hash_password("a fine password");
    CHECK_THAT(hash, Catch::StartsWith("$argon2id$v=19$m=19456,t=2,p=1$"));
    CHECK(hash != hash_password("a fine password"));  // salted
    CHECK(verify_password(hash, "a fine password"));
    CHECK_FALSE(verify_password(hash, "a fine passwore"));
    CHECK_FALSE(verify_password("not a hash", "a fine password"));
}

TEST_CASE("a person's connections: rooms reach each, the last one leaving is the one rooms hear of",
          "[server][accounts]") {
    person_registry persons;
    const auto ada = persons.create("Ada");
    auto tab1 = std::make_shared<counting_link>(1);
    auto tab2 = std::make_shared<counting_link>(2);
    const auto links = persons.attach(ada.id, tab1);
    REQUIRE(links);
    CHECK(persons.attach(ada.id, tab2) == links);  // one link for the rooms, the same each time
    links->send(std::make_shared<const std::string>("x"));
    CHECK(tab1->sent == 1);
    CHECK(tab2->sent == 1);
    CHECK(tab1->closed == 0);  // a second connection replaces nothing
    CHECK_FALSE(persons.detach(ada.id, *tab1));
    links->send(std::make_shared<const std::string>("y"));
    CHECK(tab1->sent == 1);
    CHECK(tab2->sent == 2);
    CHECK(persons.detach(ada.id, *tab2));

    // An account known only by its stored id, name and token hash (another node's person).
    const auto adopted = persons.adopt("p77-node-b", "Bea", std::string(64, 'b'));
    CHECK(adopted.id == "p77-node-b");
    CHECK(adopted.name == "Bea");
    CHECK(persons.token_sha256("p77-node-b") == std::string(64, 'b'));
}

TEST_CASE("the client's address: X-Forwarded-For's last entry, only from the trusted proxy", "[server][accounts]") {
    CHECK(client_address("10.0.0.5", "203.0.113.9", "") == "10.0.0.5");
    CHECK(client_address("10.0.0.5", "203.0.113.9", "10.0.0.6") == "10.0.0.5");
    CHECK(client_address("10.0.0.6", "203.0.113.9", "10.0.0.6") == "203.0.113.9");
    CHECK(client_address("10.0.0.6", "1.2.3.4, 203.0.113.9", "10.0.0.6") == "203.0.113.9");
    CHECK(client_address("::ffff:10.0.0.6", " 2001:db8::1 ", "10.0.0.6") == "2001:db8::1");
    CHECK(client_address("10.0.0.6", "", "10.0.0.6") == "10.0.0.6");           // none named: the proxy
    CHECK(client_address("10.0.0.6", "not an address", "10.0.0.6") == "10.0.0.6");
    CHECK(is_ip_address("10.0.0.6"));
    CHECK(is_ip_address("::1"));
    CHECK_FALSE(is_ip_address("nginx"));
}

TEST_CASE("the sign-in limiter forgets a name's keys at every address at once", "[server][accounts]") {
    sign_in_limiter limiter(1, std::chrono::minutes(10));
    const auto t0 = sign_in_limiter::clock::time_point{} + std::chrono::hours(1);
    limiter.count(name_at_address("ada", "1.2.3.4"), t0);
    limiter.count(name_at_address("ada", "5.6.7.8"), t0);
    limiter.count(name_at_address("adam", "1.2.3.4"), t0);
    CHECK(limiter.wait_before(name_at_address("ada", "1.2.3.4"), t0).has_value());
    CHECK_FALSE(limiter.wait_before(name_at_address("ada", "9.9.9.9"), t0).has_value());
    limiter.forget_prefix(name_at_every_address("ada"));
    CHECK_FALSE(limiter.wait_before(name_at_address("ada", "1.2.3.4"), t0).has_value());
    CHECK_FALSE(limiter.wait_before(name_at_address("ada", "5.6.7.8"), t0).has_value());
    CHECK(limiter.wait_before(name_at_address("adam", "1.2.3.4"), t0).has_value());
}

TEST_CASE("the account flags: --trusted-proxy takes an IP address, the hashing and sign-up limits positive numbers",
          "[server][accounts]") {
    const auto parse = [](std::vector<std::string> args) {
        args.insert(args.begin(), "carc-server");
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        return parse_command_line(static_cast<int>(argv.size()), argv.data());
    };
    const auto parsed = parse({"--trusted-proxy", "172.30.240.10", "--hash-threads", "1", "--hash-queue", "4",
                               "--sign-ups-per-address", "0", "--sign-ups-per-minute", "20"});
    REQUIRE(parsed.config.has_value());
    CHECK(parsed.config->trusted_proxy == "172.30.240.10");
    CHECK(parsed.config->accounts.hash_threads == 1);
    CHECK(parsed.config->accounts.hash_queue == 4);
    CHECK(parsed.config->accounts.sign_ups_per_address == 0);
    CHECK(parsed.config->accounts.sign_ups_per_minute == 20);
    CHECK(parse({"--trusted-proxy", "nginx"}).exit_code == 2);
    CHECK(parse({"--hash-queue", "0"}).exit_code == 2);
    CHECK(parse({"--hash-threads", "0"}).exit_code == 2);
    CHECK(parse({"--sign-ups-per-minute", "-1"}).exit_code == 2);
}

// Moderation over the real server and the real tool (docs/moderation.md), on SQLite (one
// server; carc-admin hands its commands through the server's admin socket) and on PostgreSQL
// (two nodes; carc-admin writes to the database they share): reports limited and listed with
// their chat line and game, closed with an audit entry; a muted account's chat refused live and
// absent from the history; a ban ends the account's sockets at the other node within a second
// and refuses its sign-in, until lifted.

#include <chrono>

#include <catch2/catch.hpp>

#include "carc/testkit/command_output.hpp"
#include "cluster_fixture.hpp"
#include "moderation/chat_removal.hpp"
#include "moderation/sanction_checks.hpp"

using namespace carc::test;

namespace {

// The servers under test and how carc-admin reaches their store. Node 0 and node 1 are the same
// server on SQLite.
class rig {
public:
    virtual ~rig() = default;
    virtual unsigned short port(int node) = 0;
    virtual std::string store_arg() = 0;

    struct tool_result {
        int exit_code = -1;
        std::string output;  // stdout and stderr
    };
    // carc-admin --store ... --operator olga ARGS
    tool_result admin(const std::vector<std::string>& args) {
        std::string command = std::string(CARC_ADMIN_EXE) + " --store '" + store_arg() + "' --operator olga";
        for (const auto& a : args) command += " '" + a + "'";
        const auto out = run_command(command + " 2>&1");
        return {out.exit_code, out.text};
    }
};

class sqlite_rig : public rig {
public:
    sqlite_rig()
        : dir_(fs::temp_directory_path() / ("carc-moderation-" + carc::server::random_hex(6))),
          server_(make_server(dir_)) {}
    ~sqlite_rig() override {
        server_.reset();
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }
    unsigned short port(int) override { return server_->port(); }
    std::string store_arg() override { return "sqlite:" + (dir_ / "data").string(); }

private:
    static std::unique_ptr<server_process> make_server(const fs::path& dir) {
        fs::create_directories(dir);
        return std::make_unique<server_process>(
            CARC_SERVER_EXE,
            std::vector<std::string>{"--bind", "127.0.0.1", "--store", "sqlite:" + (dir / "data").string(),
                                     "--web-root", "/nonexistent", "--rate", "100000", "--burst", "100000",
                                     "--sign-ups-per-address", "0", "--room-chat-rate", "100000",
                                     "--room-chat-burst", "100000", "--trusted-proxy", "127.0.0.1"},
            dir / "server.log");
    }
    fs::path dir_;
    std::unique_ptr<server_process> server_;
};

class postgres_rig : public rig {
public:
    postgres_rig() : nodes_(2, {"--trusted-proxy", "127.0.0.1"}) {}
    unsigned short port(int node) override { return nodes_.port(node); }
    std::string store_arg() override { return nodes_.postgres().url(); }

private:
    cluster nodes_;
};

std::unique_ptr<rig> make_rig(const std::string& backend) {
    if (backend == "sqlite") return std::make_unique<sqlite_rig>();
    return std::make_unique<postgres_rig>();
}

struct member {
    std::string name;
    std::string token;
    std::unique_ptr<ws_client> ws;
    std::string person_token = {};  // the welcome's: what a guest hello resumes with
};

http_reply post_json(unsigned short port, const std::string& target, const json& body, const std::string& token) {
    std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
    if (!token.empty()) headers["Authorization"] = "Bearer " + token;
    return http_send("127.0.0.1", port, "POST", target, headers, body.dump());
}

// An account made at node 0, its WebSocket signed in at `connected_to`.
member sign_up(rig& r, int connected_to, const std::string& name) {
    const auto made = post_json(r.port(0), "/api/accounts",
                                {{"name", name}, {"password", "correct horse battery"}, {"want_token", true}}, "");
    INFO(made.body);
    REQUIRE(made.status == 201);
    member m{name, json::parse(made.body)["token"], std::make_unique<ws_client>(r.port(connected_to))};
    const json welcome = m.ws->request({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"session", m.token}});
    INFO(welcome.dump());
    REQUIRE(welcome["account"] == name);
    m.person_token = welcome["token"];
    return m;
}

json say(member& who, const std::string& room, const std::string& text) {
    return who.ws->request({{"type", "chat"}, {"room", room}, {"text", text}});
}

http_reply sign_in(rig& r, int node, const std::string& name) {
    return post_json(r.port(node), "/api/sessions", {{"name", name}, {"password", "correct horse battery"}}, "");
}

}  // namespace

TEST_CASE("reports: made from a chat line and a game, limited per day, listed and closed by the tool",
          "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        member ada = sign_up(*r, 0, "Ada");
        member bob = sign_up(*r, 1, "Bob");

        // Refusals first: they store nothing.
        CHECK(post_json(r->port(0), "/api/reports", {{"name", "Bob"}, {"reason", "abuse"}}, "").status == 401);
        const auto bad_reason = post_json(r->port(0), "/api/reports", {{"name", "Bob"}, {"reason", "ugly"}}, ada.token);
        CHECK(bad_reason.status == 400);
        CHECK(json::parse(bad_reason.body)["error"] == "bad_reason");
        CHECK(post_json(r->port(0), "/api/reports", {{"name", "Nobody"}, {"reason", "spam"}}, ada.token).status == 404);
        CHECK(post_json(r->port(0), "/api/reports", {{"name", "Ada"}, {"reason", "spam"}}, ada.token).status == 400);

        const json line_report = {{"name", "bob"}, {"reason", "abuse"}, {"note", "insults after losing"},
                                  {"room", "r-game-1"}, {"chat", {{"text", "you are all idiots"}, {"time", 1234}}}};
        const auto first = post_json(r->port(1), "/api/reports", line_report, ada.token);
        INFO(first.body);
        REQUIRE(first.status == 201);
        const std::int64_t first_id = json::parse(first.body)["report"];
        for (int i = 1; i < 10; ++i)
            REQUIRE(post_json(r->port(i % 2), "/api/reports", {{"name", "Bob"}, {"reason", "spam"}}, ada.token).status == 201);
        const auto eleventh = post_json(r->port(0), "/api/reports", {{"name", "Bob"}, {"reason", "spam"}}, ada.token);
        CHECK(eleventh.status == 429);
        CHECK(json::parse(eleventh.body)["error"] == "reports_limited");
        // Another reporter has a limit of their own.
        CHECK(post_json(r->port(0), "/api/reports", {{"name", "Ada"}, {"reason", "cheating"}}, bob.token).status == 201);

        auto listed = r->admin({"reports"});
        INFO(listed.output);
        REQUIRE(listed.exit_code == 0);
        CHECK(listed.output.find("#" + std::to_string(first_id) + " ") != std::string::npos);
        CHECK(listed.output.find("Ada reports Bob: abuse \"insults after losing\"") != std::string::npos);
        CHECK(listed.output.find("game: r-game-1 (/api/games/r-game-1)") != std::string::npos);
        CHECK(listed.output.find("chat line at 1234: \"you are all idiots\"") != std::string::npos);
        CHECK(listed.output.find("Bob reports Ada: cheating") != std::string::npos);

        CHECK(r->admin({"close-report", std::to_string(first_id)}).exit_code == 2);  // no reason
        auto closed = r->admin({"close-report", std::to_string(first_id), "--reason", "warned Bob"});
        INFO(closed.output);
        CHECK(closed.exit_code == 0);
        CHECK(closed.output == "report #" + std::to_string(first_id) + " closed\n");
        auto again = r->admin({"close-report", std::to_string(first_id), "--reason", "twice"});
        CHECK(again.exit_code == 1);
        CHECK(again.output == "report " + std::to_string(first_id) + " is closed already\n");
        CHECK(r->admin({"reports"}).output.find("#" + std::to_string(first_id) + " ") == std::string::npos);
        CHECK(r->admin({"reports", "--all"}).output.find("closed ") != std::string::npos);

        auto log = r->admin({"log"});
        INFO(log.output);
        CHECK(log.output.find(" olga close_report " + std::to_string(first_id) + ": warned Bob\n") != std::string::npos);
        CHECK(log.output.find("twice") == std::string::npos);  // a refused action writes nothing
    }
}

TEST_CASE("a muted account's chat is refused live and never reaches the history, until unmuted", "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        member ada = sign_up(*r, 1, "Ada");
        member bob = sign_up(*r, 1, "Bob");
        const json created = ada.ws->request({{"type", "create_room"}, {"seats", 2}});
        REQUIRE(created["type"] == "room_created");
        const std::string room = created["room"];
        REQUIRE(bob.ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
        REQUIRE(say(ada, room, "hello before")["type"] == "ack");

        auto muted = r->admin({"mute", "ada", "--for", "2h", "--reason", "flooding the chat"});
        INFO(muted.output);
        REQUIRE(muted.exit_code == 0);
        CHECK(muted.output.starts_with("Ada is muted until "));
        const json refused = say(ada, room, "hello while muted");
        INFO(refused.dump());
        CHECK(refused["type"] == "error");
        CHECK(refused["code"] == "muted");
        CHECK(refused["message"].get<std::string>().starts_with("your account is muted until "));
        CHECK(refused["params"]["until"].is_number_integer());
        CHECK(r->admin({"mutes"}).output.find("Ada until ") != std::string::npos);
        // Bob still speaks; Ada's refused line reached nobody and is not in the room's history.
        REQUIRE(say(bob, room, "Bob speaks")["type"] == "ack");
        const json history = bob.ws->request({{"type", "history"}, {"room", room}});
        REQUIRE(history["type"] == "history");
        std::vector<std::string> lines;
        for (const auto& line : history["chat"]) lines.push_back(line["text"]);
        CHECK(lines == std::vector<std::string>{"hello before", "Bob speaks"});

        REQUIRE(r->admin({"unmute", "Ada", "--reason", "promised to stop"}).exit_code == 0);
        CHECK(say(ada, room, "hello after")["type"] == "ack");
        CHECK(r->admin({"unmute", "Ada", "--reason", "again"}).exit_code == 1);
        auto log = r->admin({"log"}).output;
        CHECK(log.find(" olga unmute ") != std::string::npos);
        CHECK(log.find(" olga mute ") != std::string::npos);
        CHECK(log.find(": flooding the chat\n") != std::string::npos);
    }
}

TEST_CASE("a ban ends the account's sockets at the other node within a second and refuses its sign-in",
          "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        member bob = sign_up(*r, 1, "Bob");  // signed in at node 1; the tool acts on the store
        member ada = sign_up(*r, 1, "Ada");
        CHECK(r->admin({"ban", "Bob", "--for", "7x", "--reason", "r"}).exit_code == 2);  // a malformed length
        CHECK(r->admin({"ban", "Nobody", "--reason", "r"}).exit_code == 1);

        auto banned = r->admin({"ban", "Bob", "--reason", "cheating with an engine"});
        INFO(banned.output);
        REQUIRE(banned.exit_code == 0);
        CHECK(banned.output == "Bob is banned for good\n");
        const auto banned_at = std::chrono::steady_clock::now();
        REQUIRE(bob.ws->wait_closed(std::chrono::seconds(5)));
        const auto took = std::chrono::steady_clock::now() - banned_at;
        CHECK(bob.ws->close_code() == 4003);
        CHECK(took < std::chrono::seconds(1));
        CHECK(ada.ws->request({{"type", "create_room"}, {"seats", 2}})["type"] == "room_created");  // others play on

        for (int node : {0, 1}) {
            const auto refused = sign_in(*r, node, "Bob");
            INFO(refused.body);
            CHECK(refused.status == 403);
            CHECK(json::parse(refused.body)["error"] == "banned");
            CHECK(json::parse(refused.body)["message"] == "this account is banned for good");
        }
        // Nor does his person token take his seats back as a guest.
        ws_client as_guest(r->port(1));
        const json guest = as_guest.hello("Bob", bob.person_token);
        CHECK(guest["code"] == "unknown_token");
        if (backend == "sqlite") CHECK(guest["message"] == "this account is banned for good");
        CHECK(r->admin({"bans"}).output == "Bob for good: cheating with an engine\n");
        REQUIRE(r->admin({"unban", "Bob", "--reason", "appeal accepted"}).exit_code == 0);
        CHECK(sign_in(*r, 1, "Bob").status == 200);
        CHECK(r->admin({"bans"}).output == "no one is banned\n");
    }
}

TEST_CASE("address ranges: written in one form, matched by prefix, IPv4 inside IPv6 as IPv4", "[moderation]") {
    using carc::server::moderation::in_range;
    using carc::server::moderation::normal_range;
    CHECK(normal_range("203.0.113.7") == std::optional<std::string>("203.0.113.7/32"));
    CHECK(normal_range("203.0.113.77/24") == std::optional<std::string>("203.0.113.0/24"));
    CHECK(normal_range("::ffff:10.1.2.3") == std::optional<std::string>("10.1.2.3/32"));
    CHECK(normal_range("2001:db8:1::5/32") == std::optional<std::string>("2001:db8::/32"));
    CHECK_FALSE(normal_range("10.0.0.0/33").has_value());
    CHECK_FALSE(normal_range("example.org").has_value());
    CHECK_FALSE(normal_range("10.0.0.0/").has_value());
    CHECK(in_range("10.1.2.3", "10.0.0.0/8"));
    CHECK(in_range("::ffff:10.1.2.3", "10.0.0.0/8"));
    CHECK_FALSE(in_range("11.0.0.1", "10.0.0.0/8"));
    CHECK(in_range("2001:db8:ffff::1", "2001:db8::/32"));
    CHECK_FALSE(in_range("2001:db9::1", "2001:db8::/32"));
    CHECK_FALSE(in_range("10.1.2.3", "2001:db8::/32"));
}

TEST_CASE("an address ban refuses sign-ups and guests from its range, behind the trusted proxy too", "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        member ada = sign_up(*r, 0, "Ada");  // made before the ban
        CHECK(r->admin({"ban-address", "198.51.100.300", "--reason", "x"}).exit_code == 2);
        auto banned = r->admin({"ban-address", "198.51.100.7/24", "--for", "1d", "--reason", "sign-up spam"});
        INFO(banned.output);
        REQUIRE(banned.exit_code == 0);
        CHECK(banned.output.starts_with("sign-ups and guests from 198.51.100.0/24 are refused until "));

        // The trusted proxy (127.0.0.1) says who the client is.
        const auto from = [](const std::string& address) {
            return std::map<std::string, std::string>{{"Content-Type", "application/json"}, {"X-Forwarded-For", address}};
        };
        const std::string body = json{{"name", "Spammer"}, {"password", "correct horse battery"}}.dump();
        for (int node : {0, 1}) {
            const auto refused = http_send("127.0.0.1", r->port(node), "POST", "/api/accounts", from("198.51.100.9"), body);
            INFO(refused.body);
            CHECK(refused.status == 403);
            CHECK(json::parse(refused.body)["error"] == "address_banned");
        }
        CHECK(http_send("127.0.0.1", r->port(1), "POST", "/api/accounts", from("198.51.101.9"), body).status == 201);
        // A guest from the range: its hello is answered by closing (1008, the reason said).
        ws_client guest(r->port(1), {{"X-Forwarded-For", "198.51.100.10"}});
        guest.send({{"type", "hello"}, {"protocol", 1}, {"name", "Guest"}});
        REQUIRE(guest.wait_closed(std::chrono::seconds(5)));
        CHECK(guest.close_code() == 1008);
        ws_client other(r->port(1), {{"X-Forwarded-For", "198.51.101.10"}});
        CHECK(other.hello("Guest")["type"] == "welcome");
        // An account made before signs in from there.
        CHECK(http_send("127.0.0.1", r->port(0), "POST", "/api/sessions", from("198.51.100.11"),
                        json{{"name", "Ada"}, {"password", "correct horse battery"}}.dump())
                  .status == 200);

        CHECK(r->admin({"address-bans"}).output.find("198.51.100.0/24 until ") == 0);
        REQUIRE(r->admin({"unban-address", "198.51.100.0/24", "--reason", "over"}).exit_code == 0);
        CHECK(r->admin({"address-bans"}).output == "no address is banned\n");
        CHECK(http_send("127.0.0.1", r->port(0), "POST", "/api/accounts", from("198.51.100.9"),
                        json{{"name", "Latecomer"}, {"password", "correct horse battery"}}.dump())
                  .status == 201);
        CHECK(r->admin({"log"}).output.find(" olga ban_address 198.51.100.0/24 (until ") != std::string::npos);
    }
}

TEST_CASE("a renamed account is told at its node and keeps its sessions and everything else", "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        member bob = sign_up(*r, 1, "Bob");
        member ada = sign_up(*r, 0, "Ada");
        CHECK(r->admin({"rename", "Bob", "ada", "--reason", "r"}).exit_code == 1);  // taken
        CHECK(r->admin({"rename", "Bob", " ", "--reason", "r"}).exit_code == 2);    // no name
        CHECK(r->admin({"rename", "Bob", "Robert"}).exit_code == 2);                // no reason

        auto renamed = r->admin({"rename", "bob", "Robert", "--reason", "offensive name"});
        INFO(renamed.output);
        REQUIRE(renamed.exit_code == 0);
        CHECK(renamed.output == "Bob is now Robert\n");
        const auto told = bob.ws->wait_for([](const json& m) { return m["type"] == "notice"; });
        REQUIRE(told.has_value());
        CHECK(*told == json{{"type", "notice"}, {"kind", "renamed"}, {"name", "Robert"}});

        for (int node : {0, 1}) {
            const auto me = http_get(r->port(node), "/api/me", {{"Authorization", "Bearer " + bob.token}});
            REQUIRE(me.status == 200);  // the session goes on
            CHECK(json::parse(me.body)["name"] == "Robert");
        }
        CHECK(sign_in(*r, 0, "Robert").status == 200);
        CHECK(sign_in(*r, 1, "Bob").status == 401);
        CHECK(r->admin({"log"}).output.find(" olga rename ") != std::string::npos);
    }
}

TEST_CASE("a removed chat line goes from the room's members live and from a late arrival's history", "[moderation]") {
    const std::string backend = GENERATE(as<std::string>{}, "sqlite", "postgres");
    SECTION(backend) {
        auto r = make_rig(backend);
        // All in the room's node: on PostgreSQL the tool writes to the store and that node
        // learns it from the audit log.
        member ada = sign_up(*r, 1, "Ada");
        member bob = sign_up(*r, 1, "Bob");
        member dan = sign_up(*r, 1, "Dan");
        const json created = ada.ws->request({{"type", "create_room"}, {"seats", 3}});
        REQUIRE(created["type"] == "room_created");
        const std::string room = created["room"];
        REQUIRE(bob.ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
        REQUIRE(say(bob, room, "you are all idiots")["type"] == "ack");
        const auto heard = ada.ws->wait_for([](const json& m) { return m["type"] == "chat"; });
        REQUIRE(heard.has_value());
        const std::int64_t time = (*heard)["time"];
        const std::string bob_person = (*heard)["from"];
        // Dan's seat is stored after the line (one writer, in order): the line is in the store.
        REQUIRE(dan.ws->request({{"type", "join"}, {"room", room}})["type"] == "joined");
        const std::string at = std::to_string(time);

        CHECK(r->admin({"remove-chat", room, at, "--reason", "r"}).exit_code == 2);             // no --from
        CHECK(r->admin({"remove-chat", room, "soon", "--from", "Bob", "--reason", "r"}).exit_code == 2);
        CHECK(r->admin({"remove-chat", room, at, "--from", "Bob"}).exit_code == 2);             // no reason
        const auto wrong_time = r->admin({"remove-chat", room, std::to_string(time + 1), "--from", "Bob",
                                          "--reason", "r"});
        CHECK(wrong_time.exit_code == 1);
        CHECK(wrong_time.output == "no such chat line: room " + room + " keeps no line of Bob at " +
                                       std::to_string(time + 1) +
                                       " (the store keeps a room's last 100 lines said before its game ended)\n");
        CHECK(r->admin({"remove-chat", room, at, "--from", "Ada", "--reason", "r"}).exit_code == 1);

        auto removed = r->admin({"remove-chat", room, at, "--from", "bob", "--reason", "insults"});
        INFO(removed.output);
        REQUIRE(removed.exit_code == 0);
        CHECK(removed.output == "Bob's line at " + at + " in room " + room + " is removed: \"you are all idiots\"\n");
        const json told = {{"type", "chat_removed"}, {"room", room}, {"from", bob_person}, {"time", time}};
        for (member* m : {&ada, &bob, &dan}) {
            const auto got = m->ws->wait_for([](const json& msg) { return msg["type"] == "chat_removed"; });
            REQUIRE(got.has_value());
            CHECK(*got == told);
        }
        const auto twice = r->admin({"remove-chat", room, at, "--from", "Bob", "--reason", "again"});
        CHECK(twice.exit_code == 1);
        CHECK(twice.output == "Bob's line at " + at + " in room " + room + " was removed already\n");

        // A late arrival sees who said a line and when, not what.
        member cy = sign_up(*r, 1, "Cy");
        REQUIRE(cy.ws->request({{"type", "spectate"}, {"room", room}})["type"] == "joined");
        const json history = cy.ws->request({{"type", "history"}, {"room", room}});
        REQUIRE(history["type"] == "history");
        CHECK(history["chat"] ==
              json::array({{{"from", bob_person}, {"name", "Bob"}, {"time", time}, {"removed", true}}}));
        // Nor does the sender's own data claim the text.
        const auto exported = http_get(r->port(1), "/api/me/export", {{"Authorization", "Bearer " + bob.token}});
        REQUIRE(exported.status == 200);
        CHECK(json::parse(exported.body)["chat"] ==
              json::array({{{"room", room}, {"seat", 1}, {"name", "Bob"}, {"time_ms", time}, {"removed", true}}}));

        const auto log = r->admin({"log"}).output;
        INFO(log);
        CHECK(log.find(" olga remove_chat " + room + " (line of Bob (" + bob_person + ") at " + at +
                       "): insults\n") != std::string::npos);
        CHECK(log.find("again") == std::string::npos);  // a refused removal writes nothing
    }
}

TEST_CASE("a removed line's audit detail names its sender and time, whatever the name holds", "[moderation]") {
    using carc::server::moderation::chat_removal_detail;
    using carc::server::moderation::parse_chat_removal_detail;
    const std::string detail = chat_removal_detail("Bob (at) 12", "p3f9", 1746126120000);
    CHECK(detail == "line of Bob (at) 12 (p3f9) at 1746126120000");
    const auto line = parse_chat_removal_detail(detail);
    REQUIRE(line.has_value());
    CHECK(line->person_id == "p3f9");
    CHECK(line->time_ms == 1746126120000);
    CHECK_FALSE(parse_chat_removal_detail("Bob until 2026-05-01").has_value());
    CHECK_FALSE(parse_chat_removal_detail("line of Bob () at 12").has_value());
    CHECK_FALSE(parse_chat_removal_detail("line of Bob (p1) at 12x").has_value());
}

#pragma once
// One room run in process, without a server or a WebSocket: the room's strand runs on an
// io_context the test drives (settle() runs every handler that is ready), people talk to it
// through recording_link fakes, and requests go in as the protocol's own parsed messages. What
// each person was sent is read back exactly; timers (grace, bots' pause) run only when a test
// polls past them, so nothing here depends on timing.

#include <map>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include "app/shared_state.hpp"
#include "carc/protocol/messages.hpp"
#include "persistence/journal.hpp"
#include "recording_link.hpp"
#include "rooms/room.hpp"
#include "test_server.hpp"
#include "view_follower.hpp"

namespace carc::test {

using nlohmann::json;

class room_harness {
public:
    struct person {
        std::string id;
        std::string name;
        std::shared_ptr<recording_link> link;
    };

    explicit room_harness(server::server_config config = test_config(),
                          std::shared_ptr<server::room_journal> journal = std::make_shared<server::null_journal>())
        : state_(std::move(config), ioc_, std::move(journal)) {}
    ~room_harness() {
        for (auto& [id, r] : rooms_) r->shutdown();
        settle();
    }

    // Someone who said hello: known to the person registry, connected through a fake link.
    person& arrive(const std::string& name) {
        const auto identity = state_.persons.create(name);
        auto link = std::make_shared<recording_link>();
        state_.persons.attach(identity.id, link);
        auto& p = people_[identity.id];
        p = person{identity.id, identity.name, link};
        return p;
    }

    // `host` creates a room with the fields of a create_room request (as websocket_session
    // does); returns the room id. The host's messages stay on its link.
    std::string create(person& host, json fields = {{"seats", 2}}) {
        fields["type"] = "create_room";
        const auto parsed = protocol::parse_client_message(fields.dump());
        REQUIRE(parsed.message);
        auto settings = std::get<protocol::CreateRoom>(*parsed.message).settings;
        if (settings.name.empty()) settings.name = host.name + "'s room";
        const std::string id = state_.rooms.next_room_id();
        const std::string invite = "invite-" + id;
        auto r = std::make_shared<server::room>(state_.room_needs, id, invite, std::move(settings));
        state_.rooms.add(r, id, invite);
        rooms_[id] = r;
        r->open(server::requester{host.id, host.name, host.link, next_request_id_++});
        settle();
        return id;
    }

    // `who` sends a room request (a JSON message with "type" and "room"); the room handles it
    // on its strand, which runs to rest. Returns the request id the reply carries.
    int send(person& who, json message, bool by_invite = false) {
        const int id = next_request_id_++;
        message["id"] = id;
        auto parsed = protocol::parse_client_message(message.dump());
        INFO(message.dump());
        REQUIRE(parsed.message);
        room(message.at("room")).handle(server::requester{who.id, who.name, who.link, id},
                                        std::move(*parsed.message), by_invite);
        settle();
        return id;
    }

    // The connection drops / comes back (as websocket_session reports to every room of a person).
    void drop(person& who, const std::string& room_id) {
        room(room_id).detach(who.id, who.link->id());
        settle();
    }
    void reconnect(person& who, const std::string& room_id) {
        who.link = std::make_shared<recording_link>();
        state_.persons.attach(who.id, who.link);
        room(room_id).attach(who.id, who.name, who.link);
        settle();
    }

    // Runs every handler that is ready now (not timers still waiting), until none is left.
    void settle() {
        for (;;) {
            ioc_.restart();
            if (ioc_.poll() == 0) return;
        }
    }

    server::room& room(const std::string& id) { return *rooms_.at(id); }
    server::shared_state& state() { return state_; }

private:
    boost::asio::io_context ioc_;
    server::shared_state state_;
    std::map<std::string, person> people_;
    std::map<std::string, std::shared_ptr<server::room>> rooms_;
    int next_request_id_ = 1;
};

// Of `messages`, the one that answers request `id` (nullopt when none does).
inline std::optional<json> reply_to(const std::vector<json>& messages, int id) {
    for (const auto& m : messages)
        if (m.contains("id") && m["id"] == id) return m;
    return std::nullopt;
}

// The types of `messages`, in order: what a test compares exactly.
inline std::vector<std::string> types_of(const std::vector<json>& messages) {
    std::vector<std::string> out;
    for (const auto& m : messages) out.push_back(m.value("type", ""));
    return out;
}

// Asks for a snapshot for `who` and checks that `held` (built from patches) equals it.
inline void check_against_snapshot(room_harness& h, room_harness::person& who, const view_follower& held) {
    const int id = h.send(who, {{"type", "snapshot"}, {"room", held.room}});
    const auto sent = who.link->take();
    REQUIRE(sent.size() == 1);
    CHECK(sent[0]["id"] == id);
    CHECK(sent[0]["version"] == held.version);
    CHECK(sent[0]["view"] == held.view);
}

// A person in one room as their client sees it, the harness's counterpart of game_driver.hpp's
// viewer: every message their link was sent, kept in order, and the view they follow from it.
struct room_member {
    room_member(room_harness& harness, room_harness::person& p, std::string room_id)
        : h(harness), who(p), follower(std::move(room_id)) {}

    room_harness& h;
    room_harness::person& who;
    view_follower follower;
    std::vector<json> received;

    const std::string& room() const { return follower.room; }
    const json& view() const { return follower.view; }
    // Takes in what the link was sent since the last read.
    void read() {
        for (auto& m : who.link->take()) {
            follower.absorb(m);
            received.push_back(std::move(m));
        }
    }
    // Checks that the followed view equals the snapshot the room sends when asked.
    void check_against_snapshot() {
        read();
        test::check_against_snapshot(h, who, follower);
    }
    // Sends a request of this room (its "room" is filled in) and returns the reply.
    json request(json message) {
        message["room"] = room();
        const int id = h.send(who, std::move(message));
        read();
        const auto reply = reply_to(received, id);
        INFO("request " << id);
        REQUIRE(reply);
        return *reply;
    }
};

// The usual opening: Ada hosts a room (two seats unless `fields` say otherwise); Bob is known
// but not seated. Both are followed as room members.
struct hosted_room {
    explicit hosted_room(json fields = {{"seats", 2}}, server::server_config config = test_config())
        : h(std::move(config)), room(h.create(ada_person, std::move(fields))) {}

    room_harness h;
    room_harness::person& ada_person = h.arrive("Ada");
    room_harness::person& bob_person = h.arrive("Bob");
    std::string room;
    room_member ada{h, ada_person, room};
    room_member bob{h, bob_person, room};
};

}  // namespace carc::test

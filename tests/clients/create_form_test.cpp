// The create form offers only what the server accepts: every form reachable by keys gives a
// create_room request that the protocol reads and the engine's Game::create accepts (the
// server's own check), and the settings it cannot offer say why.

#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "carc/game.hpp"
#include "carc/protocol/settings.hpp"
#include "bot_keys.hpp"
#include "create_form.hpp"
#include "i18n.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

auto key_of(const CreateForm& f) {
    return std::make_tuple(f.castle, f.seats, f.bots, f.tower, f.tower_rules, f.river2, f.count, f.king_robber, f.cult);
}

bool server_accepts(const json& request, std::string& error) {
    carc::protocol::RoomSettings settings = request;
    return carc::Game::create(settings.config, &error) != nullptr;
}

}  // namespace

TEST_CASE("every form reachable by keys is a room the server accepts") {
    set_language(Lang::en);
    std::set<decltype(key_of(CreateForm{}))> seen;
    std::vector<CreateForm> todo{CreateForm{}};
    bool six_with_tower = false, castle = false, five_without_tower = false;
    // Rows 0-9: game, seats, bots, bot kind, the expansions (private and clock change nothing the
    // engine checks).
    while (!todo.empty()) {
        const CreateForm f = todo.back();
        todo.pop_back();
        if (!seen.insert(key_of(f)).second) continue;
        std::string error;
        INFO(f.request().dump());
        REQUIRE(server_accepts(f.request(), error));
        six_with_tower |= f.seats == 6 && f.tower && !f.castle;
        five_without_tower |= f.seats == 5 && !f.tower && !f.castle;
        castle |= f.castle;
        for (int row = 0; row < 10; ++row)
            for (int delta : {-1, 1}) {
                CreateForm next = f;
                next.row = row;
                next.change(delta);
                next.row = 0;
                todo.push_back(next);
            }
    }
    CHECK(six_with_tower);
    CHECK(five_without_tower);
    CHECK(castle);
    CHECK(seen.size() > 500);
}

TEST_CASE("what the form cannot offer is off, and says why") {
    set_language(Lang::en);
    CreateForm form;
    form.row = 1;
    for (int i = 0; i < 6; ++i) form.change(1);
    CHECK(form.seats == 5);  // 6 only with The Tower
    CHECK(form.rows()[1].why == "2-5 players; 6 with The Tower");
    form.row = 4;
    form.change(1);  // The Tower on
    form.row = 1;
    form.change(1);
    CHECK(form.seats == 6);
    CHECK_FALSE(form.rows()[4].enabled);  // The Tower cannot go off with 6 seats
    CHECK(form.rows()[4].why == "6 players need The Tower");
    form.row = 4;
    form.change(1);
    CHECK(form.tower);

    form.row = 0;
    form.change(1);  // The Castle: 2 seats, no expansions, said on each row
    CHECK(form.seats == 2);
    const auto rows = form.rows();
    CHECK_FALSE(rows[1].enabled);
    CHECK(rows[1].why == "The Castle is for exactly 2 players");
    for (int r = 4; r <= 9; ++r) {
        CHECK_FALSE(rows[static_cast<std::size_t>(r)].enabled);
        CHECK(rows[static_cast<std::size_t>(r)].why == "The Castle takes no expansions");
    }
    CHECK_FALSE(form.request().contains("expansions"));
    // Moving skips the rows that are off.
    form.row = 0;
    form.move(1);
    CHECK(form.row == 2);
    form.move(1);
    form.move(1);
    CHECK(form.row == 10);
}

TEST_CASE("the bot kind row steps through every bot by strength, greedy first") {
    set_language(Lang::en);
    CreateForm form;
    form.row = 3;
    CHECK(form.rows()[3].value == "greedy");
    CHECK(form.request()["bots"][0]["kind"] == "greedy");
    form.change(-1);
    form.change(-1);
    std::vector<std::string> seen;
    for (int i = 0; i < 8; ++i) {
        const carc::protocol::RoomSettings settings = form.request();  // the server reads it
        REQUIRE(settings.bots.size() == 1);
        seen.emplace_back(carc::protocol::to_string(settings.bots[0].kind));
        form.change(1);
    }
    CHECK(seen == std::vector<std::string>{"random", "beginner", "greedy", "apprentice", "amateur", "easy", "medium", "hard"});
    CHECK(form.rows()[3].value == "random");  // and round again
    set_language(Lang::ru);
    form.change(1);
    CHECK(form.rows()[3].value == "начинающий");
    set_language(Lang::en);
}

TEST_CASE("the waiting room's bot keys put in every kind the form offers, and only those") {
    std::set<std::string> from_keys;
    for (int k = 0; k < 128; ++k)
        if (const char* kind = bot_for_key(k)) {
            carc::BotKind parsed{};
            INFO(kind);
            CHECK(carc::protocol::bot_kind_from_string(kind, parsed));  // the server takes it
            from_keys.insert(kind);
        }
    CHECK(from_keys == std::set<std::string>(bot_kinds().begin(), bot_kinds().end()));
    CHECK(std::string(bot_for_key('b')) == "beginner");
    CHECK(std::string(bot_for_key('p')) == "apprentice");
    CHECK(std::string(bot_for_key('u')) == "amateur");
    CHECK(bot_for_key('x') == nullptr);  // remove the last bot
}

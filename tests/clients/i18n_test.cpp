// The client's words: both catalogues have the same keys (plurals in each language's forms) and
// placeholders, the bottom line's key hints fit 80 columns, plurals follow Russian grammar,
// errors are worded from code + params, and a Russian game reads in Russian.

#include <catch2/catch.hpp>

#include <clocale>
#include <map>
#include <regex>
#include <set>

#include "client_model.hpp"
#include "error_text.hpp"
#include "event_text.hpp"
#include "i18n.hpp"
#include "text_width.hpp"

using namespace carc::term;
using nlohmann::json;

namespace {

// key -> plural forms present ("" for a key without plurals).
std::map<std::string, std::set<std::string>> keys_of(Lang lang) {
    std::map<std::string, std::set<std::string>> out;
    for (const auto& [key, text] : catalog(lang)) {
        const std::string k(key);
        const auto hash = k.find('#');
        out[k.substr(0, hash)].insert(hash == std::string::npos ? "" : k.substr(hash + 1));
    }
    return out;
}

std::set<std::string> placeholders(std::string_view text) {
    std::set<std::string> out;
    const std::string s(text);
    const std::regex re("\\{([a-z]+)\\}");
    for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
    return out;
}

struct LanguageGuard {
    explicit LanguageGuard(Lang lang) { set_language(lang); }
    ~LanguageGuard() { set_language(Lang::en); }
};

}  // namespace

TEST_CASE("English and Russian have the same keys, plural forms and placeholders") {
    const auto en = keys_of(Lang::en), ru = keys_of(Lang::ru);
    for (const auto& [key, forms] : en) {
        INFO(key);
        REQUIRE(ru.count(key) == 1);
        if (forms == std::set<std::string>{""}) CHECK(ru.at(key) == std::set<std::string>{""});
        else CHECK(ru.at(key) == std::set<std::string>{"one", "few", "many"});
        if (forms != std::set<std::string>{""}) CHECK(forms == std::set<std::string>{"one", "other"});
    }
    for (const auto& [key, forms] : ru) CHECK(en.count(key) == 1);
    std::map<std::string, std::string_view> english;
    for (const auto& [key, text] : catalog(Lang::en)) english[std::string(key)] = text;
    for (const auto& [key, text] : catalog(Lang::ru)) {
        std::string base(key);
        if (base.find('#') != std::string::npos) continue;  // plural forms may drop {count}
        INFO(base);
        // Where a follower goes, Russian words by its case ({onto}), English by the name of the
        // feature ({feature}); the code passes both.
        auto ru_names = placeholders(text), en_names = placeholders(english.at(base));
        if (ru_names.count("onto") && en_names.count("feature") && !en_names.count("onto")) {
            ru_names.erase("onto");
            en_names.erase("feature");
        }
        CHECK(ru_names == en_names);
    }
}

TEST_CASE("the key hints of every screen fit 80 columns in both languages, and q quits on each") {
    std::setlocale(LC_CTYPE, "C.UTF-8");
    // The bars of the screens (not of a prompt, a question or an overlay) all say how to quit.
    const std::set<std::string_view> screens = {"keys.lobby", "keys.create", "keys.waiting_host", "keys.waiting", "keys.place",
                                                "keys.decide", "keys.decide_no_pass", "keys.wait", "keys.watch"};
    for (const Lang lang : {Lang::en, Lang::ru})
        for (const auto& [key, text] : catalog(lang))
            if (key.substr(0, 5) == "keys.") {
                INFO(std::string(key) << ": " << text);
                CHECK(display_width(text) <= 79);
                if (screens.count(key)) CHECK(text.find(lang == Lang::en ? "q quit" : "q выход") != std::string_view::npos);
            }
}

TEST_CASE("Russian plurals, the language from the locale") {
    CHECK(plural_form(Lang::ru, 1) == "one");
    CHECK(plural_form(Lang::ru, 21) == "one");
    CHECK(plural_form(Lang::ru, 3) == "few");
    CHECK(plural_form(Lang::ru, 12) == "many");
    CHECK(plural_form(Lang::ru, 25) == "many");
    CHECK(plural_form(Lang::en, 1) == "one");
    CHECK(plural_form(Lang::en, 0) == "other");
    CHECK(language_of_locale("ru_RU.UTF-8") == Lang::ru);
    CHECK(language_of_locale("en_GB.UTF-8") == Lang::en);
    CHECK(language_of_locale("C") == Lang::en);
    LanguageGuard ru(Lang::ru);
    CHECK(tr("side.places_fit", {{"count", "1"}}) == "встаёт в 1 место");
    CHECK(tr("side.places_fit", {{"count", "3"}}) == "встаёт в 3 места");
    CHECK(tr("side.places_fit", {{"count", "11"}}) == "встаёт в 11 мест");
    CHECK(tr("no.such.key") == "no.such.key");
}

TEST_CASE("errors are worded from their code and params, else the server's message") {
    CHECK(error_text({{"code", "not_your_turn"}, {"message", "it is Bob's decision"}, {"params", {{"name", "Bob"}}}}) ==
          "it is Bob's decision");
    CHECK(error_text({{"code", "illegal_action"}, {"message", "x"}, {"params", {{"rule", "edges_mismatch"}}}}) ==
          "not allowed: the edges do not match");
    CHECK(error_text({{"code", "bad_field"}, {"message", "field 'seats': 2 to 6"}}) == "error: field 'seats': 2 to 6");
    CHECK(error_text({{"code", "something_new"}, {"message", "a new error"}}) == "error: a new error");
    LanguageGuard ru(Lang::ru);
    CHECK(error_text({{"code", "not_your_turn"}, {"message", "it is Bob's decision"}, {"params", {{"name", "Bob"}}}}) ==
          "сейчас решает Bob");
    CHECK(error_text({{"code", "bad_field"}, {"message", "m"}, {"params", {{"field", "seats"}}}}) ==
          "ошибка: неверное значение в «seats»");
    CHECK(error_text({{"code", "stale_version"}, {"message", "m"}, {"params", {{"version", 17}}}}) ==
          "игра ушла вперёд; попробуйте ещё раз");
}

TEST_CASE("a game in Russian: the log, the choices, bots by seat") {
    LanguageGuard ru(Lang::ru);
    const SeatNamer name = [](int seat) { return std::string(seat == 0 ? "Ада" : "Боб"); };
    CHECK(describe_event({{"type", "tile_placed"}, {"player", 0}, {"tile", "B-U"}, {"x", 1}, {"y", 0}}, name) ==
          "Ада: квадрат B-U на (1,0)");
    CHECK(describe_event({{"type", "feature_scored"}, {"feature", "city"}, {"points", 8}, {"scorers", {1}}}, name) ==
          "город: 8 очков — Боб");
    // Names are never declined, quarters stand in the prepositional case with their preposition.
    CHECK(describe_event({{"type", "count_moved"}, {"quarter", "market"}}, name) == "Граф теперь на рынке");
    CHECK(describe_event({{"type", "quarter_follower_placed"}, {"player", 1}, {"quarter", "castle"}}, name) ==
          "Боб: подданный теперь во дворце");
    CHECK(describe_action({{"type", "city_follower"}, {"quarter", "blacksmith"}}, {{"phase", "city_follower"}}, TileBook(), name) ==
          "поставить подданного в кузнице");
    CHECK(describe_action({{"type", "move_count"}, {"quarter", "cathedral"}}, {{"phase", "move_count"}}, TileBook(), name) ==
          "поставить графа в соборе");
    CHECK(describe_action({{"type", "pass"}}, {{"phase", "move_count"}, {"count_quarter", "castle"}}, TileBook(), name) ==
          "пас (граф остаётся во дворце)");
    CHECK(tr("form.room_name", {{"name", "Ирина"}}) == "Комната: Ирина");
    CHECK(tr("side.ransom", {{"who", "Бот 2"}}) == "$: выкупить подданного у игрока Бот 2 за 3 очка");
    const json deciding = {{"phase", "place_follower"}};
    const TileBook none;
    CHECK(describe_action({{"type", "pass"}}, deciding, none, name) == "без подданного (пас)");
    CHECK(describe_action({{"type", "add_floor"}, {"x", 2}, {"y", -1}}, deciding, none, name) == "ярус башни (2,-1)");

    ClientModel model("Ада");
    json view = {{"room", {{"id", "r1"}, {"status", "waiting"}, {"host", "p1"},
                           {"seats", {{{"seat", 0}, {"kind", "human"}, {"person", "p1"}, {"name", "Ада"}},
                                      {{"seat", 1}, {"kind", "bot"}, {"bot", "greedy"}, {"name", "Bot 2 (greedy)"}},
                                      {{"seat", 2}, {"kind", "bot"}, {"bot", "greedy"}, {"name", "Bot 3 (greedy)"}}}}}},
                 {"you", {{"seat", 0}, {"legal", json::array()}}}, {"game", nullptr}};
    model.handle({{"type", "snapshot"}, {"room", "r1"}, {"version", 1}, {"view", view}});
    CHECK(model.seat_name(0) == "Ада");
    CHECK(model.seat_name(1) == "Бот 2 (жадный)");
    CHECK(model.seat_name(2) == "Бот 3 (жадный)");
}

// The client's words: both catalogues have the same keys (plurals in each language's forms) and
// placeholders, the bottom line's key hints fit 80 columns, plurals follow Russian grammar,
// errors are worded from code + params, and a Russian game reads in Russian.

#include <catch2/catch.hpp>

#include <clocale>
#include <map>
#include <algorithm>
#include <regex>
#include <set>
#include <vector>

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
                                                "keys.decide", "keys.decide_no_pass", "keys.wait", "keys.watch",
                                                "keys.game_over", "keys.my_games_finished", "keys.review",
                                                "keys.review_wait", "keys.replay"};
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
          "Ада кладёт квадрат B-U на (1,0)");
    CHECK(describe_event({{"type", "feature_scored"}, {"feature", "city"}, {"points", 8}, {"scorers", {1}}}, name) ==
          "город приносит 8 очков — Боб");
    // Names are never declined, quarters stand in the prepositional case with their preposition.
    CHECK(describe_event({{"type", "count_moved"}, {"quarter", "market"}}, name) == "Граф теперь стоит на рынке");
    CHECK(describe_event({{"type", "quarter_follower_placed"}, {"player", 1}, {"quarter", "castle"}}, name) ==
          "Боб ставит подданного во дворце");
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
    CHECK(describe_action({{"type", "add_floor"}, {"x", 2}, {"y", -1}}, deciding, none, name) == "надстроить башню (2,-1)");

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

namespace {

// A Russian noun (or adjective and noun) after a number, in the three forms the number asks for:
// one (1, 21), few (2-4, 22) and many (5-20, 11, 25), after the preposition `after` ("" for the
// plain case and for prepositions that keep it).
struct Counted {
    std::string after, one, few, many;
};

const std::vector<Counted>& counted_words() {
    static const std::vector<Counted> words = {
        {"", "очко", "очка", "очков"},
        {"", "квадрат", "квадрата", "квадратов"},
        {"на", "квадрате", "квадратах", "квадратах"},
        {"из", "квадрата", "квадратов", "квадратов"},
        {"", "место", "места", "мест"},
        {"", "бот", "бота", "ботов"},
        {"", "игрок", "игрока", "игроков"},
        {"для", "игрока", "игроков", "игроков"},
        {"", "игроку", "игрокам", "игрокам"},
        {"", "строка", "строки", "строк"},
        {"", "завершённый город", "завершённых города", "завершённых городов"},
        {"", "завершённую дорогу", "завершённые дороги", "завершённых дорог"},
        {"", "неточность", "неточности", "неточностей"},
        {"", "ошибка", "ошибки", "ошибок"},
        {"", "грубая ошибка", "грубые ошибки", "грубых ошибок"},
        {"", "день", "дня", "дней"},
        {"", "час", "часа", "часов"},
        {"", "минута", "минуты", "минут"},
    };
    return words;
}

// Words that may follow a number without agreeing with it: units, directions, prepositions.
const std::set<std::string> not_counted = {"мин", "с", "выше", "ниже", "за", "до", "и"};

// Placeholders that take a number; every other one gets a name.
const std::set<std::string> numeric = {"count", "points", "n", "min", "max", "s", "limit", "size", "games", "wins",
                                       "rank", "rating", "rd", "seat_number", "last", "score", "tiles", "followers",
                                       "taken", "seats", "turn", "left", "version", "width", "height", "min_width",
                                       "min_height"};

std::string form_for(long long n, const Counted& w) {
    const std::string_view f = plural_form(Lang::ru, n);
    return f == "one" ? w.one : f == "few" ? w.few : w.many;
}

// The text's words, split at spaces, without the punctuation around them; `ends` marks a word
// that punctuation closed (the next word is not about it).
struct Word {
    std::string text;
    bool ends = false;
};

std::vector<Word> words_of(const std::string& text) {
    const auto starts_with = [](const std::string& w, std::string_view p) { return w.compare(0, p.size(), p) == 0; };
    const auto ends_with = [](const std::string& w, std::string_view p) {
        return w.size() >= p.size() && w.compare(w.size() - p.size(), p.size(), p) == 0;
    };
    std::vector<Word> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t end = std::min(text.find(' ', i), text.size());
        Word w{text.substr(i, end - i)};
        for (bool cut = true; cut && !w.text.empty();) {
            cut = false;
            if (w.text.front() == '(') w.text.erase(0, 1), cut = true;
            else if (starts_with(w.text, "«")) w.text.erase(0, std::string_view("«").size()), cut = true;
        }
        for (bool cut = true; cut && !w.text.empty();) {
            cut = false;
            if (std::string_view(",:;.)!?").find(w.text.back()) != std::string_view::npos) w.text.pop_back(), cut = w.ends = true;
            else if (ends_with(w.text, "»")) w.text.resize(w.text.size() - std::string_view("»").size()), cut = w.ends = true;
        }
        out.push_back(w);
        i = end + 1;
    }
    return out;
}

// What is wrong with the words after each number in `text` (empty when nothing is).
std::vector<std::string> agreement_errors(const std::string& text) {
    std::vector<std::string> out;
    const std::vector<Word> w = words_of(text);
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        const std::string& number = w[i].text;
        if (number.empty() || w[i].ends || number.find_first_not_of("0123456789") != std::string::npos) continue;
        const long long n = std::stoll(number);
        const std::string& next = w[i + 1].text;
        if (next.empty() || !(static_cast<unsigned char>(next[0]) & 0x80) || not_counted.count(next)) continue;
        const std::string two = i + 2 < w.size() && !w[i + 1].ends ? next + " " + w[i + 2].text : next;
        const std::string before = i > 0 ? w[i - 1].text : "";
        // The forms after this preposition first, then the plain ones; two words before one.
        const Counted* found = nullptr;
        std::string said;
        for (const bool after_prep : {true, false})
            for (const std::string& candidate : {two, next})
                for (const Counted& c : counted_words())
                    if (!found && (after_prep ? c.after == before : c.after.empty()) &&
                        (c.one == candidate || c.few == candidate || c.many == candidate)) {
                        found = &c;
                        said = candidate;
                    }
        if (!found) {
            out.push_back("\"" + next + "\" after " + number + " is not a counted word the test knows");
            continue;
        }
        if (said != form_for(n, *found)) out.push_back(number + " " + said + " (want " + form_for(n, *found) + ")");
    }
    return out;
}

}  // namespace

TEST_CASE("every Russian message with a number agrees with it: 1, 2, 5, 11, 21, 22") {
    LanguageGuard ru(Lang::ru);
    std::set<std::string> keys;
    for (const auto& [key, text] : catalog(Lang::ru)) keys.insert(std::string(key.substr(0, key.find('#'))));
    int checked = 0;
    for (const std::string& key : keys) {
        std::set<std::string> names;
        for (const auto& [k, text] : catalog(Lang::ru))
            if (k.substr(0, k.find('#')) == key)
                for (const std::string& p : placeholders(text)) names.insert(p);
        for (const long long n : {1, 2, 5, 11, 21, 22}) {
            std::vector<Arg> args;
            for (const std::string& p : names) args.emplace_back(p, numeric.count(p) ? std::to_string(n) : "Ada");
            if (!names.count("count")) args.emplace_back("count", std::to_string(n));  // plural forms may drop it
            const std::string text = tr(key, args);
            std::string errors;
            for (const std::string& e : agreement_errors(text)) errors += e + "; ";
            INFO(key << " with " << n << ": " << text << " -> " << errors);
            CHECK(errors.empty());
            ++checked;
        }
    }
    CHECK(checked > 6 * 300);
    // The checker itself: a slip is caught.
    CHECK(agreement_errors("4 очка за 4 завершённых городов") == std::vector<std::string>{"4 завершённых городов (want завершённых города)"});
    CHECK(agreement_errors("1 оч.").size() == 1);
}

TEST_CASE("Russian moves and decisions are sentences with their verb and counted words") {
    LanguageGuard ru(Lang::ru);
    const SeatNamer name = [](int seat) { return std::string(seat == 0 ? "Ада" : "Боб"); };
    CHECK(tr("side.your_turn", {{"what", tr("phase.yours.city_follower")}}) == "Ваш ход: отправить подданного в квартал Каркассона?");
    CHECK(describe_action({{"type", "market_move"}, {"x", -2}, {"y", -1}}, {{"phase", "market_move"}}, TileBook(), name) ==
          "перевести подданного с рынка на поле (-2,-1)");
    const auto scored = [&](const char* feature, int count, int points) {
        return describe_event({{"type", "token_scored"}, {"player", 0}, {"feature", feature}, {"count", count}, {"points", points}}, name);
    };
    CHECK(scored("road", 1, 1) == "Ада: рыцарь-разбойник приносит 1 очко за 1 завершённую дорогу");
    CHECK(scored("city", 4, 4) == "Ада: король приносит 4 очка за 4 завершённых города");
    CHECK(scored("city", 21, 22) == "Ада: король приносит 22 очка за 21 завершённый город");
    CHECK(scored("road", 11, 5) == "Ада: рыцарь-разбойник приносит 5 очков за 11 завершённых дорог");
    CHECK(describe_event({{"type", "token_taken"}, {"player", 1}, {"feature", "city"}, {"count", 21}}, name) ==
          "Боб получает короля (город из 21 квадрата)");
    CHECK(describe_event({{"type", "ransom_paid"}, {"player", 1}, {"target_player", 0}, {"points", 3}}, name) ==
          "Боб платит игроку Ада выкуп 3 очка");
    CHECK(describe_event({{"type", "follower_placed"}, {"player", 0}, {"feature", "city"}}, name) == "Ада ставит подданного в город");
}

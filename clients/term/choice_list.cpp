#include "choice_list.hpp"

#include <algorithm>

#include "game_scene.hpp"
#include "i18n.hpp"
#include "text_width.hpp"

namespace carc::term {

using nlohmann::json;

std::vector<std::string> choice_keys(const std::vector<json>& options) {
    std::vector<std::string> keys;
    int number = 0;
    for (const json& o : options) {
        if (o.value("type", std::string()) == "pass") keys.emplace_back("p");
        else keys.push_back(++number <= 9 ? std::to_string(number) : "");
    }
    return keys;
}

std::optional<std::size_t> option_for_number(const std::vector<json>& options, int n) {
    const auto keys = choice_keys(options);
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == std::to_string(n)) return i;
    return std::nullopt;
}

namespace {

// One choice as rows: "K text", the rest indented under the text.
std::vector<std::string> choice_lines(const std::string& key, const std::string& text, int width) {
    const std::string head = pad(key, 1) + " ";
    std::vector<std::string> lines;
    for (const std::string& part : wrap(text, std::max(1, width - 2)))
        lines.push_back((lines.empty() ? head : "  ") + part);
    if (lines.empty()) lines.push_back(head);
    return lines;
}

}  // namespace

std::vector<ChoiceRow> layout_choices(const std::vector<json>& options, const std::vector<std::string>& texts,
                                      std::size_t selected, int width, int rows) {
    std::vector<ChoiceRow> out;
    if (options.empty() || rows <= 0) return out;
    const auto keys = choice_keys(options);
    const auto pass = pass_option(options);
    std::vector<std::vector<std::string>> lines(options.size());
    for (std::size_t i = 0; i < options.size(); ++i)
        lines[i] = choice_lines(keys[i], i < texts.size() ? texts[i] : std::string(), width);
    std::vector<std::size_t> order;  // every choice but pass, in the server's order
    for (std::size_t i = 0; i < options.size(); ++i)
        if (i != pass) order.push_back(i);
    const int pass_rows = pass ? static_cast<int>(lines[*pass].size()) : 0;
    const int list_rows = std::max(1, rows - pass_rows);
    const int n = static_cast<int>(order.size());
    auto height = [&](int k) { return static_cast<int>(lines[order[static_cast<std::size_t>(k)]].size()); };

    // The window [a, b] of choices: all when they fit, else grown around the selected one,
    // leaving a row for each marker it needs.
    int a = 0, b = n - 1;
    int used = 0;
    for (int k = 0; k < n; ++k) used += height(k);
    if (n > 0 && used > list_rows) {
        const auto at = std::find(order.begin(), order.end(), selected);
        const int sel = at == order.end() ? 0 : static_cast<int>(at - order.begin());
        a = b = sel;
        used = height(sel);
        auto fits = [&](int na, int nb, int extra) { return used + extra + (na > 0) + (nb < n - 1) <= list_rows; };
        for (bool grew = true; grew;) {
            grew = false;
            if (b + 1 < n && fits(a, b + 1, height(b + 1))) used += height(++b), grew = true;
            if (a > 0 && fits(a - 1, b, height(a - 1))) used += height(--a), grew = true;
        }
    }
    if (a > 0) out.push_back({tr("side.more_above", {{"count", std::to_string(a)}}), false, true});
    for (int k = a; k <= b && n > 0; ++k) {
        const std::size_t i = order[static_cast<std::size_t>(k)];
        for (const std::string& l : lines[i]) out.push_back({l, i == selected, false});
    }
    if (b < n - 1) out.push_back({tr("side.more_below", {{"count", std::to_string(n - 1 - b)}}), false, true});
    if (static_cast<int>(out.size()) > list_rows) out.resize(static_cast<std::size_t>(list_rows));  // one choice taller than the list
    if (pass)
        for (const std::string& l : lines[*pass]) out.push_back({l, *pass == selected, false});
    return out;
}

}  // namespace carc::term

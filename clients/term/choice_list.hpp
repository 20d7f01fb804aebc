#pragma once
// The side panel's list of choices, laid out without a terminal: each choice's key (1-9 in the
// server's order, pass not counted, so no number is skipped when a choice such as a ransom
// follows pass), its text wrapped to the panel's width (never cut), and the window of rows
// around the selected choice with `more above`/`more below` markers, pass always last.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carc::term {

// The key of each option: "1".."9", "p" for pass, "" after the ninth.
std::vector<std::string> choice_keys(const std::vector<nlohmann::json>& options);
// The option taken with the digit `n` (1-9), if any.
std::optional<std::size_t> option_for_number(const std::vector<nlohmann::json>& options, int n);

struct ChoiceRow {
    std::string text;
    bool selected = false;
    bool marker = false;  // "^ 2 more above" / "v 3 more below"
};

// The rows of the list in `rows` rows at most and `width` columns: `texts` are the options'
// descriptions (without key), `selected` the selected option.
std::vector<ChoiceRow> layout_choices(const std::vector<nlohmann::json>& options,
                                      const std::vector<std::string>& texts, std::size_t selected,
                                      int width, int rows);

}  // namespace carc::term

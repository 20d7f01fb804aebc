#pragma once
// Text with one colour role per character: what the pure renderers produce and the ncurses
// screens paint. Roles, not colours, so tests can compare them without a terminal.

#include <cstdint>
#include <string>
#include <vector>

namespace carc::term {

enum class Style : std::uint8_t {
    blank,
    text,
    field,
    city,
    pennant,
    road,
    street,
    river,
    cloister,
    shrine,
    tower,
    house,
    castle_tower,
    courtyard,
    wall,
    wall_tower,
    interior,
    legal,
    mark,
    count,    // the Count in the City of Carcassonne
    bad,      // the cursor where the tile does not fit
    player0,  // player1 .. player5 follow
};
inline constexpr int style_count = static_cast<int>(Style::player0) + 6;

inline Style player_style(int seat) {
    return static_cast<Style>(static_cast<int>(Style::player0) + ((seat % 6 + 6) % 6));
}

struct Cell {
    char32_t ch = U' ';  // one column wide (the board's symbols, quarter names in any script)
    Style style = Style::blank;
    bool emphasis = false;  // the cursor / the tile being placed: drawn in reverse video
    friend bool operator==(const Cell&, const Cell&) = default;
};

using StyledLine = std::vector<Cell>;

// The text of a line (UTF-8), and a code per character (a letter or digit per Style, upper case when
// emphasised) for golden files.
std::string plain_text(const StyledLine& line);
std::string style_codes(const StyledLine& line);

}  // namespace carc::term

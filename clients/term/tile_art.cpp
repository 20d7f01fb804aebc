#include "tile_art.hpp"

#include <bit>
#include <initializer_list>
#include <string>
#include <vector>

namespace carc::term {

namespace {

enum Port { NL, NM, NR, EL, EM, ER, SL, SM, SR, WL, WM, WR };
constexpr int center = 1 * tile_width + 3;

// The ports each character stands for, most telling first (the centre is decided apart). A
// city on any of them wins, so cities on the east and west sides look as thick as on the others.
const std::array<std::vector<int>, tile_cells>& cell_ports() {
    static const std::array<std::vector<int>, tile_cells> ports = {{
        {NL, WR}, {NL, WR}, {NL}, {NM, NL, NR}, {NR}, {NR, EL}, {NR, EL},
        {WM, WR, WL}, {WM, WR, WL}, {WM, WR, WL}, {}, {EM, EL, ER}, {EM, EL, ER}, {EM, EL, ER},
        {WL, SR}, {SR, WL}, {SR}, {SM, SR, SL}, {SL}, {SL, ER}, {SL, ER},
    }};
    return ports;
}

bool is_line(const std::string& kind) { return kind == "road" || kind == "street" || kind == "river"; }
bool is_centre_piece(const std::string& kind) {
    return kind == "cloister" || kind == "shrine" || kind == "foundation";
}

Style style_of(const std::string& kind) {
    if (kind == "city") return Style::city;
    if (kind == "road") return Style::road;
    if (kind == "street") return Style::street;
    if (kind == "river") return Style::river;
    if (kind == "cloister") return Style::cloister;
    if (kind == "shrine") return Style::shrine;
    if (kind == "foundation") return Style::tower;
    if (kind == "house") return Style::house;
    if (kind == "castle_tower") return Style::castle_tower;
    if (kind == "courtyard") return Style::courtyard;
    return Style::field;
}

char fill_of(const std::string& kind) {
    if (kind == "city") return '#';
    if (kind == "house") return '^';
    if (kind == "castle_tower") return '%';
    if (kind == "courtyard") return ',';
    if (kind == "river") return '~';
    return '.';
}

// Sides (bit 0 N .. bit 3 W) a segment reaches through its middle ports.
int sides_of(std::uint16_t ports) {
    int sides = 0;
    for (int side = 0; side < 4; ++side)
        if (ports & (1u << (side * 3 + 1))) sides |= 1 << side;
    return sides;
}

char line_char(const std::string& kind, int cell) {
    if (kind == "river") return '~';
    const int row = cell / tile_width;
    return row == 1 ? '=' : '|';
}

char centre_line_char(const std::string& kind, int sides) {
    if (std::popcount(static_cast<unsigned>(sides)) < 2) return 'o';  // dead ends meet here
    if (kind == "river") return '~';
    if (sides == 0b0101) return '|';
    if (sides == 0b1010) return '=';
    return '+';
}

// The segment shown at the centre, or -1.
int centre_owner(const TileInfo& tile, const std::vector<std::uint16_t>& ports) {
    int line = -1, line_sides = 0, city = -1, field = -1, field_ports = 0;
    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        const std::string& kind = tile.segments[i].kind;
        const int s = static_cast<int>(i);
        if (is_centre_piece(kind)) return s;
        const int sides = sides_of(ports[i]);
        if (is_line(kind) && (line < 0 || std::popcount(static_cast<unsigned>(sides)) >= 2) &&
            std::popcount(static_cast<unsigned>(line_sides)) < 2) {
            line = s;
            line_sides = sides;
        }
        if (kind == "city" && std::popcount(static_cast<unsigned>(sides)) >= 2 && city < 0) city = s;
        const int n = std::popcount(static_cast<unsigned>(ports[i]));
        if (!is_line(kind) && kind != "city" && n > field_ports) {
            field = s;
            field_ports = n;
        }
    }
    if (line >= 0) return line;
    if (city >= 0) return city;
    return field;
}

}  // namespace

TileArt draw_tile(const TileInfo& tile, int rotation, int tower_height) {
    TileArt art;
    art.owner.fill(-1);
    std::vector<std::uint16_t> ports;
    for (const SegmentInfo& s : tile.segments) ports.push_back(rotate_ports(s.ports, rotation));
    auto owner_of_port = [&](int port) {
        for (std::size_t i = 0; i < ports.size(); ++i)
            if (ports[i] & (1u << port)) return static_cast<int>(i);
        return -1;
    };

    for (int c = 0; c < tile_cells; ++c) {
        int owner = -1;
        if (c == center) {
            owner = centre_owner(tile, ports);
        } else {
            for (int port : cell_ports()[static_cast<std::size_t>(c)]) {
                const int o = owner_of_port(port);
                if (o < 0) continue;
                if (owner < 0) owner = o;
                if (tile.segments[static_cast<std::size_t>(o)].kind == "city") {
                    owner = o;
                    break;
                }
            }
        }
        art.owner[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(owner);
        Cell& cell = art.cells[static_cast<std::size_t>(c)];
        if (owner < 0) {
            cell = {'.', Style::field, false};
            continue;
        }
        const SegmentInfo& seg = tile.segments[static_cast<std::size_t>(owner)];
        cell.style = style_of(seg.kind);
        if (c == center && is_line(seg.kind)) {
            cell.ch = centre_line_char(seg.kind, sides_of(ports[static_cast<std::size_t>(owner)]));
        } else if (c == center && seg.kind == "cloister") {
            cell.ch = 'M';
        } else if (c == center && seg.kind == "shrine") {
            cell.ch = 'S';
        } else if (c == center && seg.kind == "foundation") {
            cell.ch = 'T';
        } else if (is_line(seg.kind)) {
            cell.ch = line_char(seg.kind, c);
        } else {
            cell.ch = fill_of(seg.kind);
        }
    }

    // A tower's height stands right of its T ("T3", "T12"), so it never reads as a choice number.
    const int tower = art.owner[center];
    if (tower_height > 0 && tower >= 0 && tile.segments[static_cast<std::size_t>(tower)].kind == "foundation") {
        const std::string digits = std::to_string(tower_height);
        for (std::size_t i = 0; i < digits.size() && i < 2; ++i) {
            const auto c = static_cast<std::size_t>(center + 1) + i;
            art.cells[c] = {static_cast<char32_t>(digits[i]), Style::tower, false};
            art.owner[c] = static_cast<std::int8_t>(tower);
        }
    }

    // Pennants and markets: on the segment's outermost character, away from followers.
    for (std::size_t i = 0; i < tile.segments.size(); ++i) {
        if (tile.segments[i].shields <= 0) continue;
        for (int c = tile_cells - 1; c >= 0; --c) {
            if (art.owner[static_cast<std::size_t>(c)] != static_cast<int>(i) || c == center) continue;
            const bool city = tile.segments[i].kind == "city";
            art.cells[static_cast<std::size_t>(c)] = {city ? U'*' : U'$', city ? Style::pennant : Style::courtyard, false};
            break;
        }
    }
    return art;
}

int anchor_of(const TileArt& art, int segment) {
    static constexpr int order[] = {10, 9, 11, 3, 17, 8, 12, 2, 4, 16, 18, 1, 5, 15, 19, 7, 13, 0, 6, 14, 20};
    if (segment == tower_top_segment) return 9;
    if (segment == tower_floor_segment) return 8;
    if (segment == tile_middle_segment) return 10;
    if (segment == tile_beside_segment) return 11;
    for (int c : order)
        if (art.owner[static_cast<std::size_t>(c)] == segment) return c;
    return -1;
}

}  // namespace carc::term

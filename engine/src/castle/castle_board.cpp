// The Castle's walled board: parsing and validating engine/data/castle-board.txt
// (format: docs/castle.md), and the largest empty area for the keep.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

#include "carc/castle.hpp"
#include "castle/castle_board_data.hpp"

namespace carc {
namespace {

[[noreturn]] void fail(const std::string& message) {
    throw std::invalid_argument("castle board: " + message);
}

std::string cell_text(Coord c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// "w14" -> 14; throws on anything but an even number 0..98.
int wall_number(const std::string& token, int line) {
    const std::string digits = token.substr(1);
    if (digits.size() != 2 || !std::isdigit(static_cast<unsigned char>(digits[0])) ||
        !std::isdigit(static_cast<unsigned char>(digits[1])))
        fail("line " + std::to_string(line) + ": bad wall cell '" + token +
             "' (expected w, T or S and two digits)");
    const int n = std::stoi(digits);
    if (n % 2 != 0)
        fail("line " + std::to_string(line) + ": wall cell '" + token +
             "' must start on an even number (each cell carries NN and NN+1)");
    return n;
}

bool side_adjacent(Coord a, Coord b) {
    return std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1;
}

struct RawBoard {
    std::vector<Coord> interior;
    std::map<int, CastleWallCell> wall;          // by first number
    std::map<int, std::string> start_tiles;      // first number -> tile id
    int width = 0;
    int height = 0;
};

// Reads the map rows and the start lines.
RawBoard read_board(std::string_view text) {
    RawBoard raw;
    std::istringstream in{std::string(text)};
    bool in_map = false;
    bool map_done = false;
    int line_number = 0;
    int row = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        const auto w = words(line);
        if (w.empty() || w[0][0] == '#') continue;
        if (w[0] == "map" && w.size() == 1) {
            if (in_map || map_done) fail("line " + std::to_string(line_number) + ": second map");
            in_map = true;
            continue;
        }
        if (w[0] == "end" && w.size() == 1) {
            if (!in_map) fail("line " + std::to_string(line_number) + ": end without map");
            in_map = false;
            map_done = true;
            continue;
        }
        if (in_map) {
            if (row >= BoardMask::max_side || static_cast<int>(w.size()) > BoardMask::max_side)
                fail("the map is larger than " + std::to_string(BoardMask::max_side) + " cells a side");
            for (std::size_t x = 0; x < w.size(); ++x) {
                const Coord at{static_cast<std::int16_t>(x), static_cast<std::int16_t>(row)};
                const std::string& token = w[x];
                if (token == ".") {
                    raw.interior.push_back(at);
                } else if (token == "-") {
                } else if (token[0] == 'w' || token[0] == 'T' || token[0] == 'S') {
                    const int n = wall_number(token, line_number);
                    if (raw.wall.count(n))
                        fail("line " + std::to_string(line_number) + ": numbers " +
                             std::to_string(n) + "/" + std::to_string(n + 1) + " appear twice");
                    raw.wall[n] = CastleWallCell{at, static_cast<std::uint8_t>(n), token[0] == 'T',
                                                 token[0] == 'S'};
                } else {
                    fail("line " + std::to_string(line_number) + ": unknown map token '" + token + "'");
                }
            }
            raw.width = std::max(raw.width, static_cast<int>(w.size()));
            raw.height = ++row;
            continue;
        }
        if (w[0] == "start" && w.size() == 3) {
            const int n = wall_number("S" + w[1], line_number);
            if (raw.start_tiles.count(n))
                fail("line " + std::to_string(line_number) + ": starting space " + w[1] + " given twice");
            raw.start_tiles[n] = w[2];
            continue;
        }
        fail("line " + std::to_string(line_number) + ": expected 'map', a map row, 'end' or "
             "'start NN TILE', not '" + line + "'");
    }
    if (!map_done) fail("no 'map' ... 'end' block");
    return raw;
}

void check_interior(const BoardMask& mask, const std::vector<Coord>& interior) {
    if (static_cast<int>(interior.size()) != castle_interior_spaces)
        fail("the interior has " + std::to_string(interior.size()) + " spaces, not " +
             std::to_string(castle_interior_spaces));
    // 4-connected: a flood fill from the first space reaches them all.
    std::vector<Coord> todo{interior.front()};
    BoardMask seen;
    seen.add(interior.front());
    std::size_t reached = 0;
    while (!todo.empty()) {
        const Coord c = todo.back();
        todo.pop_back();
        ++reached;
        for (int side = 0; side < 4; ++side) {
            const Coord n = step(c, side);
            if (mask.contains(n) && !seen.contains(n)) {
                seen.add(n);
                todo.push_back(n);
            }
        }
    }
    if (reached != interior.size())
        fail("the interior is not connected: " + std::to_string(reached) + " of " +
             std::to_string(interior.size()) + " spaces reachable");
}

}  // namespace

CastleBoard CastleBoard::parse(std::string_view text, const TileCatalog& tiles) {
    RawBoard raw = read_board(text);
    CastleBoard board;
    for (auto c : raw.interior) board.mask_.add(c);
    board.interior_ = raw.interior;
    check_interior(board.mask_, board.interior_);

    // The track: 50 cells numbered 0, 2, ... 98, each side-adjacent to the next, in a ring.
    if (static_cast<int>(raw.wall.size()) != castle_wall_cells)
        fail("the wall has " + std::to_string(raw.wall.size()) + " cells, not " +
             std::to_string(castle_wall_cells));
    for (int k = 0; k < castle_wall_cells; ++k) board.wall_.push_back(raw.wall.at(2 * k));
    for (int k = 0; k < castle_wall_cells; ++k) {
        const auto& a = board.wall_[k];
        const auto& b = board.wall_[(k + 1) % castle_wall_cells];
        if (!side_adjacent(a.at, b.at))
            fail("wall cells " + std::to_string(a.first_number) + " " + cell_text(a.at) + " and " +
                 std::to_string(b.first_number) + " " + cell_text(b.at) + " do not touch");
    }
    // The wall closes the interior: every cell beside an interior space is interior or wall.
    BoardMask wall_cells;
    for (const auto& w : board.wall_) wall_cells.add(w.at);
    for (auto c : board.interior_)
        for (int side = 0; side < 4; ++side) {
            const Coord n = step(c, side);
            if (!board.mask_.contains(n) && !wall_cells.contains(n))
                fail("interior space " + cell_text(c) + " is not closed by the wall at " + cell_text(n));
        }

    // 14 corner towers, 0/1 among them; the other 13 take tokens.
    int towers = 0;
    for (int k = 0; k < castle_wall_cells; ++k) {
        if (!board.wall_[k].tower) continue;
        ++towers;
        if (k != 0) board.token_towers_.push_back(k);
    }
    if (!board.wall_[0].tower) fail("the wall cell 0/1 must be a corner tower (T00)");
    if (towers != castle_corner_towers)
        fail(std::to_string(towers) + " corner towers, not " + std::to_string(castle_corner_towers));

    // 7 starting spaces, each touching exactly one interior space, with known features.
    for (const auto& w : board.wall_) {
        if (!w.start) continue;
        const auto it = raw.start_tiles.find(w.first_number);
        if (it == raw.start_tiles.end())
            fail("starting space " + std::to_string(w.first_number) + " has no 'start' line");
        const TileType* type = tiles.find(it->second);
        if (!type) fail("starting space " + std::to_string(w.first_number) + ": unknown tile " + it->second);
        CastleStartSpace s;
        s.first_number = w.first_number;
        s.at = w.at;
        s.type = type->index;
        int facing = 0;
        for (int side = 0; side < 4; ++side) {
            if (!board.mask_.contains(step(w.at, side))) continue;
            ++facing;
            s.faces = step(w.at, side);
            s.rotation = static_cast<std::uint8_t>((side + 2) & 3);  // its south side faces inward
        }
        if (facing != 1)
            fail("starting space " + std::to_string(w.first_number) + " touches " +
                 std::to_string(facing) + " interior spaces, not 1");
        board.starts_.push_back(s);
    }
    for (const auto& [number, tile] : raw.start_tiles)
        if (!raw.wall.at(number).start)
            fail("'start " + std::to_string(number) + "' names a wall cell that is not S" +
                 std::to_string(number));
    if (static_cast<int>(board.starts_.size()) != castle_start_spaces)
        fail(std::to_string(board.starts_.size()) + " starting spaces, not " +
             std::to_string(castle_start_spaces));
    return board;
}

const CastleBoard& CastleBoard::instance() {
    static const CastleBoard board = parse(detail::castle_board_text(), TileCatalog::instance());
    return board;
}

int CastleBoard::token_slot_at(int position) const {
    const int cell = (position % castle_track_length) / 2;
    const auto it = std::find(token_towers_.begin(), token_towers_.end(), cell);
    return it == token_towers_.end() ? -1 : static_cast<int>(it - token_towers_.begin());
}

int largest_empty_area(const Board& board, const CastleBoard& castle, std::vector<Coord>* cells) {
    // The empty spaces once (one board lookup each), then the areas over that mask, all in
    // one list, area after area: the search evaluates this in every Castle position.
    BoardMask empty, seen;
    for (auto at : castle.interior())
        if (board.tile_at(at) < 0) empty.add(at);
    std::vector<Coord> found;
    found.reserve(castle.interior().size());
    std::size_t best_begin = 0, best_size = 0;
    for (auto start : castle.interior()) {
        if (!empty.contains(start) || seen.contains(start)) continue;
        const std::size_t begin = found.size();
        found.push_back(start);
        seen.add(start);
        for (std::size_t i = begin; i < found.size(); ++i)
            for (int side = 0; side < 4; ++side) {
                const Coord n = step(found[i], side);
                if (!empty.contains(n) || seen.contains(n)) continue;
                seen.add(n);
                found.push_back(n);
            }
        if (found.size() - begin > best_size) {
            best_begin = begin;
            best_size = found.size() - begin;
        }
    }
    if (cells) cells->assign(found.begin() + static_cast<std::ptrdiff_t>(best_begin),
                             found.begin() + static_cast<std::ptrdiff_t>(best_begin + best_size));
    return static_cast<int>(best_size);
}

}  // namespace carc

#pragma once
// Basic vocabulary of the rules engine: coordinates, sides, ports, feature kinds.
//
// Board coordinates: x grows east, y grows south, so the north neighbour of (x, y) is (x, y - 1).
// Rotations turn clockwise in quarter turns (0..3 = 0, 90, 180, 270 degrees).

#include <cstdint>
#include <string_view>

namespace carc {

using PlayerId = std::int8_t;
inline constexpr PlayerId no_player = -1;
inline constexpr int max_players = 6;

using TileTypeId = std::uint8_t;
inline constexpr TileTypeId no_tile = 0xFF;

enum class Side : std::uint8_t { north = 0, east = 1, south = 2, west = 3 };

inline constexpr int opposite_side(int side) { return (side + 2) & 3; }

struct Coord {
    std::int16_t x = 0;
    std::int16_t y = 0;
    friend constexpr bool operator==(Coord, Coord) = default;
};

inline constexpr Coord step(Coord c, int side) {
    constexpr std::int16_t dx[4] = {0, 1, 0, -1};
    constexpr std::int16_t dy[4] = {-1, 0, 1, 0};
    return Coord{static_cast<std::int16_t>(c.x + dx[side]), static_cast<std::int16_t>(c.y + dy[side])};
}

// Every tile edge has three ports: its left half, its midpoint and its right half, "left" and
// "right" as seen from the tile centre facing that edge (the reference's NL/NR ... notation).
// Roads, rivers and streets use the midpoint; fields and the Castle's areas use the halves; a
// city edge occupies all three. Port index = side * 3 + part.
enum class PortPart : std::uint8_t { left = 0, middle = 1, right = 2 };
inline constexpr int port_count = 12;
inline constexpr int port_index(int side, PortPart part) { return side * 3 + static_cast<int>(part); }
inline constexpr int port_side(int port) { return port / 3; }
inline constexpr int port_part(int port) { return port % 3; }
// The port of the neighbouring tile that touches `port` across the shared edge: L and R swap.
inline constexpr int facing_port(int port) {
    return opposite_side(port_side(port)) * 3 + (2 - port_part(port));
}
// Ports as a 12-bit mask; rotating a tile clockwise by r quarters rotates the mask by 3r bits.
using PortMask = std::uint16_t;
inline constexpr PortMask rotate_ports(PortMask m, int quarters) {
    const int s = 3 * (quarters & 3);
    return static_cast<PortMask>(((m << s) | (m >> (12 - s))) & 0x0FFF);
}

enum class FeatureKind : std::uint8_t {
    road,
    city,
    field,
    cloister,     // monastery
    shrine,       // Count King and Cult: cult place, scored like a cloister
    river,        // never holds a follower, scores nothing
    foundation,   // The Tower: tower foundation (the tower itself lives in the state)
    street,       // The Castle
    castle_tower, // The Castle: tower area
    house,        // The Castle
    courtyard,    // The Castle: courtyard, `shields` counts its markets
};
inline constexpr int feature_kind_count = 11;

std::string_view to_string(FeatureKind kind);
bool feature_kind_from_string(std::string_view text, FeatureKind& out);

// Edge types used for matching, two bits per side in a tile signature.
enum class EdgeType : std::uint8_t { field = 0, road = 1, city = 2, river = 3 };

}  // namespace carc

#pragma once
// Tile types are data: engine/data/*.tiles hold them in the reference notation
// (docs/tiles.md), compiled into the library as text and parsed once by the catalog.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "carc/types.hpp"

namespace carc {

inline constexpr int max_segments_per_tile = 12;

// Marks a segment can carry besides its kind.
enum SegmentFlag : std::uint8_t {
    segment_flag_none = 0,
    segment_flag_inn = 1,       // road with an inn (Inns & Cathedrals; kept for data fidelity)
    segment_flag_pig_herd = 2,  // field with a pig herd (Traders & Builders; data fidelity)
    segment_flag_well = 4,      // The Castle: a well on this street
};

struct SegmentDef {
    FeatureKind kind = FeatureKind::field;
    PortMask ports = 0;          // the ports it touches, rotation 0
    std::uint8_t shields = 0;    // pennants of a city, markets of a courtyard
    std::uint8_t flags = segment_flag_none;
    std::uint16_t touches = 0;   // bit i: this field touches local segment i (a city)
};

// What the whole tile carries besides its segments.
enum TileFlag : std::uint8_t {
    tile_flag_none = 0,
    tile_flag_square = 1,   // The Castle: a square that ends streets
    tile_flag_volcano = 2,  // River II lake end with a volcano
};

struct TileType {
    TileTypeId index = no_tile;
    std::string id;          // "B-D", "T-08", ...
    std::string set;         // "base", "tower", "river2", "ckc", "cult", "city", "castle"
    int count = 0;           // copies in the box
    std::uint8_t flags = tile_flag_none;
    std::vector<SegmentDef> segments;

    // Derived at load time, per rotation 0..3.
    std::array<std::uint8_t, 4> signature{};  // EdgeType of N,E,S,W at bits 0-1, 2-3, 4-5, 6-7
    std::array<std::array<std::int8_t, port_count>, 4> port_segment{};  // -1: nothing there
    std::uint16_t kinds = 0;  // bit k: some segment is of FeatureKind k (hot rules queries)

    EdgeType edge(int rotation, int side) const {
        return static_cast<EdgeType>((signature[rotation] >> (2 * side)) & 3);
    }
    PortMask ports(int rotation, int segment) const {
        return rotate_ports(segments[segment].ports, rotation);
    }
    bool has(FeatureKind kind) const { return kinds & (1u << static_cast<unsigned>(kind)); }
    int segment_of_kind(FeatureKind kind) const;  // first, or -1
    std::string edges_text(int rotation) const;   // "CRFR"
    // The segment of `kind` at a position named in board orientation: an edge "N" (its
    // midpoint, for roads, rivers, streets and cities) or a half-edge "NL" (fields and areas);
    // empty for a kind that has one segment without ports (cloister, shrine). -1 if none.
    int segment_at(int rotation, FeatureKind kind, std::string_view position) const;
};

class TileCatalog {
public:
    // The catalog of every tile the engine knows, parsed from the embedded data on first use.
    static const TileCatalog& instance();

    // Parses catalog text; throws std::invalid_argument naming the line on bad data.
    static TileCatalog parse(std::string_view text);

    const std::vector<TileType>& all() const { return types_; }
    const TileType& at(TileTypeId index) const { return types_[index]; }
    const TileType* find(std::string_view id) const;
    std::size_t size() const { return types_.size(); }

private:
    std::vector<TileType> types_;
};

// Parses one tile line "ID COUNT EDGES SEGMENTS" (docs/tiles.md) into `out`; returns an error
// message, empty on success.
std::string parse_tile_line(std::string_view line, std::string_view set, TileType& out);

}  // namespace carc

#include <array>

#include "carc/protocol/engine_json.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace {

constexpr std::array<std::string_view, port_count> port_names = {
    "NL", "NM", "NR", "EL", "EM", "ER", "SL", "SM", "SR", "WL", "WM", "WR"};

json segment_flags(std::uint8_t flags) {
    json out = json::array();
    if (flags & segment_flag_inn) out.push_back("inn");
    if (flags & segment_flag_pig_herd) out.push_back("pig_herd");
    if (flags & segment_flag_well) out.push_back("well");
    return out;
}

}  // namespace

std::string_view port_name(int port) { return port_names[static_cast<std::size_t>(port)]; }

json tile_to_json(const TileType& tile) {
    json segments = json::array();
    for (const SegmentDef& s : tile.segments) {
        json ports = json::array();
        for (int p = 0; p < port_count; ++p)
            if (s.ports & (1u << p)) ports.push_back(port_name(p));
        json touches = json::array();
        for (int i = 0; i < 16; ++i)
            if (s.touches & (1u << i)) touches.push_back(i);
        segments.push_back({{"kind", to_string(s.kind)},
                            {"ports", std::move(ports)},
                            {"shields", s.shields},
                            {"flags", segment_flags(s.flags)},
                            {"touches", std::move(touches)}});
    }
    json flags = json::array();
    if (tile.flags & tile_flag_square) flags.push_back("square");
    return {{"index", tile.index},       {"id", tile.id},         {"set", tile.set},
            {"count", tile.count},       {"edges", tile.edges_text(0)}, {"flags", std::move(flags)},
            {"segments", std::move(segments)}};
}

json catalog_to_json(const TileCatalog& catalog) {
    json tiles = json::array();
    for (const TileType& tile : catalog.all()) tiles.push_back(tile_to_json(tile));
    return {{"tiles", std::move(tiles)}};
}

const json& builtin_catalog_json() {
    static const json catalog = catalog_to_json(TileCatalog::instance());
    return catalog;
}

}  // namespace carc::protocol

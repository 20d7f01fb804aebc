#include "tile_book.hpp"

#include <array>
#include <string_view>

namespace carc::term {

namespace {
constexpr std::array<std::string_view, 12> port_names = {"NL", "NM", "NR", "EL", "EM", "ER",
                                                         "SL", "SM", "SR", "WL", "WM", "WR"};
}  // namespace

int port_index(const std::string& name) {
    for (std::size_t i = 0; i < port_names.size(); ++i)
        if (port_names[i] == name) return static_cast<int>(i);
    return -1;
}

std::uint16_t rotate_ports(std::uint16_t ports, int rotation) {
    const int shift = 3 * (((rotation % 4) + 4) % 4);
    std::uint32_t out = 0;
    for (int p = 0; p < 12; ++p)
        if (ports & (1u << p)) out |= 1u << ((p + shift) % 12);
    return static_cast<std::uint16_t>(out);
}

TileBook::TileBook(const nlohmann::json& tiles) {
    if (!tiles.is_array()) return;
    for (const auto& t : tiles) {
        if (!t.is_object() || !t.contains("id") || !t["id"].is_string()) continue;
        TileInfo info;
        info.id = t["id"].get<std::string>();
        info.index = t.value("index", 0);
        for (const auto& s : t.value("segments", nlohmann::json::array())) {
            SegmentInfo seg;
            seg.kind = s.value("kind", std::string());
            seg.shields = s.value("shields", 0);
            for (const auto& p : s.value("ports", nlohmann::json::array())) {
                const int i = p.is_string() ? port_index(p.get<std::string>()) : -1;
                if (i >= 0) seg.ports = static_cast<std::uint16_t>(seg.ports | (1u << i));
            }
            info.segments.push_back(std::move(seg));
        }
        id_of_index_[info.index] = info.id;
        by_id_[info.id] = std::move(info);
    }
}

const TileInfo* TileBook::find(const std::string& id) const {
    const auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &it->second;
}

const TileInfo* TileBook::by_index(int index) const {
    const auto it = id_of_index_.find(index);
    return it == id_of_index_.end() ? nullptr : find(it->second);
}

}  // namespace carc::term

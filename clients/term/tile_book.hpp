#pragma once
// The tile catalogue as the server sends it (`tiles`, docs/protocol.md "Tile catalogue"): what
// the renderer needs to draw a tile and to name its segments.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carc::term {

struct SegmentInfo {
    std::string kind;          // road, city, field, cloister, shrine, river, foundation, ...
    std::uint16_t ports = 0;   // bit p: port p (NL=0 .. WR=11) at rotation 0
    int shields = 0;
};

struct TileInfo {
    std::string id;
    int index = 0;
    std::vector<SegmentInfo> segments;
};

class TileBook {
public:
    TileBook() = default;
    // From the `tiles` array of a `tiles` message; entries it cannot read are skipped.
    explicit TileBook(const nlohmann::json& tiles);
    const TileInfo* find(const std::string& id) const;
    const TileInfo* by_index(int index) const;
    bool empty() const { return by_id_.empty(); }

private:
    std::map<std::string, TileInfo> by_id_;
    std::map<int, std::string> id_of_index_;
};

int port_index(const std::string& name);  // "NL" -> 0 ... "WR" -> 11, -1 if unknown
// A rotation-0 port mask turned `rotation` quarter turns clockwise.
std::uint16_t rotate_ports(std::uint16_t ports, int rotation);

}  // namespace carc::term

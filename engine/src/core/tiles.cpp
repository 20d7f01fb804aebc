// Parsing of the tile notation (docs/tiles.md) and the catalog of every tile type.
#include "carc/tiles.hpp"

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

#include "core/tile_data.hpp"

namespace carc {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

int side_from_char(char c) {
    switch (c) {
        case 'N': return 0;
        case 'E': return 1;
        case 'S': return 2;
        case 'W': return 3;
        default: return -1;
    }
}

// "N" -> the side's three ports (a city edge); used with part = -1. "NL"/"NR" -> one half.
bool parse_half(std::string_view name, int& port) {
    if (name.size() != 2) return false;
    const int side = side_from_char(name[0]);
    if (side < 0) return false;
    if (name[1] == 'L') port = port_index(side, PortPart::left);
    else if (name[1] == 'R') port = port_index(side, PortPart::right);
    else return false;
    return true;
}

// Splits "a-b-c" or "a+b" on the separator.
std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == sep) {
            parts.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    return parts;
}

// Strips a trailing "[mark]" list, returning the flags it names.
std::string take_marks(std::string_view& token, std::uint8_t& flags) {
    while (!token.empty() && token.back() == ']') {
        const auto open = token.rfind('[');
        if (open == std::string_view::npos) return "unbalanced [ ] in '" + std::string(token) + "'";
        const auto mark = token.substr(open + 1, token.size() - open - 2);
        if (mark == "inn") flags |= segment_flag_inn;
        else if (mark == "pig-herd") flags |= segment_flag_pig_herd;
        else if (mark == "well") flags |= segment_flag_well;
        else return "unknown mark [" + std::string(mark) + "]";
        token = trim(token.substr(0, open));
    }
    return {};
}

struct PendingTouch {
    std::size_t segment;
    std::vector<std::string> labels;
};

std::string parse_segment(std::string_view token, TileType& tile,
                          std::map<std::string, int, std::less<>>& labels,
                          std::vector<PendingTouch>& touches) {
    SegmentDef seg;
    if (token == "MON" || token == "SHRINE" || token == "TOWER") {
        seg.kind = token == "MON"      ? FeatureKind::cloister
                   : token == "SHRINE" ? FeatureKind::shrine
                                       : FeatureKind::foundation;
        tile.segments.push_back(seg);
        return {};
    }
    if (token == "VOLCANO") {
        tile.flags |= tile_flag_volcano;
        return {};
    }
    if (token == "SQUARE") {
        tile.flags |= tile_flag_square;
        return {};
    }
    if (auto error = take_marks(token, seg.flags); !error.empty()) return error;

    // Area segments over half-edges: f{...}>c1,c2 (fields), and The Castle's t{} h{} y{}.
    if (token.size() >= 3 && token[1] == '{') {
        switch (token[0]) {
            case 'f': seg.kind = FeatureKind::field; break;
            case 't': seg.kind = FeatureKind::castle_tower; break;
            case 'h': seg.kind = FeatureKind::house; break;
            case 'y': seg.kind = FeatureKind::courtyard; break;
            default: return "unknown area segment '" + std::string(token) + "'";
        }
        const auto close = token.find('}');
        if (close == std::string_view::npos) return "missing } in '" + std::string(token) + "'";
        const auto body = token.substr(2, close - 2);
        if (!trim(body).empty()) {
            for (auto half : split(body, ',')) {
                int port = 0;
                if (!parse_half(half, port)) return "bad half-edge '" + std::string(half) + "'";
                seg.ports = static_cast<PortMask>(seg.ports | (1u << port));
            }
        }
        auto rest = trim(token.substr(close + 1));
        while (!rest.empty() && rest.front() == '*') {  // markets of a courtyard
            ++seg.shields;
            rest.remove_prefix(1);
        }
        if (!rest.empty()) {
            if (rest.front() != '>') return "expected >cities after '" + std::string(token) + "'";
            PendingTouch touch{tile.segments.size(), {}};
            for (auto label : split(rest.substr(1), ',')) touch.labels.emplace_back(label);
            touches.push_back(std::move(touch));
        }
        tile.segments.push_back(seg);
        return {};
    }

    // Edge segments: r:W-E, ~:W-N-E, s:N-S (street), c1:N+W*.
    const auto colon = token.find(':');
    if (colon == std::string_view::npos) return "unknown segment '" + std::string(token) + "'";
    const auto head = token.substr(0, colon);
    auto body = token.substr(colon + 1);
    char sep = '-';
    PortPart part = PortPart::middle;
    bool whole_edge = false;
    if (head == "r") seg.kind = FeatureKind::road;
    else if (head == "~") seg.kind = FeatureKind::river;
    else if (head == "s") seg.kind = FeatureKind::street;
    else if (head.size() >= 2 && head[0] == 'c') {
        seg.kind = FeatureKind::city;
        sep = '+';
        whole_edge = true;
        labels[std::string(head)] = static_cast<int>(tile.segments.size());
    } else {
        return "unknown segment '" + std::string(token) + "'";
    }
    while (!body.empty() && body.back() == '*') {
        ++seg.shields;
        body.remove_suffix(1);
    }
    for (auto edge : split(body, sep)) {
        if (edge.size() != 1 || side_from_char(edge[0]) < 0)
            return "bad edge '" + std::string(edge) + "' in '" + std::string(token) + "'";
        const int side = side_from_char(edge[0]);
        if (whole_edge) {
            seg.ports = static_cast<PortMask>(seg.ports | (7u << (3 * side)));
        } else {
            seg.ports = static_cast<PortMask>(seg.ports | (1u << port_index(side, part)));
        }
    }
    tile.segments.push_back(seg);
    return {};
}

char edge_letter(EdgeType t) {
    switch (t) {
        case EdgeType::field: return 'F';
        case EdgeType::road: return 'R';
        case EdgeType::city: return 'C';
        case EdgeType::river: return 'I';
    }
    return '?';
}

EdgeType edge_type_of(FeatureKind kind) {
    switch (kind) {
        case FeatureKind::road:
        case FeatureKind::street: return EdgeType::road;
        case FeatureKind::city: return EdgeType::city;
        case FeatureKind::river: return EdgeType::river;
        default: return EdgeType::field;
    }
}

// Fills signature and port_segment for the four rotations; checks that ports do not overlap.
std::string derive(TileType& tile) {
    for (int rot = 0; rot < 4; ++rot) {
        auto& ports = tile.port_segment[rot];
        ports.fill(-1);
        for (std::size_t i = 0; i < tile.segments.size(); ++i) {
            const PortMask mask = rotate_ports(tile.segments[i].ports, rot);
            for (int p = 0; p < port_count; ++p) {
                if (!(mask & (1u << p))) continue;
                if (ports[p] >= 0) return "two segments share a port";
                ports[p] = static_cast<std::int8_t>(i);
            }
        }
        std::uint8_t sig = 0;
        for (int side = 0; side < 4; ++side) {
            const int seg = ports[port_index(side, PortPart::middle)];
            const EdgeType t = seg < 0 ? EdgeType::field : edge_type_of(tile.segments[seg].kind);
            sig = static_cast<std::uint8_t>(sig | (static_cast<unsigned>(t) << (2 * side)));
        }
        tile.signature[rot] = sig;
    }
    tile.kinds = 0;
    for (const auto& seg : tile.segments)
        tile.kinds = static_cast<std::uint16_t>(tile.kinds | (1u << static_cast<unsigned>(seg.kind)));
    return {};
}

}  // namespace


int TileType::segment_of_kind(FeatureKind kind) const {
    for (std::size_t i = 0; i < segments.size(); ++i)
        if (segments[i].kind == kind) return static_cast<int>(i);
    return -1;
}

int TileType::segment_at(int rotation, FeatureKind kind, std::string_view position) const {
    if (position.empty()) {
        int found = -1;
        for (std::size_t i = 0; i < segments.size(); ++i) {
            if (segments[i].kind != kind) continue;
            if (found >= 0) return -1;  // ambiguous without a position
            found = static_cast<int>(i);
        }
        return found;
    }
    if (position.size() > 2) return -1;
    const int side = side_from_char(position[0]);
    if (side < 0) return -1;
    int port = port_index(side, PortPart::middle);
    if (position.size() == 2 && !parse_half(position, port)) return -1;
    const int seg = port_segment[rotation & 3][port];
    return seg >= 0 && segments[seg].kind == kind ? seg : -1;
}

std::string TileType::edges_text(int rotation) const {
    std::string text;
    for (int side = 0; side < 4; ++side) text += edge_letter(edge(rotation, side));
    return text;
}

std::string parse_tile_line(std::string_view line, std::string_view set, TileType& out) {
    out = TileType{};
    out.set = std::string(set);
    line = trim(line);
    // id, count and edges are the first three words; the segments are the rest.
    std::string_view words[3];
    for (auto& word : words) {
        const auto end = line.find_first_of(" \t");
        word = line.substr(0, end);
        line = end == std::string_view::npos ? std::string_view{} : trim(line.substr(end));
        if (word.empty()) return "expected: ID COUNT EDGES SEGMENTS";
    }
    out.id = std::string(words[0]);
    try {
        out.count = std::stoi(std::string(words[1]));
    } catch (const std::exception&) {
        return "bad count '" + std::string(words[1]) + "'";
    }
    std::map<std::string, int, std::less<>> labels;
    std::vector<PendingTouch> touches;
    if (!line.empty()) {
        for (auto token : split(line, ';')) {
            if (token.empty()) continue;
            if (auto error = parse_segment(token, out, labels, touches); !error.empty())
                return error;
        }
    }
    if (out.segments.size() > static_cast<std::size_t>(max_segments_per_tile))
        return "too many segments";
    for (const auto& touch : touches) {
        for (const auto& label : touch.labels) {
            const auto it = labels.find(label);
            if (it == labels.end()) return "field touches unknown city '" + label + "'";
            out.segments[touch.segment].touches =
                static_cast<std::uint16_t>(out.segments[touch.segment].touches | (1u << it->second));
        }
    }
    if (auto error = derive(out); !error.empty()) return error;
    if (out.edges_text(0) != words[2])
        return "edges " + std::string(words[2]) + " do not match the segments (" +
               out.edges_text(0) + ")";
    return {};
}

TileCatalog TileCatalog::parse(std::string_view text) {
    TileCatalog catalog;
    std::string set = "base";
    int line_number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const auto line = trim(text.substr(start, end - start));
        start = end + 1;
        ++line_number;
        if (line.empty()) continue;
        if (line.front() == '#') {
            // "#set NAME" switches the set of the following tiles.
            if (line.substr(0, 5) == "#set ") set = std::string(trim(line.substr(5)));
            continue;
        }
        TileType tile;
        if (auto error = parse_tile_line(line, set, tile); !error.empty())
            throw std::invalid_argument("tile data line " + std::to_string(line_number) + ": " +
                                        error);
        if (catalog.find(tile.id))
            throw std::invalid_argument("tile data line " + std::to_string(line_number) +
                                        ": duplicate id " + tile.id);
        if (catalog.types_.size() >= no_tile)
            throw std::invalid_argument("too many tile types");
        tile.index = static_cast<TileTypeId>(catalog.types_.size());
        catalog.types_.push_back(std::move(tile));
    }
    return catalog;
}

const TileType* TileCatalog::find(std::string_view id) const {
    for (const auto& t : types_)
        if (t.id == id) return &t;
    return nullptr;
}

const TileCatalog& TileCatalog::instance() {
    static const TileCatalog catalog = [] {
        std::string text;
        for (const auto& file : detail::tile_data_files()) {
            text += "#set ";
            text += file.set;
            text += '\n';
            text += file.text;
            text += '\n';
        }
        return parse(text);
    }();
    return catalog;
}

}  // namespace carc

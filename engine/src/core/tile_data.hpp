#pragma once
// The text of engine/data/*.tiles, embedded at build time.

#include <string_view>
#include <vector>

namespace carc::detail {

struct TileDataFile {
    std::string_view set;
    std::string_view text;
};

const std::vector<TileDataFile>& tile_data_files();

}  // namespace carc::detail

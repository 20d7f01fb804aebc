#pragma once
// Everything the board renderer draws, already read out of a view: tiles, followers, the legal
// cells, the cursor with the tile being placed, option letters, the last tile of each seat,
// and The Castle's wall.

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace carc::term {

struct BoardCoord {
    int x = 0;
    int y = 0;
    friend bool operator==(const BoardCoord&, const BoardCoord&) = default;
};

struct SceneTile {
    BoardCoord at;
    std::string tile;
    int rotation = 0;
    int height = 0;  // The Tower
};

struct SceneFollower {
    int owner = 0;
    BoardCoord at;
    int segment = 0;  // tower_top_segment (-2) for a follower on a tower
};

// A letter drawn on a segment (an option to choose) or on a whole empty cell.
struct SceneMark {
    BoardCoord at;
    int segment = 0;
    char letter = 'a';
};

struct SceneWallCell {
    BoardCoord at;
    int first_number = 0;  // the cell carries first_number and first_number + 1
    bool tower = false;
    bool token = false;    // a face-down wall token lies on this tower
};

// The City of Carcassonne: its 12 cells form a 4x3 block from `corner` (CO-1); the four
// quarters with the followers in them, the Count, and a choice letter per quarter (0: none).
struct SceneQuarter {
    std::string name;   // the wire name: castle, blacksmith, cathedral, market
    std::string label;  // as shown (the client's language)
    std::vector<int> followers;  // owners
    bool count = false;
    char mark = 0;
};

struct SceneCity {
    BoardCoord corner;
    std::array<SceneQuarter, 4> quarters;  // castle, blacksmith, cathedral, market
};

struct BoardScene {
    std::vector<SceneTile> tiles;
    std::vector<SceneFollower> followers;
    std::vector<BoardCoord> legal;
    std::optional<BoardCoord> cursor;
    bool cursor_fits = true;  // false: the drawn tile fits nowhere at the cursor (drawn as x---x)
    std::optional<SceneTile> preview;  // the drawn tile at the cursor, as it would be laid
    std::vector<SceneMark> marks;
    // The Castle: the wall, its empty interior, and the players' scores on the track.
    std::vector<SceneWallCell> wall;
    std::vector<BoardCoord> interior;
    std::vector<int> track_scores;
    std::optional<SceneCity> city;
    // The last tile each seat laid: its corners take the seat's colour.
    std::vector<std::pair<BoardCoord, int>> last_tiles;
};

}  // namespace carc::term

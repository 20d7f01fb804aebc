#include "board_renderer.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "text_width.hpp"
#include "tile_art.hpp"

namespace carc::term {

namespace {

class Canvas {
public:
    explicit Canvas(const Viewport& v)
        : view_(v), lines_(static_cast<std::size_t>(std::max(0, v.height)),
                           StyledLine(static_cast<std::size_t>(std::max(0, v.width)))) {}

    // Character (row, col) of board cell `at`, clipped to the viewport.
    Cell* at(BoardCoord at, int row, int col) {
        const int x = (at.x - view_.left) * tile_width + col;
        const int y = (at.y - view_.top) * tile_height + row;
        if (x < 0 || y < 0 || x >= view_.width || y >= view_.height) return nullptr;
        return &lines_[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
    }

    void put(BoardCoord cell, int row, int col, Cell value) {
        if (Cell* c = at(cell, row, col)) *c = value;
    }

    // Three rows of seven characters, all in one style.
    void block(BoardCoord cell, const std::array<std::string_view, 3>& rows, Style style, bool emphasis) {
        for (int r = 0; r < tile_height; ++r)
            for (int c = 0; c < tile_width; ++c)
                put(cell, r, c, {static_cast<char32_t>(rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]), style, emphasis});
    }

    void art(BoardCoord cell, const TileArt& art, bool emphasis) {
        for (int r = 0; r < tile_height; ++r)
            for (int c = 0; c < tile_width; ++c) {
                Cell value = art.at(r, c);
                value.emphasis = emphasis;
                put(cell, r, c, value);
            }
    }

    void emphasise(BoardCoord cell) {
        for (int r = 0; r < tile_height; ++r)
            for (int c = 0; c < tile_width; ++c)
                if (Cell* p = at(cell, r, c)) p->emphasis = true;
    }

    std::vector<StyledLine> take() { return std::move(lines_); }

private:
    Viewport view_;
    std::vector<StyledLine> lines_;
};

constexpr std::array<std::string_view, 3> legal_box = {"+-----+", "|     |", "+-----+"};
constexpr std::array<std::string_view, 3> bad_box = {"x-----x", "| no  |", "x-----x"};
constexpr std::array<std::string_view, 3> interior_box = {"       ", "   .   ", "       "};

void draw_wall(Canvas& canvas, const BoardScene& scene) {
    for (const BoardCoord& c : scene.interior) canvas.block(c, interior_box, Style::interior, false);
    for (const SceneWallCell& w : scene.wall) {
        char numbers[8];
        std::snprintf(numbers, sizeof numbers, "%02d/%02d", w.first_number % 100, (w.first_number + 1) % 100);
        const char edge = w.tower ? 'T' : ':';
        const std::string fill(7, edge);
        const std::string middle = std::string(1, edge) + numbers + edge;
        std::string bottom = fill;
        if (w.token) bottom[3] = '?';
        canvas.block(w.at, {fill, middle, bottom}, w.tower ? Style::wall_tower : Style::wall, false);
    }
}

// Score markers: a player's score is a position on the wall's 0-99 track (The Castle).
void draw_track(Canvas& canvas, const BoardScene& scene) {
    for (std::size_t seat = 0; seat < scene.track_scores.size(); ++seat) {
        const int position = ((scene.track_scores[seat] % 100) + 100) % 100;
        for (const SceneWallCell& w : scene.wall)
            if (w.first_number == position - position % 2)
                canvas.put(w.at, 2, seat == 0 ? 1 : 5,
                           {static_cast<char32_t>('A' + seat), player_style(static_cast<int>(seat)), false});
    }
}

// The City of Carcassonne: its rim keeps the cells' own fields, roads and cities (tiles are laid
// against them); inside it a wall with corner towers and the four quarters, each with its name,
// its choice number, the Count (@) and the followers standing in it.
void draw_city(Canvas& canvas, const SceneCity& city) {
    constexpr int rows = 3 * tile_height, cols = 4 * tile_width;
    for (int r = 1; r < rows - 1; ++r)
        for (int c = 1; c < cols - 1; ++c) {
            const bool edge_row = r == 1 || r == rows - 2, edge_col = c == 1 || c == cols - 2;
            Cell cell{' ', Style::blank, false};
            if (edge_row && edge_col) cell = {'T', Style::wall_tower, false};
            else if (edge_row) cell = {'-', Style::wall, false};
            else if (edge_col) cell = {'|', Style::wall, false};
            canvas.put(city.corner, r, c, cell);
        }
    constexpr int left = 2, right = cols / 2, top = 2, bottom = rows / 2 + 1;
    for (std::size_t i = 0; i < city.quarters.size(); ++i) {
        const SceneQuarter& q = city.quarters[i];
        const int c0 = i % 2 == 0 ? left : right, r0 = i < 2 ? top : bottom;
        const int width = (i % 2 == 0 ? right - 1 : cols - 2) - c0;
        if (q.mark) canvas.put(city.corner, r0, c0, {static_cast<char32_t>(q.mark), Style::mark, false});
        const std::u32string label = decode_utf8(q.label.empty() ? q.name : q.label);
        for (std::size_t k = 0; k < label.size() && static_cast<int>(k) + 2 < width; ++k)
            canvas.put(city.corner, r0, c0 + 1 + static_cast<int>(k), {label[k], Style::text, false});
        const int name_end = 1 + static_cast<int>(label.size());
        if (q.count) canvas.put(city.corner, r0, c0 + std::min(name_end + 1, width - 1), {'@', Style::count, false});
        for (std::size_t k = 0; k < q.followers.size() && static_cast<int>(k) + 1 < width; ++k)
            canvas.put(city.corner, r0 + 1, c0 + 1 + static_cast<int>(k),
                       {static_cast<char32_t>('A' + q.followers[k]), player_style(q.followers[k]), false});
    }
}

const SceneTile* tile_at(const BoardScene& scene, BoardCoord at) {
    for (const SceneTile& t : scene.tiles)
        if (t.at == at) return &t;
    if (scene.preview && scene.preview->at == at) return &*scene.preview;
    return nullptr;
}

}  // namespace

std::vector<StyledLine> render_board(const BoardScene& scene, const TileBook& tiles,
                                     const Viewport& viewport) {
    Canvas canvas(viewport);
    draw_wall(canvas, scene);
    for (const BoardCoord& c : scene.legal) canvas.block(c, legal_box, Style::legal, false);
    for (const SceneTile& t : scene.tiles)
        if (const TileInfo* info = tiles.find(t.tile)) canvas.art(t.at, draw_tile(*info, t.rotation, t.height), false);
    if (scene.preview)
        if (const TileInfo* info = tiles.find(scene.preview->tile))
            canvas.art(scene.preview->at, draw_tile(*info, scene.preview->rotation, scene.preview->height), true);
    if (scene.city) draw_city(canvas, *scene.city);

    auto put_on_segment = [&](BoardCoord at, int segment, Cell value) {
        const SceneTile* t = tile_at(scene, at);
        const TileInfo* info = t ? tiles.find(t->tile) : nullptr;
        if (!info) return;
        const int a = anchor_of(draw_tile(*info, t->rotation, t->height), segment);
        if (a < 0) return;
        int r = a / tile_width, c = a % tile_width;
        if (scene.city) {
            // Inside the City's wall are its quarters' names: a marker there goes out onto the
            // City's rim (where its cells' fields and roads still show), the nearest side.
            constexpr int rows = 3 * tile_height, cols = 4 * tile_width;
            const int R = (at.y - scene.city->corner.y) * tile_height + r;
            const int C = (at.x - scene.city->corner.x) * tile_width + c;
            if (R >= 1 && R <= rows - 2 && C >= 1 && C <= cols - 2) {
                const int up = R, down = rows - 1 - R, left = C, right = cols - 1 - C;
                const int least = std::min({up, down, left, right});
                const int R2 = least == up ? 0 : least == down ? rows - 1 : R;
                const int C2 = least == up || least == down ? C : least == left ? 0 : cols - 1;
                canvas.put(scene.city->corner, R2, C2, value);
                return;
            }
        }
        canvas.put(at, r, c, value);
    };
    // The last tile of each seat: its four corners in the seat's colour.
    for (const auto& [at, seat] : scene.last_tiles)
        for (const auto& [r, c] : {std::pair{0, 0}, {0, tile_width - 1}, {tile_height - 1, 0}, {tile_height - 1, tile_width - 1}})
            if (Cell* p = canvas.at(at, r, c)) p->style = player_style(seat);
    for (const SceneFollower& f : scene.followers)
        put_on_segment(f.at, f.segment, {static_cast<char32_t>('A' + f.owner), player_style(f.owner), false});
    for (const SceneMark& m : scene.marks) put_on_segment(m.at, m.segment, {static_cast<char32_t>(m.letter), Style::mark, false});
    draw_track(canvas, scene);

    if (scene.cursor) {
        if (tile_at(scene, *scene.cursor) && scene.cursor_fits) canvas.emphasise(*scene.cursor);
        else if (tile_at(scene, *scene.cursor)) {  // a tile lies there already
            canvas.emphasise(*scene.cursor);
            for (const auto& [r, c] : {std::pair{0, 0}, {0, tile_width - 1}, {tile_height - 1, 0}, {tile_height - 1, tile_width - 1}})
                canvas.put(*scene.cursor, r, c, {U'x', Style::bad, true});
        }
        else if (scene.cursor_fits) canvas.block(*scene.cursor, legal_box, Style::legal, true);
        else canvas.block(*scene.cursor, bad_box, Style::bad, true);
    }
    return canvas.take();
}

Viewport fit_viewport(const BoardScene& scene, int margin) {
    bool any = false;
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    auto add = [&](BoardCoord c) {
        if (!any) { x0 = x1 = c.x; y0 = y1 = c.y; any = true; return; }
        x0 = std::min(x0, c.x); x1 = std::max(x1, c.x);
        y0 = std::min(y0, c.y); y1 = std::max(y1, c.y);
    };
    for (const SceneTile& t : scene.tiles) add(t.at);
    for (const SceneWallCell& w : scene.wall) add(w.at);
    for (const BoardCoord& c : scene.legal) add(c);
    if (scene.cursor) add(*scene.cursor);
    return {x0 - margin, y0 - margin, (x1 - x0 + 1 + 2 * margin) * tile_width,
            (y1 - y0 + 1 + 2 * margin) * tile_height};
}

Viewport follow(Viewport v, BoardCoord cell) {
    const int cols = std::max(1, v.width / tile_width);
    const int rows = std::max(1, v.height / tile_height);
    if (cell.x < v.left) v.left = cell.x;
    if (cell.x >= v.left + cols) v.left = cell.x - cols + 1;
    if (cell.y < v.top) v.top = cell.y;
    if (cell.y >= v.top + rows) v.top = cell.y - rows + 1;
    return v;
}

}  // namespace carc::term

#pragma once
// A view described once, used twice (docs/architecture.md, "Views and versions"). Each field is
// a path, the games that have it, what is compared and how it is written; view_fields.hpp lists
// them. `write_snapshot` puts every field of a table into a whole view (build_view);
// `Published<Source, Table>` keeps what was last published of each field in typed form and turns
// what differs into RFC 6902 operations (ViewPublisher). So a described field is in the snapshot
// and in the patches under the same path, written by the same function. (The model is OpenTTD's
// SaveLoad tables: one description for saving and for loading.)
//
// A table is a std::tuple of the kinds below, each holding captureless lambdas, so walking it
// compiles to the same straight-line comparisons a hand-written publisher would make.

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "patch_ops.hpp"

namespace carc::protocol::view {

// Which games have a field (a source says with `has`). Room and viewer fields are in every view.
enum class Games : std::uint8_t { every, castle, count, king_robber };

// Written in the snapshot, never compared: it cannot change while it is published.
template <typename Json>
struct Constant {
    const char* path;
    Games games;
    Json json;  // (source) -> JSON
};

// Compared as `key`, replaced whole when it differs.
template <typename Key, typename Json>
struct Value {
    const char* path;
    Games games;
    Key key;    // (source) -> what is compared: a cheap typed value, a reference to one, or the JSON
    Json json;  // (source, key) -> JSON
    bool omit_null = false;  // a null value is no member at all (added when it comes, removed when it goes)
};

// An array whose elements change in place (replace), leave from anywhere (remove) or come at the
// end (`add .../-`). Elements are compared with ==.
template <typename Items, typename Json>
struct List {
    const char* path;
    Games games;
    Items items;  // (source) -> size() and operator[]
    Json json;    // (source, index, element) -> the element's JSON
};

// An array kept sorted by `order` whose elements come, go and change anywhere; compared only
// when `may_differ` (source) says so.
template <typename Items, typename Json, typename Order, typename MayDiffer>
struct SortedList {
    const char* path;
    Games games;
    Items items;
    Json json;            // (source, element) -> JSON
    Order order;          // (element) -> what the list is sorted by
    MayDiffer may_differ;  // (source) -> bool
};

template <typename T>
inline constexpr bool is_constant = false;
template <typename Json>
inline constexpr bool is_constant<Constant<Json>> = true;

// Calls `visit(field)` for every field of `table`, in order.
template <typename Table, typename Visit>
void for_each_field(const Table& table, Visit&& visit) {
    std::apply([&](const auto&... field) { (visit(field), ...); }, table);
}

namespace detail {

// The member at `path` (a JSON pointer without escapes) inside `doc`, made when missing.
inline nlohmann::json& member_at(nlohmann::json& doc, std::string_view path) {
    nlohmann::json* at = &doc;
    for (std::size_t start = 1;;) {
        const std::size_t next = path.find('/', start);
        at = &(*at)[std::string(path.substr(start, next - start))];
        if (next == std::string_view::npos) return *at;
        start = next + 1;
    }
}

template <typename Source, typename Field>
struct slot;  // what is kept of a field as published
template <typename Source, typename Json>
struct slot<Source, Constant<Json>> {
    struct type {
        friend bool operator==(const type&, const type&) = default;
    };
};
template <typename Source, typename Key, typename Json>
struct slot<Source, Value<Key, Json>> {
    using type = std::remove_cvref_t<std::invoke_result_t<const Key&, const Source&>>;
};
template <typename Source, typename Items, typename Json>
struct slot<Source, List<Items, Json>> {
    using items = std::invoke_result_t<const Items&, const Source&>;
    using type = std::vector<std::remove_cvref_t<decltype(std::declval<items>()[0])>>;
};
template <typename Source, typename Items, typename Json, typename Order, typename MayDiffer>
struct slot<Source, SortedList<Items, Json, Order, MayDiffer>> {
    using items = std::invoke_result_t<const Items&, const Source&>;
    using type = std::vector<std::remove_cvref_t<decltype(std::declval<items>()[0])>>;
};

inline std::string element_path(const char* path, std::size_t index) {
    std::string out = path;
    out += '/';
    out += std::to_string(index);
    return out;
}

// ---- snapshots ----

template <typename Source, typename Json>
void snapshot(const Constant<Json>& f, const Source& source, nlohmann::json& doc) {
    member_at(doc, f.path) = f.json(source);
}

template <typename Source, typename Key, typename Json>
void snapshot(const Value<Key, Json>& f, const Source& source, nlohmann::json& doc) {
    nlohmann::json value = f.json(source, f.key(source));
    if (f.omit_null && value.is_null()) return;
    member_at(doc, f.path) = std::move(value);
}

template <typename Source, typename Items, typename Json>
void snapshot(const List<Items, Json>& f, const Source& source, nlohmann::json& doc) {
    nlohmann::json array = nlohmann::json::array();
    const auto& items = f.items(source);
    for (std::size_t i = 0; i < items.size(); ++i) array.push_back(f.json(source, i, items[i]));
    member_at(doc, f.path) = std::move(array);
}

template <typename Source, typename Items, typename Json, typename Order, typename MayDiffer>
void snapshot(const SortedList<Items, Json, Order, MayDiffer>& f, const Source& source, nlohmann::json& doc) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto& item : f.items(source)) array.push_back(f.json(source, item));
    member_at(doc, f.path) = std::move(array);
}

// ---- publishing: compare with what was published, keep the new value, emit the operations ----
// `ops` null: only keep (the whole sub-tree went out some other way).

template <typename Source, typename Json, typename Slot>
void publish(const Constant<Json>&, Slot&, const Source&, nlohmann::json*) {}

template <typename Source, typename Key, typename Json, typename Slot>
void publish(const Value<Key, Json>& f, Slot& published, const Source& source, nlohmann::json* ops) {
    decltype(auto) now = f.key(source);
    if (published == now) return;
    const bool was_absent = ops && f.omit_null && f.json(source, published).is_null();
    if constexpr (std::is_reference_v<decltype(f.key(source))>) published = now;
    else published = std::move(now);
    if (!ops) return;
    nlohmann::json value = f.json(source, published);
    if (f.omit_null && value.is_null()) ops->push_back(patch_ops::make_remove(f.path));
    else ops->push_back(patch_ops::make(was_absent ? "add" : "replace", f.path, std::move(value)));
}

template <typename Source, typename Items, typename Json, typename Slot>
void publish(const List<Items, Json>& f, Slot& published, const Source& source, nlohmann::json* ops) {
    decltype(auto) items = f.items(source);
    if (!ops) {
        published.clear();
        for (std::size_t i = 0; i < items.size(); ++i) published.push_back(items[i]);
        return;
    }
    // Removals first, found by a merge walk: published[0..j) equals items[0..j) throughout.
    for (std::size_t j = 0; published.size() > items.size();) {
        while (j < items.size() && published[j] == items[j]) ++j;
        ops->push_back(patch_ops::make_remove(element_path(f.path, j)));
        published.erase(published.begin() + static_cast<std::ptrdiff_t>(j));
    }
    for (std::size_t i = 0; i < published.size(); ++i) {
        if (published[i] == items[i]) continue;
        published[i] = items[i];
        ops->push_back(patch_ops::make("replace", element_path(f.path, i), f.json(source, i, items[i])));
    }
    for (std::size_t i = published.size(); i < items.size(); ++i) {
        published.push_back(items[i]);
        ops->push_back(patch_ops::make("add", std::string(f.path) + "/-", f.json(source, i, items[i])));
    }
}

template <typename Source, typename Items, typename Json, typename Order, typename MayDiffer, typename Slot>
void publish(const SortedList<Items, Json, Order, MayDiffer>& f, Slot& published, const Source& source,
             nlohmann::json* ops) {
    const auto& now = f.items(source);
    if (!ops) {
        published.assign(now.begin(), now.end());
        return;
    }
    if (!f.may_differ(source)) return;
    // One merge walk finds who came, left or changed; published[0..j) equals now[0..j)
    // throughout, so each operation's index is j.
    std::size_t j = 0;
    while (j < now.size() || j < published.size()) {
        if (j == now.size() || (j < published.size() && f.order(published[j]) < f.order(now[j]))) {
            ops->push_back(patch_ops::make_remove(element_path(f.path, j)));
            published.erase(published.begin() + static_cast<std::ptrdiff_t>(j));
        } else if (j == published.size() || f.order(now[j]) < f.order(published[j])) {
            ops->push_back(patch_ops::make("add", element_path(f.path, j), f.json(source, now[j])));
            published.insert(published.begin() + static_cast<std::ptrdiff_t>(j), now[j]);
            ++j;
        } else {
            if (!(published[j] == now[j])) {
                published[j] = now[j];
                ops->push_back(patch_ops::make("replace", element_path(f.path, j), f.json(source, now[j])));
            }
            ++j;
        }
    }
}

template <typename Source, typename Json, typename Slot>
void write_published(const Constant<Json>& f, const Slot&, const Source& source, nlohmann::json& doc) {
    if (source.has(f.games)) member_at(doc, f.path) = f.json(source);
}

template <typename Source, typename Key, typename Json, typename Slot>
void write_published(const Value<Key, Json>& f, const Slot& published, const Source& source, nlohmann::json& doc) {
    if (!source.has(f.games)) return;
    nlohmann::json value = f.json(source, published);
    if (f.omit_null && value.is_null()) return;
    member_at(doc, f.path) = std::move(value);
}

}  // namespace detail

// Every field of `table` that `source` has, written into `doc` at its path.
template <typename Source, typename Table>
void write_snapshot(const Table& table, const Source& source, nlohmann::json& doc) {
    for_each_field(table, [&](const auto& field) {
        if (source.has(field.games)) detail::snapshot(field, source, doc);
    });
}

// What was last published of every field of a table, in typed form.
template <typename Source, typename Table>
class Published;

template <typename Source, typename... Fields>
class Published<Source, std::tuple<Fields...>> {
public:
    // Compares every field `source` has with what was published, keeps the new values and
    // appends the operations that bring a published view up to date to `ops` (null: keep only).
    void publish(const std::tuple<Fields...>& table, const Source& source, nlohmann::json* ops) {
        publish_all(table, source, ops, std::index_sequence_for<Fields...>{});
    }

    // The fields as last published, written into `doc` at their paths: constants from `source`,
    // the rest from what was kept. Only for tables of constants and values whose JSON needs no
    // more of the source than its constants (a viewer's own part).
    void write(const std::tuple<Fields...>& table, const Source& source, nlohmann::json& doc) const {
        write_all(table, source, doc, std::index_sequence_for<Fields...>{});
    }

private:
    template <std::size_t... I>
    void write_all(const std::tuple<Fields...>& table, const Source& source, nlohmann::json& doc,
                   std::index_sequence<I...>) const {
        (detail::write_published(std::get<I>(table), std::get<I>(slots_), source, doc), ...);
    }

    template <std::size_t... I>
    void publish_all(const std::tuple<Fields...>& table, const Source& source, nlohmann::json* ops,
                     std::index_sequence<I...>) {
        ((source.has(std::get<I>(table).games) ? detail::publish(std::get<I>(table), std::get<I>(slots_), source, ops)
                                               : void()),
         ...);
    }

    std::tuple<typename detail::slot<Source, Fields>::type...> slots_;
};

}  // namespace carc::protocol::view

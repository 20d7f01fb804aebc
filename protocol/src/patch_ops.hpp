#pragma once
// RFC 6902 operations as the view publisher makes and applies them, without nlohmann's general
// machinery: an operation is built as an object directly (no initializer-list temporaries), and
// the publisher's own document is patched by walking each path in place (no json_pointer
// objects, no copies of the operations). Only `add`, `replace` and `remove` are needed.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::protocol::patch_ops {

// {"op": op, "path": path, "value": value}
nlohmann::json make(const char* op, std::string path, nlohmann::json value);
// {"op": "remove", "path": path}
nlohmann::json make_remove(std::string path);

// Applies `ops` (an array of the operations above) to `doc`, in order. Throws
// std::invalid_argument when a path does not lead where its operation needs it to (a bug in the
// caller: the publisher only makes operations on what it published).
void apply(nlohmann::json& doc, const nlohmann::json& ops);

}  // namespace carc::protocol::patch_ops

#include "error_text.hpp"

#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

std::string error_text(const json& error) {
    const std::string code = error.value("code", std::string());
    const std::string message = error.value("message", code);
    const json params = error.contains("params") && error["params"].is_object() ? error["params"] : json::object();
    std::vector<Arg> args{{"message", message}};
    for (const auto& [key, value] : params.items())
        args.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
    // An illegal action's rule has words of its own.
    if (code == "illegal_action" && params.contains("rule") && params["rule"].is_string()) {
        const std::string key = "rule." + params["rule"].get<std::string>();
        const std::string rule = tr(key, args);
        if (rule != key) return tr("error.illegal_action_rule", {{"rule", rule}});
    }
    // Codes whose words need a parameter fall back to the server's message without it.
    if ((code == "not_your_turn" && !params.contains("name")) || (code == "bad_field" && !params.contains("field")))
        return tr("error.prefix", {{"message", message}});
    const std::string key = "error." + code;
    const std::string text = tr(key, args);
    if (text == key) return tr("error.prefix", {{"message", message}});
    return text;
}

}  // namespace carc::term

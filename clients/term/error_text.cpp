#include "error_text.hpp"

#include "i18n.hpp"

namespace carc::term {

using nlohmann::json;

namespace {

// A text with a placeholder left unfilled (a parameter the server did not send).
bool unfilled(const std::string& text, const std::vector<Arg>& args) {
    for (const Arg& a : args)
        if (a.second.find('{') != std::string::npos) return false;  // cannot tell: trust it
    return text.find('{') != std::string::npos;
}

}  // namespace

std::string error_text(const json& error) {
    const std::string code = error.value("code", std::string());
    const std::string message = error.value("message", code);
    const json params = error.contains("params") && error["params"].is_object() ? error["params"] : json::object();
    std::vector<Arg> args{{"message", message}};
    for (const auto& [key, value] : params.items())
        args.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
    if (params.contains("seat") && params["seat"].is_number_integer())
        args.emplace_back("seat_number", std::to_string(params["seat"].get<int>() + 1));
    // The most specific words first: an illegal action's rule, a reason, a field.
    std::vector<std::string> keys;
    if (code == "illegal_action" && params.contains("rule") && params["rule"].is_string()) {
        const std::string key = "rule." + params["rule"].get<std::string>();
        const std::string rule = tr(key, args);
        if (rule != key) return tr("error.illegal_action_rule", {{"rule", rule}});
    }
    for (const char* detail : {"reason", "field"})
        if (params.contains(detail) && params[detail].is_string())
            keys.push_back("error." + code + "." + params[detail].get<std::string>());
    keys.push_back("error." + code);
    for (const std::string& key : keys) {
        const std::string text = tr(key, args);
        if (text != key && !unfilled(text, args)) return text;
    }
    return tr("error.prefix", {{"message", message}});
}

}  // namespace carc::term

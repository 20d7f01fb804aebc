#include "script_expect.hpp"

namespace carc::sim {

std::string unmet_expectation(const nlohmann::json& expect, const nlohmann::json& result,
                              const std::string& error) {
    if (!expect.is_object()) return "\"expect\" must be an object";
    if (expect.contains("refused")) {
        const std::string wanted = expect["refused"].get<std::string>();
        if (!result.is_null()) return "expected a refusal containing \"" + wanted + "\", but the script played through";
        if (error.find(wanted) == std::string::npos)
            return "expected a refusal containing \"" + wanted + "\", got \"" + error + "\"";
    } else if (result.is_null()) {
        return "the script was refused: " + error;
    }
    if (expect.contains("scores") && result.value("scores", nlohmann::json()) != expect["scores"])
        return "scores " + result.value("scores", nlohmann::json()).dump() + ", expected " + expect["scores"].dump();
    for (const auto& [key, value] : expect.items())
        if (key != "refused" && key != "scores") return "unknown expectation \"" + key + "\"";
    return "";
}

}  // namespace carc::sim

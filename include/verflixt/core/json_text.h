#pragma once
// A JSON document as verflixt prints every one: two-space indent, a final newline, and no
// -0.0 (a sign without a difference only confuses a reader and a diff). Written once, for the
// reporter (report.h) and the commands that build their JSON by hand.
#include <nlohmann/json.hpp>
#include <string>

namespace verflixt::core::report {

std::string json_text(nlohmann::ordered_json doc);

}  // namespace verflixt::core::report

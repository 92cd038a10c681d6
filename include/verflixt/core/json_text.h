#pragma once
// A JSON document as verflixt prints every one: two-space indent, a final newline, and no
// -0.0 (a sign without a difference only confuses a reader and a diff). Written once, for the
// reporter (report.h) and the commands that build their JSON by hand.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace verflixt::core::report {

std::string json_text(nlohmann::ordered_json doc);

// A JSON answer with `warnings` (what the command line also says on stderr as "verflixt:
// warning: TEXT") in its "warnings" array after those it holds, each once, so that a saved
// file, the page and Python see them. Unchanged without a warning it lacks, or where it is no
// JSON object; else rewritten by json_text, every other byte as it was.
std::string with_warnings(const std::string& json, const std::vector<std::string>& warnings);

}  // namespace verflixt::core::report

#include "verflixt/core/ini.h"

#include <algorithm>
#include <charconv>
#include <istream>
#include <optional>
#include <set>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::core {

std::pair<std::string, std::string> split_assignment(std::string_view assignment,
                                                     const std::vector<std::string>& valid_keys) {
  const size_t eq = assignment.find('=');
  if (eq == std::string_view::npos)
    throw InputError("--set " + verflixt::core::quoted(assignment) + " is not key=value; valid keys: " + join(valid_keys));
  const auto trimmed = [](std::string_view s) {
    const size_t b = s.find_first_not_of(" \t");
    return b == std::string_view::npos ? std::string() : std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
  };
  return {trimmed(assignment.substr(0, eq)), trimmed(assignment.substr(eq + 1))};
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k) {
    if (k) out += sep;
    out += items[k];
  }
  return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    pieces.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return pieces;
}

std::vector<IniEntry> read_ini(std::istream& in, std::string_view source, const std::vector<std::string>& known) {
  // The syntax of Boost.Program_options' config files, read line by line so that every
  // error and every value can name its line: '#' starts a comment, "[section]" prefixes the
  // keys below it with "section.", "key = value" with whitespace trimmed. An editor's byte
  // order mark before the first line is no part of it, and a key is read as people type
  // names, as --set reads one ("[PIG]" and "Goal" are pig.goal, as is --set PIG.Goal=30).
  const auto trim = [](const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
  };
  std::vector<IniEntry> out;
  std::set<std::string> seen;
  std::string line, prefix;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = std::string(source) + ":" + std::to_string(number);
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    line = trim(line);
    if (line.empty()) continue;
    if (line.front() == '[') {
      if (line.back() != ']' || line.size() < 3)
        throw InputError(where + ": " + verflixt::core::quoted(line) + " is neither a '[section]' header nor a 'key = value' line");
      const std::string section = trim(line.substr(1, line.size() - 2));
      // A section no key lives in is refused at its header (another game's file, a typo),
      // not at each key below it.
      std::vector<std::string> sections;
      for (const std::string& k : known)
        if (const size_t dot = k.rfind('.'); dot != std::string::npos &&
                                              std::find(sections.begin(), sections.end(), k.substr(0, dot)) == sections.end())
          sections.push_back(k.substr(0, dot));
      if (!match_name(section, sections))
        throw InputError(where + ": unknown section [" + printable(section, 40) + "]" + suggest(section, sections));
      prefix = section + ".";
      continue;
    }
    const size_t eq = line.find('=');
    if (eq == std::string::npos || trim(line.substr(0, eq)).empty())
      throw InputError(where + ": " + verflixt::core::quoted(line) + " is neither a '[section]' header nor a 'key = value' line");
    const std::string given = prefix + trim(line.substr(0, eq));
    const std::optional<size_t> k = match_name(given, known);
    if (!k) throw InputError(where + ": unknown key " + verflixt::core::quoted(given) + suggest(given, known));
    const std::string& key = known[*k];
    if (!seen.insert(key).second) throw InputError(where + ": key " + verflixt::core::quoted(key) + " is given twice");
    out.push_back({key, trim(line.substr(eq + 1)), where});
  }
  return out;
}

int parse_int(std::string_view value, std::string_view key, std::string_view source, int lo, int hi) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  const bool ok = ec == std::errc() && ptr == value.data() + value.size() && !value.empty();
  if (!ok || v < lo || v > hi)
    throw InputError(std::string(source) + ": " + std::string(key) + " = " + verflixt::core::quoted(value) +
                     " is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

bool parse_bool(std::string_view value, std::string_view key, std::string_view source) {
  if (value == "true") return true;
  if (value == "false") return false;
  throw InputError(std::string(source) + ": " + std::string(key) + " = " + verflixt::core::quoted(value) +
                   "; valid: true, false");
}

size_t parse_choice(std::string_view value, std::string_view key, std::string_view source,
                    const std::vector<std::string>& choices) {
  if (const auto k = match_name(value, choices)) return *k;
  throw InputError(std::string(source) + ": " + std::string(key) + " = " + verflixt::core::quoted(value) +
                   suggest(value, choices));
}

}  // namespace verflixt::core

#include "serve/request_schema.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {
namespace {

using Json = nlohmann::json;

// A request's objects and arrays nest at most this deep ({"other": ["14:p"]} is 2): deeper
// input has no meaning here and would only cost the parser's memory.
constexpr int kMaxDepth = 4;
// Keys are option names: lower-case letters and '-', not longer than the longest option.
constexpr std::size_t kMaxKeyLength = 32;

const char* type_text(KeyType type) {
  switch (type) {
    case KeyType::Integer: return "a whole number";
    case KeyType::Real: return "a number";
    case KeyType::Flag: return "true or false";
    case KeyType::Text: return "a string (or a whole number)";
    case KeyType::TextList: return "an array of strings";
    case KeyType::Policy: return "a policy name";
    case KeyType::IniText: return "the text of an INI file";
  }
  return "";
}

bool well_formed_key(const std::string& key) {
  return !key.empty() && key.size() <= kMaxKeyLength && key.front() != '-' &&
         std::all_of(key.begin(), key.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
}

// A value of the wrong type as the refusal names it: a number, a string or true/false as it
// was given (cut, quoted), an array or an object by its kind.
std::string given_text(const Json& v) {
  if (v.is_string()) return verflixt::core::quoted(v.get<std::string>(), 40);
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return verflixt::core::printable(v.dump(), 40);  // a number, true, false or null
}
core::InputError wrong_type(const std::string& key, KeyType type, const Json& v) {
  return core::InputError("\"" + key + "\": expected " + type_text(type) + ", not " + given_text(v));
}

// A string value: no control characters (in INI text: but newline, carriage return, tab).
std::string string_value(const std::string& key, const Json& v, bool ini) {
  if (!v.is_string()) throw wrong_type(key, ini ? KeyType::IniText : KeyType::Text, v);
  const std::string s = v.get<std::string>();
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && !(ini && (c == '\n' || c == '\r' || c == '\t'))) || c == 0x7f)
      throw core::InputError("\"" + key + "\": " + verflixt::core::quoted(s, 60) + " holds a control character");
  }
  return s;
}

// A whole number's digits: a JSON integer, or a float that is whole (2e3, 2000.0) as JSON
// writers often write large numbers; past 2^53 a float no longer holds every whole number, so
// none is read. None for any other value.
std::optional<std::string> whole_number(const Json& v) {
  if (v.is_number_integer()) return v.dump();
  if (!v.is_number_float()) return std::nullopt;
  const double d = v.get<double>();
  if (!(std::fabs(d) <= 9007199254740992.0) || d != std::floor(d)) return std::nullopt;
  return std::to_string(static_cast<long long>(d));
}

// A text value as the command line has it: a string, or a whole number as its digits (a
// throw's number, a game total, dice written 66321), since the command line's words have no
// type and one game's number option may be another's word.
std::string text_value(const std::string& key, const Json& v) {
  if (const auto digits = whole_number(v)) return *digits;
  return string_value(key, v, false);
}

// The body as a JSON object, refusing repeated keys (a parser would silently keep one of
// them) and deep nesting. Every parser error, number overflow included, is an InputError.
Json parse_object(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return Json::object();
  std::set<std::string> seen;
  const Json::parser_callback_t check = [&](int depth, Json::parse_event_t event, Json& parsed) {
    if (depth > kMaxDepth) throw core::InputError("the request nests deeper than " + std::to_string(kMaxDepth) + " levels");
    if (event == Json::parse_event_t::key && depth == 1 && !seen.insert(parsed.get<std::string>()).second)
      throw core::InputError("the key " + verflixt::core::quoted(parsed.get<std::string>(), 40) + " is given twice; give each key once");
    return true;
  };
  Json req;
  try {
    req = Json::parse(body.begin(), body.end(), check);
  } catch (const Json::exception& e) {
    throw core::InputError(std::string("the request is not JSON: ") + e.what());
  }
  if (!req.is_object()) throw core::InputError("the request must be a JSON object of options, e.g. {\"turn-total\": 9}");
  return req;
}

}  // namespace

std::vector<KeyRule> request_keys(const core::OptionTable& table) {
  std::vector<KeyRule> keys;
  for (const core::Option& o : table) {
    if (!o.web) continue;
    using Kind = core::Option::Kind;
    KeyType type = KeyType::Text;
    switch (o.kind) {
      case Kind::Switch: type = KeyType::Flag; break;
      // As the command line spells it ("true", "false"): a Flag only ever turns an option on.
      case Kind::Boolean: type = KeyType::Text; break;
      case Kind::Integer:
      case Kind::Count: type = KeyType::Integer; break;
      case Kind::Real: type = KeyType::Real; break;
      case Kind::Word:
      case Kind::Choice: type = KeyType::Text; break;
      case Kind::Words: type = KeyType::TextList; break;
      case Kind::Policy: type = KeyType::Policy; break;
      case Kind::Text: type = KeyType::IniText; break;
      case Kind::File: continue;  // no request names a file
    }
    keys.push_back({o.name, type, o.name});
    for (const auto& old : o.old_names) keys.push_back({old, type, o.name});
  }
  return keys;
}

PolicyCatalog PolicyCatalog::from_folder(const std::string& dir) {
  namespace fs = std::filesystem;
  PolicyCatalog catalog;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& p = entry.path();
    if (!entry.is_regular_file(ec) || (p.extension() != ".ini" && p.extension() != ".policy")) continue;
    catalog.paths_.emplace(p.stem().string(), p.string());
  }
  return catalog;
}

std::vector<std::string> PolicyCatalog::names() const {
  std::vector<std::string> out;
  for (const auto& [name, path] : paths_) out.push_back(name);
  return out;
}

std::string PolicyCatalog::resolve(const std::string& key, const std::string& typed) const {
  // Names as people type them, as on the command line ("Strong", "Position-Safe").
  const std::string name = core::policy_spelling(typed, {"objective", "threshold", "strong"});
  if (name == "objective" || name == "strong" || name.rfind("threshold:", 0) == 0) return name;
  if (const auto k = core::match_name(name, names())) return paths_.at(names()[*k]);
  std::vector<std::string> valid = {"objective", "threshold:N", "strong"};
  for (const auto& n : names())
    if (std::find(valid.begin(), valid.end(), n) == valid.end()) valid.push_back(n);
  throw core::InputError("\"" + key + "\": unknown policy " + verflixt::core::quoted(name, 60) + core::suggest(name, valid) + "; or give the policy's INI text as \"" +
                   key + "-text\"");
}

std::string request_game(std::string_view body, const std::vector<std::string>& games) {
  const Json req = parse_object(body);
  if (!req.contains("game")) return games.front();
  const Json& v = req["game"];
  if (!v.is_string()) throw core::InputError("\"game\": expected a string; valid: " + core::join(games, ", "));
  const std::string given = string_value("game", v, false);
  const auto k = core::match_name(given, games);
  if (!k)
    throw core::InputError("\"game\": unknown game " + core::quoted(given, 40) + core::suggest(given, games, core::join(games, ", ")));
  return games[*k];
}

std::vector<std::string> request_arguments(std::string_view endpoint, const core::OptionTable& table,
                                           std::string_view body, const PolicyCatalog& catalog) {
  const std::vector<KeyRule> rules = request_keys(table);
  std::vector<std::string> names;  // the current names: the valid keys a refusal lists
  for (const auto& r : rules)
    if (r.key == r.option) names.push_back(r.key);
  const Json req = parse_object(body);
  std::vector<std::string> args = {std::string(endpoint)};
  for (const auto& [key, value] : req.items()) {
    if (key == "game") continue;  // which game: request_game
    if (!well_formed_key(key))
      throw core::InputError("the key " + verflixt::core::quoted(key, 40) + " is not an option name (lower-case letters and '-'); valid: " +
                       core::join(names, ", "));
    const auto rule = std::find_if(rules.begin(), rules.end(), [&](const KeyRule& r) { return r.key == key; });
    if (rule == rules.end()) throw core::InputError("unknown key '" + key + "' for /api/" + std::string(endpoint) + core::suggest(key, names));
    // A key given twice under two spellings is one option given twice.
    if (rule->key != rule->option && req.contains(rule->option))
      throw core::InputError("give one of \"" + rule->option + "\" and \"" + key + "\" (its earlier name), not both");
    const std::string option = "--" + rule->option;
    const auto wrong = [&] { return wrong_type(key, rule->type, value); };
    switch (rule->type) {
      case KeyType::Flag:
        if (!value.is_boolean()) throw wrong();
        if (value.get<bool>()) args.push_back(option);
        break;
      case KeyType::Integer:  // as on the command line and in Python, 2e3 is 2000
        if (const auto digits = whole_number(value)) {
          args.push_back(option + "=" + *digits);
          break;
        }
        throw wrong();
      case KeyType::Real:
        if (!value.is_number()) throw wrong();
        args.push_back(option + "=" + value.dump());
        break;
      case KeyType::Text:
        args.push_back(option + "=" + text_value(key, value));
        break;
      case KeyType::IniText:
        args.push_back(option + "=" + string_value(key, value, true));
        break;
      case KeyType::Policy:
        args.push_back(option + "=" + catalog.resolve(key, string_value(key, value, false)));
        break;
      case KeyType::TextList:
        if (!value.is_array()) {  // one word is a list of one
          if (!value.is_string() && !whole_number(value)) throw wrong();
          args.push_back(option + "=" + text_value(key, value));
          break;
        }
        for (const auto& item : value) args.push_back(option + "=" + text_value(key, item));
        break;
    }
  }
  return args;
}

}  // namespace verflixt::cli

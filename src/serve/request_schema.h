#pragma once
// What a request to `verflixt serve` may say: for each endpoint an exact list of JSON keys
// with their JSON types, and the translation of an accepted request into the argument list
// of the command it answers for. A request is data, never a path or an option: a key is
// matched whole (no prefix guessing), a value never becomes a file name, and a policy is the
// name of a shipped strategy, a built-in form (threshold:N, strong, objective) or inline INI
// text. Everything else is refused with a one-line InputError naming the key and the valid
// choices.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/option.h"

namespace verflixt::cli {

// The JSON type a key takes.
enum class KeyType {
  Integer,   // a whole number (its range is the command option's)
  Real,      // a number (its range is the command option's)
  Flag,      // true or false
  Text,      // a string without control characters
  TextList,  // an array of such strings
  Policy,    // a policy's name (see PolicyCatalog)
  IniText,   // the text of an INI file (newlines and tabs allowed)
};

struct KeyRule {
  std::string key;  // the command's long option, as the request spells it
  KeyType type;
  std::string option = {};  // the option it becomes: `key`, or the current name of an earlier spelling
};

// The keys of a request for a command of option table `table` (core/option.h): every
// option offered to the web (Option::web), never a file; its JSON type from its kind. An
// option's earlier spellings (Option::old_names) are keys too, read as the option.
std::vector<KeyRule> request_keys(const core::OptionTable& table);

// The strategies shipped with verflixt that a request may name: file stem -> the server's
// own path to it, listed once when the server starts. A request names the stem; the path is
// the server's, so no file name a client sends reaches the file system.
class PolicyCatalog {
 public:
  PolicyCatalog() = default;
  // The Die verflixte 6 strategies (*.ini, *.policy) directly in `dir`; a missing folder
  // gives an empty catalog (threshold:N, strong and inline text still work).
  static PolicyCatalog from_folder(const std::string& dir);
  // The argument value for a policy `name` from a request: built-in forms as they are, a
  // shipped stem as its path. Throws InputError naming the valid choices for anything else.
  std::string resolve(const std::string& key, const std::string& name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, std::string> paths_;
};

// The game a request body names with its "game" key, one of `games` as typed (with "did you
// mean"); the first of `games` without the key. Throws InputError for a body that is not a JSON
// object or a game that is not one of them.
std::string request_game(std::string_view body, const std::vector<std::string>& games);

// The argument list of `verflixt <endpoint>` for a request body (a JSON object, or empty for
// {}), each key checked against request_keys(table): "key": value becomes --key=value, true a bare
// --key, false nothing, an array the option repeated. Throws InputError for a body that is
// not a JSON object, a malformed key, an unknown or repeated key, or a value of the wrong
// type; the command's own parser then checks ranges and choices as on the command line.
std::vector<std::string> request_arguments(std::string_view endpoint, const core::OptionTable& table,
                                           std::string_view body, const PolicyCatalog& catalog);

}  // namespace verflixt::cli

#pragma once
// INI files as rules and policies use them: "key = value" lines under "[section]" headers,
// '#' comments (the syntax of Boost.Program_options' config files), read line by line so
// that every error names its file and line.
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace verflixt::core {

// One "section.key = value" of a file, and where it stands ("my.ini:12") for error messages.
struct IniEntry {
  std::string key, value, where;
};

// Reads every "section.key = value" of `in`, in file order. Only keys in `known` are
// accepted, matched as names are (match_name: case, separators and umlauts aside) and given
// back as `known` spells them: an unknown key or a malformed line throws InputError naming
// `source` and the line, the offending key, the closest known keys and the valid keys. A key
// given twice is an error too. A UTF-8 byte order mark before the first line is skipped.
std::vector<IniEntry> read_ini(std::istream& in, std::string_view source, const std::vector<std::string>& known);

// Parsers for one value that throw InputError naming `key`, `source` and the valid range.
int parse_int(std::string_view value, std::string_view key, std::string_view source, int lo, int hi);
bool parse_bool(std::string_view value, std::string_view key, std::string_view source);
size_t parse_choice(std::string_view value, std::string_view key, std::string_view source,
                    const std::vector<std::string>& choices);

// One --set assignment, "key=value" or "key = value": the key and the value around the first
// '=', each trimmed of spaces and tabs. Without '=' throws InputError "--set 'text' is not
// key=value; valid keys: a, b, c". Every game's set_rule starts here.
std::pair<std::string, std::string> split_assignment(std::string_view assignment,
                                                     const std::vector<std::string>& valid_keys);

// "a, b, c" for error messages.
std::string join(const std::vector<std::string>& items, std::string_view sep = ", ");
// The pieces of `text` between its `separator`s, in order and as they are, empty ones included:
// "a,,b" is {"a", "", "b"}, "" is {""}. Every list a user types (loadouts, jokers, seats) is
// cut here; each reader then says what an empty or bad piece means.
std::vector<std::string> split(std::string_view text, char separator);

}  // namespace verflixt::core

#pragma once
// Bad input from a user (command line, rules or policy file). The CLI turns it into one
// line on stderr and exit code 2; library code throws it and never prints.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace verflixt {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `text` fit to echo in a one-line message: control bytes (newline, escape, ...) and DEL
// become \xNN, and anything past `max` bytes is cut to "...". UTF-8 passes unchanged.
inline std::string printable(std::string_view text, std::size_t max = 200) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (out.size() >= max) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[k]);
    if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// printable(text) in single quotes: how error messages echo what the user typed or a file held.
inline std::string quoted(std::string_view text, std::size_t max = 200) { return "'" + printable(text, max) + "'"; }

}  // namespace verflixt

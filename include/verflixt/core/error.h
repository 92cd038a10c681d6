#pragma once
// Bad input from a user (command line, rules or policy file). The CLI turns it into one
// line on stderr and exit code 2; library code throws it and never prints.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace verflixt::core {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A computation that would need more than its budget (states, memory) allows: refused
// before it runs away, with a one-line reason. Callers that otherwise fall back to a weaker
// answer on an InputError let this one through, so a refusal is never silently degraded.
class BudgetExceeded : public InputError {
 public:
  using InputError::InputError;
};

// The length of the well-formed UTF-8 sequence at text[k] (1..4), or 0 if the bytes there
// are not one (a stray continuation byte, an overlong form, a surrogate, a cut sequence).
inline std::size_t utf8_sequence_length(std::string_view text, std::size_t k) {
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char c = at(k);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xbf;  // the valid range of the second byte
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
  else if (c >= 0xf0 && c <= 0xf4) n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
  else return 0;
  if (k + n > text.size() || at(k + 1) < lo || at(k + 1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (at(k + i) < 0x80 || at(k + i) > 0xbf) return 0;
  return n;
}

// `text` fit to echo in a one-line message: control bytes (newline, escape, ...), DEL and
// bytes that are not well-formed UTF-8 become \xNN, and anything past `max` bytes is cut to
// "...". Well-formed UTF-8 passes unchanged, so the result is always valid UTF-8 (a JSON
// error message can carry it).
inline std::string printable(std::string_view text, std::size_t max = 200) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (out.size() >= max) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[k]);
    const std::size_t n = utf8_sequence_length(text, k);
    if (c < 0x20 || c == 0x7f || n == 0) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out.append(text.substr(k, n));
      k += n - 1;
    }
  }
  return out;
}

// printable(text) in single quotes: how error messages echo what the user typed or a file held.
inline std::string quoted(std::string_view text, std::size_t max = 200) { return "'" + printable(text, max) + "'"; }

}  // namespace verflixt::core

#include "verflixt/core/rule_table.h"

#include <charconv>
#include <cmath>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::core {

double parse_rule_real(std::string_view value, std::string_view name, std::string_view where, double lo, double hi) {
  double v = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  const bool ok = ec == std::errc() && ptr == value.data() + value.size() && !value.empty() && std::isfinite(v);
  if (!ok || v < lo || v > hi)
    throw InputError(std::string(where) + ": " + std::string(name) + " = " + verflixt::core::quoted(value) + " is not a number in " +
                     format_rule_real(lo) + ".." + format_rule_real(hi));
  return v;
}

std::string format_rule_real(double v) {
  char buf[64];
  const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, ptr) : std::string("nan");
}

std::string rule_domain(RuleKind kind, int lo, int hi, double real_lo, double real_hi,
                        const std::vector<std::string>& choices) {
  switch (kind) {
    case RuleKind::Integer:
      return std::to_string(lo) + ".." + std::to_string(hi);
    case RuleKind::Boolean:
      return "true, false";
    case RuleKind::Real:
      return format_rule_real(real_lo) + ".." + format_rule_real(real_hi);
    case RuleKind::Choice:
      return join(choices);
    case RuleKind::List:
      break;  // the help line says what the list holds
  }
  return "";
}

std::string rule_comment(const RuleKey& id, const std::string& domain) {
  std::string line = "# ";
  if (!id.rule.empty()) line += id.rule + ": ";
  line += id.help;
  if (!domain.empty()) line += " (" + domain + ")";
  return line + "\n";
}

size_t find_rule_key(std::string_view key, const std::vector<std::string>& full,
                     const std::vector<std::string>& short_names, const std::vector<std::string>& offered,
                     std::string_view what, std::string_view where) {
  for (size_t k = 0; k < full.size(); ++k)
    if (key == full[k]) return k;
  if (const auto k = match_name(key, short_names)) return *k;  // an exact spelling first
  if (const auto k = match_name(key, full)) return *k;  // "PIG.Goal", as a rules file may spell it
  throw InputError(std::string(where) + ": unknown " + std::string(what) + " " + verflixt::core::quoted(key) + suggest(key, offered));
}

void throw_unknown_file_preset(std::string_view where, std::string_view value, const std::vector<std::string>& names) {
  throw InputError(std::string(where) + ": preset = " + verflixt::core::quoted(value) + suggest(value, names));
}

void throw_out_of_range(std::string_view game, std::string_view key, int value, int lo, int hi) {
  throw InputError((game.empty() ? std::string() : std::string(game) + " ") + std::string(key) + " " +
                   std::to_string(value) + " is out of range; valid: " + std::to_string(lo) + ".." + std::to_string(hi));
}

}  // namespace verflixt::core

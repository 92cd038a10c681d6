#pragma once
// A command's options, declared once as data (after LLVM's option tables): name, kind, range,
// default, help and the names it was once spelled by. The command line's parser and --help
// are built from a table, and so are what is generated from them: the manual page, the bash
// completion (option names and their values), the HTTP request schema of the page's API and
// the words the Python module takes. No game lives here: a game's table names its own
// options, and the tables every command shares (rules, sampling, output) are the command
// line's.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "verflixt/core/error.h"

namespace verflixt::core {

struct Option {
  enum class Kind : std::uint8_t {
    Switch,   // --name alone: on
    Boolean,  // --name true|false (or yes, no, on, off, 1, 0): a default that can be turned off
    Integer,  // a whole number in lo..hi
    Count,    // an unsigned count in count_lo..count_hi (samples, seeds)
    Real,     // a finite number in real_lo..real_hi
    Word,     // one text value ("hirtenschutz,pony", "6 6 3 2 1")
    Words,    // a text value given again and again (--other 14:p --other 0:j)
    Choice,   // one of `choices`
    Policy,   // a policy: a built-in form, a shipped strategy's name, or (on the command line) a file
    File,     // a file to read or write: on the command line only, never in a request
    Text,     // INI text (a rules or policy file's contents)
  };

  std::string name = {};
  Kind kind = Kind::Word;
  std::string help = {};
  // The default as the value's text; empty with `has_fallback` false: the option is absent
  // unless given.
  std::string fallback = {};
  bool has_fallback = false;
  std::int64_t lo = 0, hi = 0;
  std::uint64_t count_lo = 0, count_hi = 0;
  double real_lo = 0, real_hi = 0;
  // Choice: the valid values, as typed. Other kinds: words the completion offers.
  std::vector<std::string> choices = {};
  // The valid values in words, where lo..hi holds invalid ones ("0 (solo) or 2..12").
  std::string valid = {};
  // Earlier spellings of this option: still read, with a note naming the current one.
  std::vector<std::string> old_names = {};
  char short_name = 0;
  // Offered to the page's API (a File never is; the command line's own options, such as
  // --threads or --format, are not either).
  bool web = true;
  // On the page's form: the field's words (empty: the option's name) and whether the option
  // tells the situation an advice is asked about, shown first, rather than a rule or a
  // setting of the answer, which the form folds away.
  std::string label = {};
  bool situation = false;
  // Given in vain, it is warned about: it changes nothing unless one of `only_with` is given
  // too, and nothing when one of `idle_with` is (a --limit for --target alone, a table's step
  // beside a question that prints no table).
  std::vector<std::string> only_with = {}, idle_with = {};
};

using OptionTable = std::vector<Option>;

// An option's value as a program gives it rather than a command line (the Python module): a
// switch or a boolean, a whole number, a real number, a text, or the texts of an option given
// again and again. Named as the option table names it (no "--").
using OptionValue = std::variant<bool, std::int64_t, double, std::string, std::vector<std::string>>;
using OptionValues = std::vector<std::pair<std::string, OptionValue>>;

// Builders, so that a table reads as a list: option kind, name, help, then what the kind needs.
inline Option switch_option(std::string name, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Switch, .help = std::move(help)};
}
// `fallback` is written as Boost prints a bool ("1", "0"), so --help shows "(=1)".
inline Option boolean_option(std::string name, bool fallback, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Boolean, .help = std::move(help),
          .fallback = fallback ? "1" : "0", .has_fallback = true, .choices = {"true", "false"}};
}
inline Option integer_option(std::string name, std::int64_t lo, std::int64_t hi, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Integer, .help = std::move(help), .lo = lo, .hi = hi};
}
inline Option integer_option(std::string name, std::int64_t fallback, std::int64_t lo, std::int64_t hi,
                             std::string help) {
  Option o = integer_option(std::move(name), lo, hi, std::move(help));
  o.fallback = std::to_string(fallback);
  o.has_fallback = true;
  return o;
}
inline Option count_option(std::string name, std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi,
                           std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Count, .help = std::move(help),
          .fallback = std::to_string(fallback), .has_fallback = true, .count_lo = lo, .count_hi = hi};
}
inline Option count_option(std::string name, std::uint64_t lo, std::uint64_t hi, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Count, .help = std::move(help), .count_lo = lo,
          .count_hi = hi};
}
// `fallback_text` is the default as a person writes it ("1e-12", "10").
inline Option real_option(std::string name, std::string fallback_text, double lo, double hi, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Real, .help = std::move(help),
          .fallback = std::move(fallback_text), .has_fallback = true, .real_lo = lo, .real_hi = hi};
}
inline Option word_option(std::string name, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Word, .help = std::move(help)};
}
inline Option word_option(std::string name, std::string fallback, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Word, .help = std::move(help), .fallback = std::move(fallback),
          .has_fallback = true};
}
inline Option words_option(std::string name, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Words, .help = std::move(help)};
}
inline Option choice_option(std::string name, std::vector<std::string> choices, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Choice, .help = std::move(help), .choices = std::move(choices)};
}
inline Option choice_option(std::string name, std::string fallback, std::vector<std::string> choices, std::string help) {
  Option o = choice_option(std::move(name), std::move(choices), std::move(help));
  o.fallback = std::move(fallback);
  o.has_fallback = true;
  return o;
}
inline Option policy_option(std::string name, std::string fallback, std::string help) {
  const bool has_fallback = !fallback.empty();
  return {.name = std::move(name), .kind = Option::Kind::Policy, .help = std::move(help), .fallback = std::move(fallback),
          .has_fallback = has_fallback};
}
inline Option file_option(std::string name, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::File, .help = std::move(help), .web = false};
}
inline Option text_option(std::string name, std::string help) {
  return {.name = std::move(name), .kind = Option::Kind::Text, .help = std::move(help)};
}

// `option` that was once spelled `old`: the old name is still read, with a note naming the
// new one (the situation words every game shares: --dice, --throw, --score, --turn-total,
// --other, --seat, --players).
inline Option renamed(Option option, std::string old) {
  option.old_names.push_back(std::move(old));
  return option;
}

// The page's words for the situation words every game shares (--dice is "My dice" wherever
// a game asks for it); empty for a word of one game's own.
inline std::string shared_label(std::string_view name) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {"dice", "My dice"}, {"throw", "Which throw this is"}, {"score", "My score"}, {"turn-total", "My turn total"},
      {"other", "The others"}, {"seat", "My seat"}, {"players", "Players"}};
  for (const auto& [word, label] : kWords)
    if (word == name) return std::string(label);
  return {};
}

// `option` under `label` on the page's form.
inline Option labelled(Option option, std::string label) {
  option.label = std::move(label);
  return option;
}

// `option` as part of the situation an advice is asked about, on the page under `label`, by
// default the words every game shares for it.
inline Option asked(Option option, std::string label = {}) {
  option.situation = true;
  option.label = label.empty() ? shared_label(option.name) : std::move(label);
  return option;
}

// `option`, which changes nothing unless one of `options` is given too.
inline Option only_with(Option option, std::vector<std::string> options) {
  option.only_with = std::move(options);
  return option;
}
// `option`, which changes nothing when one of `options` is given.
inline Option idle_with(Option option, std::vector<std::string> options) {
  option.idle_with = std::move(options);
  return option;
}

// `table` with `more` appended.
inline OptionTable operator+(OptionTable table, const OptionTable& more) {
  table.insert(table.end(), more.begin(), more.end());
  return table;
}

// An option given once per player (--seat, --other): how often it was given, checked against
// low..high in the same words in every game ("--seat given once; valid: 2..8 seats, one --seat
// each"); `unit` names what each one is.
inline void check_given_count(const std::string& option, std::size_t given, int low, int high, const std::string& unit) {
  if (given >= static_cast<std::size_t>(low) && given <= static_cast<std::size_t>(high)) return;
  const std::string times = given == 0   ? "not given"
                            : given == 1 ? "given once"
                                         : "given " + std::to_string(given) + " times";
  throw InputError("--" + option + " " + times + "; valid: " + std::to_string(low) + ".." + std::to_string(high) + " " +
                   unit + ", one --" + option + " each");
}
// The seats of a table, one --seat each: 2..max_seats.
inline void check_seat_count(std::size_t given, int max_seats) { check_given_count("seat", given, 2, max_seats, "seats"); }

}  // namespace verflixt::core

#pragma once
// A game's rule parameters described once, as data: every parameter's INI section and key, the
// rule id of its rules page, a help line, its kind (integer, boolean, real, a name from a list,
// or a list), its range or choices, and how to read and write it in the game's rules struct;
// the game's named presets; and how its INI file looks. On that one description sit the
// operations every game needs alike: a preset by name, one `key=value` (the --set form), an
// INI text read over a base ruleset, the INI text printed, and the one-line summary. Printing
// and reading walk the same rows, so print -> read -> print is the identity.
//
// The core names no game: a game builds its RuleTable<R> once (a function-local static) from
// the factories below and keeps its own cross-parameter checks in `validate`.
#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/core/report.h"

namespace verflixt::core {

enum class RuleKind { Integer, Boolean, Real, Choice, List };

// Where a parameter stands and what it means: "[section]" of the INI file, the key below it
// ("" section: a top-level key), the rule id of the game's rules page ("" for none) and the
// one-line help printed as the key's comment.
struct RuleKey {
  std::string section, key, rule, help;
};

// The parsers behind every kind are core/ini.h's parse_int, parse_bool and parse_choice, plus
// this one for reals; each error names `name`, `where` the value came from and the valid values.
double parse_rule_real(std::string_view value, std::string_view name, std::string_view where, double lo, double hi);
// The shortest text that reads back to exactly `v` ("0.25", "1e-12").
std::string format_rule_real(double v);

template <class R>
struct RuleParam {
  RuleKey id;
  RuleKind kind = RuleKind::Integer;
  int low = 0, high = 0;              // Integer
  double real_low = 0, real_high = 0;  // Real
  std::vector<std::string> choices;    // Choice: the names, in the order of the enum
  // The value as the INI file prints it, and the value read from text: `name` and `where`
  // are for the error message.
  std::function<std::string(const R&)> get;
  std::function<void(R&, std::string_view value, std::string_view name, std::string_view where)> set;
  std::function<int(const R&)> number;  // Integer: the value, for the range check

  std::string full_key() const { return id.section.empty() ? id.key : id.section + "." + id.key; }
};

template <class R>
RuleParam<R> integer_rule(RuleKey id, int R::*field, int lo, int hi) {
  RuleParam<R> p{std::move(id), RuleKind::Integer, lo, hi, 0, 0, {}, {}, {}, {}};
  p.get = [field](const R& r) { return std::to_string(r.*field); };
  p.number = [field](const R& r) { return r.*field; };
  p.set = [field, lo, hi](R& r, std::string_view v, std::string_view name, std::string_view where) {
    r.*field = parse_int(v, name, where, lo, hi);
  };
  return p;
}

template <class R>
RuleParam<R> boolean_rule(RuleKey id, bool R::*field) {
  RuleParam<R> p{std::move(id), RuleKind::Boolean, 0, 1, 0, 0, {}, {}, {}, {}};
  p.get = [field](const R& r) { return std::string(r.*field ? "true" : "false"); };
  p.set = [field](R& r, std::string_view v, std::string_view name, std::string_view where) {
    r.*field = parse_bool(v, name, where);
  };
  return p;
}

template <class R>
RuleParam<R> real_rule(RuleKey id, double R::*field, double lo, double hi) {
  RuleParam<R> p{std::move(id), RuleKind::Real, 0, 0, lo, hi, {}, {}, {}, {}};
  p.get = [field](const R& r) { return format_rule_real(r.*field); };
  p.set = [field, lo, hi](R& r, std::string_view v, std::string_view name, std::string_view where) {
    r.*field = parse_rule_real(v, name, where, lo, hi);
  };
  return p;
}

// An enum field whose values are named by `choices`, in the order of the enum.
template <class R, class E>
RuleParam<R> choice_rule(RuleKey id, E R::*field, std::vector<std::string> choices) {
  RuleParam<R> p{std::move(id), RuleKind::Choice, 0, 0, 0, 0, choices, {}, {}, {}};
  p.get = [field, choices](const R& r) { return choices[static_cast<size_t>(r.*field)]; };
  p.set = [field, choices](R& r, std::string_view v, std::string_view name, std::string_view where) {
    r.*field = static_cast<E>(parse_choice(v, name, where, choices));
  };
  return p;
}

// A value the game reads and prints itself (a list of names, say): `get` prints it, `set`
// reads it and throws InputError naming the value's source `where`.
template <class R>
RuleParam<R> list_rule(RuleKey id, std::function<std::string(const R&)> get,
                       std::function<void(R&, std::string_view value, std::string_view where)> set) {
  RuleParam<R> p{std::move(id), RuleKind::List, 0, 0, 0, 0, {}, std::move(get), {}, {}};
  p.set = [set = std::move(set)](R& r, std::string_view v, std::string_view, std::string_view where) {
    set(r, v, where);
  };
  return p;
}

// A named ruleset.
template <class R>
struct RulePreset {
  std::string name, description;
  R rules;
};

// How a game's rules file and summary look: the games differ, so it is data of the table.
struct RuleLayout {
  std::string header;                 // comment lines printed first, each ending in '\n'
  bool preset_line = false;           // "preset = NAME" after the header (a top-level `preset`)
  bool blank_before_section = false;  // an empty line before every "[section]"
  bool help_shows_domain = false;     // "(1..6)", "(true, false)", "(a, b)" after each help
  bool short_keys = false;            // the summary and --set name keys without their section
  bool summary_changes_only = false;  // summary: the preset's name, then only keys that differ
};

// The text of the generic operations, written once (rule_table.cpp); RuleTable<R> below only
// walks its rows and calls these.
std::string rule_domain(RuleKind kind, int lo, int hi, double real_lo, double real_hi,
                        const std::vector<std::string>& choices);
std::string rule_comment(const RuleKey& id, const std::string& domain);
// The row that `key` names: exactly one of `full` (section.key), else exactly or after name
// normalisation one of `short_names`, else after normalisation one of `full` (as a rules file's
// keys are read); InputError "WHERE: unknown WHAT 'key'; did you mean ...?" offering `offered`.
size_t find_rule_key(std::string_view key, const std::vector<std::string>& full,
                     const std::vector<std::string>& short_names, const std::vector<std::string>& offered,
                     std::string_view what, std::string_view where);
// A file's unknown preset: "where: preset = 'x'; did you mean ...? valid: ...".
[[noreturn]] void throw_unknown_file_preset(std::string_view where, std::string_view value,
                                            const std::vector<std::string>& names);
// "GAME KEY VALUE is out of range; valid: LO..HI".
[[noreturn]] void throw_out_of_range(std::string_view game, std::string_view key, int value, int lo, int hi);

template <class R>
struct RuleTable {
  std::string game;  // names the game in messages ("schocken"); "" for the default game
  RuleLayout layout;
  std::vector<RuleParam<R>> params;
  std::vector<RulePreset<R>> presets;  // the first is the default
  // The preset a ruleset records it started from (printed as `preset = NAME`), when the rules
  // struct records one; else the default preset's name is printed.
  std::function<std::string(const R&)> preset_of;
  // Cross-parameter checks (and ranges, via check_ranges) after a whole ruleset is read.
  std::function<void(const R&)> validate = [](const R&) {};
  // A game's own spellings of a key (joker names as sections), mapped to the table's key.
  std::function<std::string(const std::string&)> canonical_key = [](const std::string& k) { return k; };

  std::vector<std::string> preset_names() const {
    std::vector<std::string> names;
    for (const auto& p : presets) names.push_back(p.name);
    return names;
  }

  const RulePreset<R>& find(std::string_view name) const {
    // Unknown: "unknown WHAT 'name'; did you mean ...? valid: ...".
    return presets[choose_name(name, preset_names(), game.empty() ? "preset" : game + " preset")];
  }
  R preset(std::string_view name) const { return find(name).rules; }

  // The value every parameter has in the default preset.
  std::string default_value(const RuleParam<R>& p) const { return p.get(presets.front().rules); }

  // The key --set and the summary name a parameter by.
  std::string set_name(const RuleParam<R>& p) const { return layout.short_keys ? p.id.key : p.full_key(); }

  // The INI key of `preset` in the file: top level when the file prints it there, else in the
  // section of the first parameter.
  std::string preset_key() const {
    if (layout.preset_line || params.front().id.section.empty()) return "preset";
    return params.front().id.section + ".preset";
  }

  // "players=4 max_throws=3 ...", or "classic pony.target=12" (summary_changes_only).
  std::string summary(const R& r) const {
    std::string out;
    const R* base = nullptr;
    if (layout.summary_changes_only) {
      const auto& from = preset_of ? find(preset_of(r)) : presets.front();
      out = from.name;
      base = &from.rules;
    }
    for (const auto& p : params) {
      const std::string v = p.get(r);
      if (base && v == p.get(*base)) continue;
      out += (out.empty() ? "" : " ") + set_name(p) + "=" + v;
    }
    return out;
  }

  // The whole ruleset as the commented INI file the game prints.
  std::string ini(const R& r) const {
    std::ostringstream s;
    s << layout.header;
    if (layout.preset_line) s << "preset = " << (preset_of ? preset_of(r) : presets.front().name) << "\n";
    std::optional<std::string> section;
    for (const auto& p : params) {
      if (section != p.id.section) {
        section = p.id.section;
        if (layout.blank_before_section) s << "\n";
        if (!section->empty()) s << "[" << *section << "]\n";
      }
      s << rule_comment(p.id, layout.help_shows_domain ? domain(p) : "") << p.id.key << " = " << p.get(r) << "\n";
    }
    return s.str();
  }

  std::string domain(const RuleParam<R>& p) const {
    return rule_domain(p.kind, p.low, p.high, p.real_low, p.real_high, p.choices);
  }

  // Reads an INI text over `base`: a `preset` key starts over from that preset, then every
  // other key changes one parameter; validated. `named_preset` receives the preset the file
  // names (its printed name), or "" when it names none.
  R read(std::istream& in, std::string_view source, R base, std::string* named_preset = nullptr) const {
    std::vector<std::string> known = {preset_key()};
    for (const auto& p : params) known.push_back(p.full_key());
    const auto entries = read_ini(in, source, known);
    if (named_preset) named_preset->clear();
    for (const auto& e : entries)
      if (e.key == known.front()) {
        const auto k = match_name(e.value, preset_names());
        if (!k) throw_unknown_file_preset(e.where, e.value, preset_names());
        base = presets[*k].rules;
        if (named_preset) *named_preset = presets[*k].name;
      }
    for (const auto& e : entries)
      for (const auto& p : params)
        if (e.key == p.full_key()) p.set(base, e.value, set_name(p), e.where);
    validate(base);
    return base;
  }
  R read(std::string_view text, std::string_view source, R base, std::string* named_preset = nullptr) const {
    std::istringstream in{std::string(text)};
    return read(in, source, std::move(base), named_preset);
  }

  // One "key=value" (the --set form); "preset=NAME" starts over from that preset. Checks the
  // value's kind and range, not the cross-parameter rules: a sequence of --set is validated
  // once, at its end.
  void apply(R& r, std::string_view assignment, std::string_view where = "--set") const {
    std::vector<std::string> full, shorts, offered = {"preset"};
    for (const auto& p : params) {
      full.push_back(p.full_key());
      shorts.push_back(layout.short_keys ? p.id.key : p.full_key());
      offered.push_back(set_name(p));
    }
    const auto [given, value] = split_assignment(assignment, offered);
    const std::string key = canonical_key(given);
    if (ascii_lower(key) == "preset") {  // any case, as a rules file's key
      r = preset(value);
      return;
    }
    const size_t k = find_rule_key(key, full, shorts, offered, game.empty() ? "key" : game + " rule", where);
    const auto& p = params[k];
    p.set(r, value, set_name(p), where);
  }

  // Every integer parameter within its range: "GAME KEY VALUE is out of range; valid: LO..HI".
  void check_ranges(const R& r) const {
    for (const auto& p : params) {
      if (p.kind != RuleKind::Integer) continue;
      const int v = p.number(r);
      if (v < p.low || v > p.high) throw_out_of_range(game, set_name(p), v, p.low, p.high);
    }
  }
};

// The "parameters" table of every game's `rules --format json`: one row per parameter of `r`
// (key as --set takes it, value, default, valid values, rule id, help), for a form or a script.
template <class R>
void add_parameters(report::Report& out, const RuleTable<R>& table, const R& r) {
  report::Table& params = out.table("parameters", {{.name = "key"}, {.name = "value"}, {.name = "default"},
                                                   {.name = "valid"}, {.name = "rule"}, {.name = "help"}});
  for (const auto& p : table.params)
    params.row({table.set_name(p), p.get(r), table.default_value(p), table.domain(p), p.id.rule, p.id.help});
}

}  // namespace verflixt::core

#pragma once
// What verflixt offers on its command line, read from the binary itself: the games and
// commands of `verflixt --help`, each command's options from its --help (Boost's layout), the
// range of each number option from the message a far too small value gets, and per game the
// rule keys of `verflixt GAME rules` with the values their comments allow, the --set keys and
// the presets (the messages an unknown key and preset get list them). The quick run of each
// command (core::Command::quick) comes from the registry the binary is built from.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "games/registry.h"
#include "cli/limited_run.h"

namespace verflixt::testing::fuzz {

// --- What the binary offers -------------------------------------------------------------

// Values at the edges of what an option or a rule takes: each bound (or choice) and one past it.
struct Edges {
  Words valid, invalid;
};

struct Option {
  std::string name;  // without the dashes
  bool takes_value = false;
  std::string fallback;  // its default, as --help shows it
  Words words;       // the words of its help text: the values it names (engines, objectives, ...)
  Edges range;       // for a ranged number; empty for any other option
};

struct CommandSurface {
  std::string game, command;
  Words base;         // the quick run
  bool ends = true;   // false: a server, which runs until Ctrl-C
  std::vector<Option> options;
  const Option* find(const std::string& name) const {
    for (const auto& o : options)
      if (o.name == name) return &o;
    return nullptr;
  }
};

struct GameSurface {
  std::string name, printed_rules;
  Words presets, jokers;
  std::vector<std::pair<std::string, Edges>> keys;  // each --set key and the values to try
};

inline Words split_words(const std::string& s, const std::string& separators = " \t\n") {
  Words out;
  size_t b = 0;
  while ((b = s.find_first_not_of(separators, b)) != std::string::npos) {
    const size_t e = std::min(s.find_first_of(separators, b), s.size());
    out.push_back(s.substr(b, e - b));
    b = e;
  }
  return out;
}

// The list after "valid: " in a one-line error.
inline std::string valid_list(const std::string& err) {
  const size_t at = err.rfind("valid: ");
  return at == std::string::npos ? "" : err.substr(at + 7, err.find('\n', at) - at - 7);
}

// Each bound of every LO..HI in `text` ("1..2^50", "0 (solo) or 2..12", "-100..100"), lower
// then upper, and one past each. A long double holds every integer up to 2^64 exactly, the
// largest bound plus one.
inline Edges range_bounds(const std::string& text) {
  const auto number = [](std::string t, long double& v) {
    const bool negative = !t.empty() && t[0] == '-';
    if (negative) t.erase(0, 1);
    if (t.rfind("2^", 0) == 0) {
      const size_t minus = t.find('-');
      v = std::ldexp(1.0L, std::atoi(t.c_str() + 2)) - (minus == std::string::npos ? 0 : std::atoi(t.c_str() + minus + 1));
    } else {
      if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos) return false;
      v = std::strtold(t.c_str(), nullptr);
    }
    v = negative ? -v : v;
    return true;
  };
  Edges out;
  for (size_t at = text.find(".."); at != std::string::npos; at = text.find("..", at + 2)) {
    size_t b = at, e = at + 2;
    while (b > 0 && std::strchr("0123456789^-", text[b - 1])) --b;
    while (e < text.size() && std::strchr("0123456789^-", text[e])) ++e;
    long double lo = 0, hi = 0;
    if (!number(text.substr(b, at - b), lo) || !number(text.substr(at + 2, e - at - 2), hi)) continue;
    for (long double v : {lo, hi, lo - 1, hi + 1}) {
      char digits[64];
      std::snprintf(digits, sizeof digits, "%.0Lf", v);
      (v == lo || v == hi ? out.valid : out.invalid).push_back(digits);
    }
  }
  return out;
}

// `verflixt --help`: the default game's commands, then per game "  NAME  description: cmd ...".
inline std::vector<std::pair<std::string, std::string>> listed_commands(const std::string& usage, std::string& default_game) {
  std::vector<std::pair<std::string, std::string>> out;
  const size_t d = usage.find("the default is ");
  default_game = d == std::string::npos ? "verflixte6" : usage.substr(d + 15, usage.find_first_of(",) \n", d + 15) - d - 15);
  std::istringstream in(usage);
  enum { kBefore, kCommands, kGames } part = kBefore;
  for (std::string l; std::getline(in, l);) {
    if (l == "commands:") part = kCommands;
    else if (l.rfind("games", 0) == 0) part = kGames;
    else if (l.rfind("  ", 0) != 0) part = l.empty() ? part : kBefore;
    else if (part == kCommands) out.emplace_back(default_game, split_words(l)[0]);
    else if (part == kGames)
      for (const auto& c : split_words(l.substr(l.rfind(':') + 1))) out.emplace_back(split_words(l)[0], c);
  }
  return out;
}

// A command's --help: "  --name arg (=default)  help", "  -o [ --output ] arg  help", help
// lines continued below.
inline std::vector<Option> parse_options(const std::string& help) {
  std::vector<Option> out;
  std::istringstream in(help);
  std::string l;
  while (std::getline(in, l) && l.find("--help") == std::string::npos) {  // the usage lines above the options
  }
  while (std::getline(in, l)) {
    const size_t dash = l.find_first_not_of(' ');
    if (dash == std::string::npos || dash > 4) {
      if (!out.empty() && dash != std::string::npos)
        for (const auto& w : split_words(l, " \t,;()'\"")) out.back().words.push_back(w);
      continue;
    }
    if (l[dash] != '-') continue;
    const size_t name_at = l.find("--", dash);
    if (name_at == std::string::npos) continue;
    Option o;
    o.name = l.substr(name_at + 2, l.find_first_of(" ]=", name_at) - name_at - 2);
    const size_t after = l.find_first_not_of(" ]", name_at + 2 + o.name.size());
    o.takes_value = after != std::string::npos && l.compare(after, 3, "arg") == 0;
    if (const size_t d = l.find("(=", name_at); o.takes_value && d == after + 4)  // "arg (=default)"
      o.fallback = l.substr(d + 2, l.find(')', d) - d - 2);
    const size_t help_at = std::min(l.size(), after == std::string::npos ? l.size() : after + (o.takes_value ? 3 : 0));
    for (const auto& w : split_words(l.substr(help_at), " \t,;()'\"")) o.words.push_back(w);
    if (o.name != "help") out.push_back(o);
  }
  for (auto& o : out) {  // keep the words that may be values: no paths, no prose punctuation
    Words kept;
    for (auto w : o.words) {
      if (w.rfind("=", 0) == 0) w.erase(0, 1);
      while (!w.empty() && std::strchr(".:", w.back())) w.pop_back();
      if (w.size() > 1 && w.find('/') == std::string::npos && w.find("..") != 0) kept.push_back(w);
    }
    o.words = kept;
  }
  return out;
}

// --- Reading the surface from the binary ---------------------------------------------------

struct Surface {
  size_t runs = 0;  // how many runs of the binary read it
  std::string default_game;
  std::vector<CommandSurface> commands;
  std::vector<GameSurface> games;
};

inline Surface discover(const std::string& binary, const fs::path& root, const Limits& limits) {
  Surface s;
  const auto batch = [&](const std::vector<Words>& argvs) {
    s.runs += argvs.size();
    return run_all(binary, argvs.size(), [&](size_t k) { return Line{"", "", argvs[k], {}, 0, true}; }, root, limits);
  };
  const Outcome usage = batch({{"--help"}})[0];
  const auto listed = listed_commands(usage.out, s.default_game);
  const auto invoke = [&](const std::string& game, const std::string& command) {
    return game == s.default_game ? Words{command} : Words{game, command};
  };
  std::vector<Words> helps;
  for (const auto& [game, command] : listed) {
    helps.push_back(invoke(game, command));
    helps.back().push_back("--help");
  }
  const std::vector<Outcome> help_runs = batch(helps);
  // A number option names its range when given a number far below it. Options of one name and
  // one help text are taken to share their range, so each is asked once.
  std::vector<Words> probes;
  std::map<std::string, size_t> asked;            // name and help words -> probe
  std::vector<std::pair<size_t, size_t>> probed;  // command, option -> probe index
  std::vector<size_t> probe_of;
  for (size_t k = 0; k < listed.size(); ++k) {
    CommandSurface c{listed[k].first, listed[k].second, {}, true, parse_options(help_runs[k].out)};
    for (const auto& g : games::registry())
      for (const auto& rc : g.commands)
        if (g.name == c.game && rc.name == c.command) {
          c.ends = rc.quick != nullptr;
          c.base = split_words(rc.quick ? rc.quick : "");
        }
    if (!c.ends && c.find("port")) c.base = {"--port", "0"};  // never the fixed default port
    for (size_t o = 0; o < c.options.size(); ++o) {
      // An option whose default is a word (a policy, a format, an engine) is no number.
      const std::string& fallback = c.options[o].fallback;
      if (!c.options[o].takes_value || fallback.find_first_not_of("0123456789.e+-") != std::string::npos) continue;
      std::string id = c.options[o].name;
      for (const auto& w : c.options[o].words) id += " " + w;
      if (asked.emplace(id, probes.size()).second) {
        probes.push_back(invoke(c.game, c.command));
        probes.back().insert(probes.back().end(), {"--" + c.options[o].name + "=-99999999999999999999", "--help"});
      }
      probed.emplace_back(s.commands.size(), o);
      probe_of.push_back(asked[id]);
    }
    s.commands.push_back(std::move(c));
  }
  const std::vector<Outcome> probe_runs = batch(probes);
  for (size_t k = 0; k < probed.size(); ++k) {
    Option& o = s.commands[probed[k].first].options[probed[k].second];
    const std::string& err = probe_runs[probe_of[k]].err;
    if (err.find("--" + o.name) != std::string::npos) o.range = range_bounds(valid_list(err));
  }
  // Each game's rules as printed, its --set keys and its presets (the keys' errors list them).
  std::vector<Words> rule_runs;
  for (const auto& c : s.commands)
    if (c.command == "rules") {
      s.games.push_back({c.game, "", {}, {}, {}});
      for (Words extra : {Words{}, Words{"--set", "fz-unknown=1"}, Words{"--preset", "fz-unknown"}}) {
        rule_runs.push_back(invoke(c.game, "rules"));
        rule_runs.back().insert(rule_runs.back().end(), extra.begin(), extra.end());
      }
    }
  const std::vector<Outcome> rules = batch(rule_runs);
  for (size_t k = 0; k < s.games.size(); ++k) {
    GameSurface& g = s.games[k];
    g.printed_rules = rules[3 * k].out;
    const Words valid = split_words(valid_list(rules[3 * k + 1].err), ", ");
    g.presets = split_words(valid_list(rules[3 * k + 2].err), ", ");
    std::map<std::string, Edges> values;
    std::istringstream in(g.printed_rules);
    std::string section, comment;
    for (std::string l; std::getline(in, l);) {
      if (l.rfind("#", 0) == 0) comment = l;
      if (l.rfind("[", 0) == 0) section = l.substr(1, l.find(']') - 1);
      const size_t eq = l.find(" = ");
      if (l.empty() || l[0] == '#' || eq == std::string::npos) continue;
      const std::string key = l.substr(0, eq), value = l.substr(eq + 3);
      const std::string full = std::find(valid.begin(), valid.end(), section + "." + key) != valid.end() ? section + "." + key : key;
      Edges& v = values[full];
      const size_t open = comment.rfind('('), close = comment.rfind(')');
      const std::string choices = open < close ? comment.substr(open + 1, close - open - 1) : "";
      v = range_bounds(choices);
      if (v.valid.empty() && choices.find(", ") != std::string::npos)
        for (const auto& w : split_words(choices, ", ")) v.valid.push_back(w), v.invalid.push_back(w + "x");
      v.valid.push_back(value);
      if (value.find(',') != std::string::npos) g.jokers = split_words(value, ",");
      comment.clear();
    }
    for (const auto& key : valid) g.keys.emplace_back(key, key == "preset" ? Edges{g.presets, {}} : values[key]);
  }
  return s;
}

}  // namespace verflixt::testing::fuzz

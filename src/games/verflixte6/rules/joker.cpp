#include "verflixt/games/verflixte6/rules/joker.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {
namespace {

constexpr std::array<std::string_view, JOKER_NB> kIds = {
    "frostschutz", "spelunkenbold", "anaconda", "hirtenschutz", "rattenlord",
    "all-in",      "jule",          "pony",     "monokel",      "senigma",
    "ventil",      "tentakel",      "fumo",     "cherry",       "runkelrueb"};

// The classic preset's names for the jokers that the 2019 edition renamed.
constexpr std::array<std::pair<std::string_view, Joker>, 4> kAliases = {{
    {"kaelteschutz", FROSTSCHUTZ}, {"ozens", ANACONDA}, {"leela", MONOKEL}, {"venom", VENTIL}}};

// Every other name a player may type for a joker: the names as docs/rules/verflixte6.md §2 prints them, in
// both presets. Matching is by normalize_name, so case, umlauts and separators do not matter
// ("Runkelrüb", "Kälteschutz", "All In").
constexpr std::array<std::pair<std::string_view, Joker>, 16> kSpellings = {{
    {"Kälteschutz", FROSTSCHUTZ},      {"Oces Anaconda", ANACONDA},  {"Ozens Anaconda", ANACONDA},
    {"All In", ALL_IN},                {"Jules Törtchen", JULE},     {"Push your Pony", PONY},
    {"Moes Monokel", MONOKEL},         {"Leelas Monokel", MONOKEL},  {"Senigmas Sekante", SENIGMA},
    {"Elas' Ventil", VENTIL},          {"Venoms Ventil", VENTIL},    {"ahris Tentakel", TENTAKEL},
    {"Cherrys Höschen", CHERRY},       {"Runkelrüb", RUNKELRUEB},    {"Jules", JULE},
    {"Cherrys", CHERRY}}};

// Every accepted name with its joker: identifiers, classic aliases, printed spellings.
std::vector<std::pair<std::string, Joker>> all_names() {
  std::vector<std::pair<std::string, Joker>> out;
  for (size_t k = 0; k < kIds.size(); ++k) out.emplace_back(kIds[k], static_cast<Joker>(k));
  for (const auto& [n, j] : kAliases) out.emplace_back(n, j);
  for (const auto& [n, j] : kSpellings) out.emplace_back(n, j);
  return out;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t");
  return std::string(s.substr(b, e - b + 1));
}

// Every accepted spelling, in all_names()'s order.
std::vector<std::string> spellings(const std::vector<std::pair<std::string, Joker>>& names) {
  std::vector<std::string> spelled;
  for (const auto& [s, j] : names) spelled.push_back(s);
  return spelled;
}

// The joker a name spells (as people type it), or none.
std::optional<Joker> find_joker(std::string_view name) {
  const auto names = all_names();
  if (const auto k = core::match_name(trim(name), spellings(names))) return names[*k].second;
  return std::nullopt;
}

bool is_joker_name(std::string_view name) { return find_joker(name).has_value(); }

}  // namespace

std::string_view joker_id(Joker j) { return j < JOKER_NB ? kIds[j] : "none"; }

std::string joker_choices() {
  std::string out;
  for (size_t k = 0; k < kIds.size(); ++k) out += (k ? ", " : "") + std::string(kIds[k]);
  out += " (aliases: ";
  for (size_t k = 0; k < kAliases.size(); ++k)
    out += (k ? ", " : "") + std::string(kAliases[k].first);
  return out + ")";
}

Joker parse_joker(std::string_view name, std::string_view what) {
  if (const auto j = find_joker(name)) return *j;
  const std::string n = trim(name);
  const auto names = all_names();
  const std::vector<std::string> spelled = spellings(names);
  // Suggest identifiers: the closest spellings, each named by its joker's identifier once.
  std::vector<std::string> guesses;
  for (size_t k : core::closest_names(n, spelled, spelled.size())) {
    const std::string id(kIds[names[k].second]);
    if (std::find(guesses.begin(), guesses.end(), id) == guesses.end() && guesses.size() < 3) guesses.push_back(id);
  }
  std::string hint = "; valid: ";
  if (!guesses.empty()) {
    hint = "; did you mean ";
    for (size_t k = 0; k < guesses.size(); ++k)
      hint += (k == 0 ? "" : k + 1 == guesses.size() ? " or " : ", ") + guesses[k];
    hint += "? valid: ";
  }
  throw core::InputError("unknown joker '" + n + "' in " + std::string(what) + hint + joker_choices());
}

JokerSet parse_loadout(std::string_view list, const Rules& rules, std::string_view what) {
  JokerSet set;
  std::string all = trim(list);
  if (all.empty() || core::normalize_name(all) == "none") return set;
  int count = 0;
  for (const std::string& name : core::split(all, ',')) {
    const Joker j = parse_joker(name, what);
    if (set.has(j))
      throw core::InputError("joker '" + std::string(joker_id(j)) + "' appears twice in " +
                       std::string(what) + "; a loadout holds each joker at most once");
    if (!rules.jokers.has(j))
      throw core::InputError("joker '" + std::string(joker_id(j)) + "' in " + std::string(what) +
                       " does not exist in preset " + rules.preset + "; valid: " +
                       loadout_name(rules.jokers));
    set = set.with(j);
    ++count;
  }
  if (!legal_loadout(rules, set))  // the preset is checked joker by joker above
    throw core::InputError(std::string(what) + " names " + std::to_string(count) +
                     " jokers; at most " + std::to_string(rules.jokers_per_pass) +
                     " per pass (docs/rules/verflixte6.md P2)");
  return set;
}

bool legal_loadout(const Rules& rules, JokerSet set) {
  return rules.jokers.contains(set) && set.size() <= rules.jokers_per_pass;
}

std::string loadout_name(JokerSet set) {
  if (set.empty()) return "none";
  std::string out;
  for (int k = 0; k < JOKER_NB; ++k)
    if (set.has(static_cast<Joker>(k))) out += (out.empty() ? "" : ",") + std::string(kIds[k]);
  return out;
}

std::vector<Joker> rule_jokers(const Rules& rules) { return jokers_of(rules.jokers); }

std::vector<Joker> jokers_of(JokerSet set) {
  std::vector<Joker> out;
  for (int k = 0; k < JOKER_NB; ++k)
    if (set.has(static_cast<Joker>(k))) out.push_back(static_cast<Joker>(k));
  return out;
}

std::vector<JokerSet> all_loadouts(const Rules& rules) {
  std::vector<JokerSet> out;
  const std::vector<Joker> avail = rule_jokers(rules);
  const int n = static_cast<int>(avail.size());
  // Enumerate by size so the table reads "no joker, singles, pairs, triples".
  for (int size = 0; size <= rules.jokers_per_pass && size <= n; ++size) {
    std::vector<int> idx(static_cast<size_t>(size));
    for (int k = 0; k < size; ++k) idx[static_cast<size_t>(k)] = k;
    while (true) {
      JokerSet s;
      for (int k : idx) s = s.with(avail[static_cast<size_t>(k)]);
      out.push_back(s);
      int k = size - 1;
      while (k >= 0 && idx[static_cast<size_t>(k)] == n - size + k) --k;
      if (k < 0) break;
      ++idx[static_cast<size_t>(k)];
      for (int m = k + 1; m < size; ++m) idx[static_cast<size_t>(m)] = idx[static_cast<size_t>(m - 1)] + 1;
    }
  }
  return out;
}

std::optional<std::vector<JokerSet>> named_loadouts(std::string_view spec, const Rules& rules, std::string_view what) {
  const std::vector<std::string> words = {"all", "singles", "pairs"};
  const auto k = core::match_name(spec, words);
  if (!k) {
    // "al" or "singels": a word mistyped, where no joker is meant.
    const bool list = spec.find_first_of(",;") != std::string_view::npos;
    const std::string guess = list ? std::string() : core::did_you_mean(spec, words);
    if (!guess.empty() && core::normalize_name(trim(spec)) != "none" && !is_joker_name(spec))
      throw core::InputError("unknown " + std::string(what) + " " + core::quoted(spec, 60) + guess + " valid: " + kLoadoutsForms);
    return std::nullopt;
  }
  if (*k == 0) return all_loadouts(rules);
  const std::vector<Joker> jokers = rule_jokers(rules);
  std::vector<JokerSet> out{JokerSet{}};
  for (size_t a = 0; a < jokers.size(); ++a) {
    if (*k == 1) out.push_back(JokerSet{}.with(jokers[a]));
    else
      for (size_t b = a + 1; b < jokers.size(); ++b) out.push_back(JokerSet{}.with(jokers[a]).with(jokers[b]));
  }
  std::erase_if(out, [&](JokerSet s) { return !legal_loadout(rules, s); });  // fewer jokers a pass than asked
  return out;
}

std::vector<JokerSet> parse_loadouts(std::string_view spec, const Rules& rules, std::string_view what) {
  if (auto named = named_loadouts(spec, rules, what)) return *named;
  std::vector<JokerSet> out;
  for (const std::string& loadout : core::split(spec, ';')) out.push_back(parse_loadout(loadout, rules, what));
  return out;
}

}  // namespace verflixt::verflixte6

#include "verflixt/games/verflixte6/rules/heuristic.h"

#include <istream>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/names.h"

namespace verflixt::verflixte6 {

Action HeuristicPolicy::decide_with_stop(const TurnView& v, int stop_at) const {
  const int e = v.turn.eyes;
  for (Joker j : p_.priority)
    if (e >= p_.use_from[j] && e <= p_.use_to[j] && is_legal(v, Action::use(j))) return Action::use(j);
  return e >= stop_at ? Action::stop() : Action::roll();
}

bool HeuristicPolicy::anaconda_fight(const TurnView&, int attack) const {
  return attack <= p_.anaconda_fight_max;
}
bool HeuristicPolicy::rattenlord_retreat(const TurnView&, int) const { return p_.rattenlord_retreat; }
bool HeuristicPolicy::monokel_rethrow(const TurnView&, int, int face, int) const {
  return face < p_.monokel_keep_from;
}
bool HeuristicPolicy::senigma_counter(const TurnView&, int, int attack, int, int) const {
  return attack >= p_.senigma_counter_from;
}

namespace {

std::vector<Joker> parse_joker_list(const std::string& value, const std::string& what) {
  Rules any;  // every joker exists, any number may be listed
  any.jokers_per_pass = JOKER_NB;
  JokerSet seen;
  std::vector<Joker> out;
  if (value.empty() || core::normalize_name(value) == "none") return out;
  for (const std::string& name : core::split(value, ',')) {
    const Joker j = parse_joker(name, what);
    if (seen.has(j)) throw core::InputError(what + " names '" + std::string(joker_id(j)) + "' twice");
    seen = seen.with(j);
    out.push_back(j);
  }
  return out;
}


}  // namespace

std::string policy_file_kind(std::istream& in, const std::string& source) {
  // A light scan, before the real parse validates everything: the first "kind = X" line
  // under [policy] names the reader; files without one are heuristic policies.
  std::string line, section;
  while (std::getline(in, line)) {
    const size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    if (line[b] == '[') {
      section = line.substr(b + 1, line.find(']') - b - 1);
      continue;
    }
    const size_t eq = line.find('=');
    if (section != "policy" || eq == std::string::npos) continue;
    std::string key = line.substr(b, eq - b), value = line.substr(eq + 1);
    key.erase(key.find_last_not_of(" \t") + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t\r") + 1);
    if (key == "kind") return value;
  }
  (void)source;
  return "heuristic";
}

std::vector<std::string> heuristic_keys() {
  std::vector<std::string> known = {"policy.kind", "policy.stop_at", "policy.priority", "policy.loadout",
                                    "anaconda.fight_max_attack", "rattenlord.retreat",
                                    "monokel.keep_from", "senigma.counter_from"};
  for (int k = 0; k < JOKER_NB; ++k) {
    const std::string id(joker_id(static_cast<Joker>(k)));
    known.push_back(id + ".use_from");
    known.push_back(id + ".use_to");
  }
  return known;
}

HeuristicParams read_heuristic(std::istream& in, const std::string& source) {
  return heuristic_from_entries(core::read_ini(in, source, heuristic_keys()));
}

HeuristicParams heuristic_from_entries(const std::vector<core::IniEntry>& entries) {
  HeuristicParams p;
  p.use_from.fill(-kPolicyEyesLimit);
  p.use_to.fill(kPolicyEyesLimit);
  for (const auto& [key, value, source] : entries) {
    if (key == "policy.kind") {
      if (value != "heuristic") throw core::InputError(source + ": policy.kind = '" + value + "' is not a heuristic policy");
    } else if (key == "policy.stop_at") p.stop_at = core::parse_int(value, key, source, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "policy.priority") p.priority = parse_joker_list(value, source + " policy.priority");
    else if (key == "policy.loadout") p.loadout = parse_joker_list(value, source + " policy.loadout");
    else if (key == "anaconda.fight_max_attack") p.anaconda_fight_max = core::parse_int(value, key, source, 0, 6);
    else if (key == "rattenlord.retreat") p.rattenlord_retreat = core::parse_bool(value, key, source);
    else if (key == "monokel.keep_from") p.monokel_keep_from = core::parse_int(value, key, source, 1, 7);
    else if (key == "senigma.counter_from") p.senigma_counter_from = core::parse_int(value, key, source, 1, 7);
    else {
      const size_t dot = key.find('.');
      const Joker j = parse_joker(key.substr(0, dot), source);
      int& slot = key.substr(dot + 1) == "use_from" ? p.use_from[j] : p.use_to[j];
      slot = core::parse_int(value, key, source, -kPolicyEyesLimit, kPolicyEyesLimit);
    }
  }
  return p;
}

}  // namespace verflixt::verflixte6

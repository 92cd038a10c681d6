#include "games/verflixte6/commands/seat_spec.h"

#include <map>

#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;

std::vector<Joker> parse_joker_priority(const std::string& list, const Rules& rules, const std::string& what) {
  std::vector<Joker> out;
  if (list.empty() || core::normalize_name(list) == "none") return out;
  JokerSet seen;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    const Joker j = parse_joker(list.substr(start, comma - start), what);
    if (seen.has(j)) throw core::InputError(what + " names '" + std::string(joker_id(j)) + "' twice");
    if (!rules.jokers.has(j))
      throw core::InputError(what + ": joker '" + std::string(joker_id(j)) + "' does not exist in " + rules.preset +
                       "; valid: " + loadout_name(rules.jokers));
    seen = seen.with(j);
    out.push_back(j);
    start = comma + 1;
  }
  return out;
}

namespace {

// make_seat_player with the policy given (`policy`: already read from spec's POLICY part).
SeatPlayer seat_player(const std::string& spec, std::shared_ptr<Policy> policy, const Rules& rules) {
  SeatPlayer p;
  p.label = spec;
  const size_t at = spec.rfind('@');
  p.policy = std::move(policy);
  if (at != std::string::npos) {
    p.jokers = parse_joker_priority(spec.substr(at + 1), rules, "seat '" + spec + "'");
  } else if (const auto* h = dynamic_cast<const HeuristicPolicy*>(p.policy.get())) {
    for (Joker j : h->params().loadout)
      if (rules.jokers.has(j)) p.jokers.push_back(j);
  } else if (const auto* q = dynamic_cast<const PositionPolicy*>(p.policy.get())) {
    for (Joker j : q->heuristic().params().loadout)
      if (rules.jokers.has(j)) p.jokers.push_back(j);
  }
  if (!p.jokers.empty()) p.selector = std::make_unique<ListSelector>(p.jokers);
  if (const auto* s = dynamic_cast<const StrongPolicy*>(p.policy.get())) {
    // A strong seat selects by its own plan unless @JOKERS says otherwise; either way the
    // selector tells the policy which pass it plays (strong_policy.h).
    if (at == std::string::npos) {
      auto sel = std::make_unique<StrongSelector>(s->solutions());
      for (Joker j : sel->ranking()) p.jokers.push_back(j);
      p.selector = std::move(sel);
    } else {
      p.selector = with_pass_context(std::move(p.selector));
    }
  }
  return p;
}

std::string policy_part(const std::string& spec) { return spec.substr(0, spec.rfind('@')); }

}  // namespace

SeatPlayer make_seat_player(const std::string& spec, const Rules& rules) {
  return seat_player(spec, make_policy(policy_part(spec), rules), rules);
}

std::vector<SeatPlayer> make_seat_players(const std::vector<std::string>& specs, const Rules& rules) {
  std::map<std::string, std::shared_ptr<Policy>> read;
  std::vector<SeatPlayer> seats;
  for (const auto& spec : specs) {
    auto& policy = read[policy_part(spec)];
    if (!policy) policy = make_policy(policy_part(spec), rules);
    seats.push_back(seat_player(spec, policy, rules));
  }
  return seats;
}

int series_from(const boost::program_options::variables_map& vm, const Rules& rules) {
  const int series = vm.count("series") ? vm["series"].as<int>() : default_series_length(rules);
  if (series < 1 || series > 1000)
    throw core::InputError("--series " + std::to_string(series) + " is out of range; valid: 1..1000");
  return series;
}

namespace {

const std::vector<std::string> kEngines = {"auto", "kernel", "reference"};

}  // namespace

core::Option engine_option(const std::string& fallback, const std::string& note) {
  // The engine is read by engine_from (with "did you mean"); its names feed the completion.
  core::Option engine = core::word_option("engine", fallback,
                                          "who plays the passes: auto, kernel (fast: every policy compiled into turn "
                                          "tables) or reference (the readable engine); auto is the kernel whenever it "
                                          "can play every policy" + note);
  engine.choices = kEngines;
  return engine;
}

PassEngine engine_from(const boost::program_options::variables_map& vm, const std::vector<const Policy*>& policies) {
  const size_t k = core::choose_name(vm["engine"].as<std::string>(), kEngines, "--engine");
  if (k == 2) return PassEngine::Reference;
  return resolve_engine(k == 1 ? PassEngine::Kernel : PassEngine::Auto, policies);
}

}  // namespace verflixt::cli

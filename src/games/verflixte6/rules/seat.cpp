#include "verflixt/games/verflixte6/rules/seat.h"

#include <map>
#include <utility>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"

namespace verflixt::verflixte6 {

std::vector<Joker> parse_joker_priority(const std::string& list, const Rules& rules, const std::string& what) {
  std::vector<Joker> out;
  if (list.empty() || core::normalize_name(list) == "none") return out;
  JokerSet seen;
  for (const std::string& name : core::split(list, ',')) {
    const Joker j = parse_joker(name, what);
    if (seen.has(j)) throw core::InputError(what + " names '" + std::string(joker_id(j)) + "' twice");
    if (!rules.jokers.has(j))
      throw core::InputError(what + ": joker '" + std::string(joker_id(j)) + "' does not exist in " + rules.preset +
                       "; valid: " + loadout_name(rules.jokers));
    seen = seen.with(j);
    out.push_back(j);
  }
  return out;
}

std::optional<std::vector<Joker>> policy_file_loadout(const Policy& policy, const Rules& rules) {
  const std::vector<Joker>* list = nullptr;
  if (const auto* h = dynamic_cast<const HeuristicPolicy*>(&policy)) list = &h->params().loadout;
  else if (const auto* q = dynamic_cast<const PositionPolicy*>(&policy)) list = &q->heuristic().params().loadout;
  else return std::nullopt;
  std::vector<Joker> out;
  for (Joker j : *list)
    if (rules.jokers.has(j)) out.push_back(j);
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
  } else if (auto own = policy_file_loadout(*p.policy, rules)) {
    p.jokers = std::move(*own);
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

}  // namespace verflixt::verflixte6

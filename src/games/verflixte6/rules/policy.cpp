#include "verflixt/games/verflixte6/rules/policy.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "verflixt/core/data_path.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "games/verflixte6/rules/delta_joker.h"

namespace verflixt::verflixte6 {

bool announceable(const Rules& rules, JokerSet held, int frost_used, bool fumo_active, Joker j) {
  if (j >= JOKER_NB || !held.has(j)) return false;
  switch (j) {
    case JULE:
    case TENTAKEL:    // J7, J12: autojokers are never announced
    case RUNKELRUEB:  // J15: a reaction, not a step
      return false;
    case FUMO:  // J13: classic fumo is a reaction; doubling Fumo is announced once
      return rules.fumo == FumoKind::Doubling && !fumo_active;
    case FROSTSCHUTZ:  // J1: up to rules.frost_uses uses
      return frost_used < rules.frost_uses;
    default:
      return true;
  }
}

bool is_legal(const TurnView& v, Action a) {
  if (v.turn.phase != TurnPhase::Decide) return false;
  if (a.kind != Action::UseJoker) return true;
  const Joker j = a.joker;
  if (!announceable(v.rules, v.turn.held, v.turn.frost_used, v.turn.fumo_active, j)) return false;
  // J10: a duel needs somebody left to duel.
  return j != SENIGMA || v.solo() || v.rules.senigma == SenigmaKind::Repeat ||
         !senigma_candidates(v.table, v.self).empty();
}

namespace {

// The default answer to a delta joker's inner choice weighs the eyes the joker's own step
// (delta_joker.h, the one home of its payoffs) adds on average after either answer, later
// choices answered by the larger average the same way; `wanted` is the choice asked.
struct MeanDelta {
  using Dist = double;
  InnerChoice wanted;
  double yes = 0, no = 0;

  static double point(int delta) { return delta; }
  static void add(double& acc, double d, double w) { acc += w * d; }
  bool take(const InnerChoice& c, double y, double n) {
    if (c == wanted) yes = y, no = n;
    return y > n;
  }
};

MeanDelta mean_delta(const Rules& r, Joker j, const InnerChoice& wanted) {
  MeanDelta m{wanted};
  detail::DeltaStep<MeanDelta>(r, m).run(j);
  return m;
}

}  // namespace

bool Policy::anaconda_fight(const TurnView& v, int attack) const {
  // J3: the fight's expected eyes against the sure decline; an even fight is fought.
  const MeanDelta m = mean_delta(v.rules, ANACONDA, {InnerChoice::AnacondaFight, attack});
  return !detail::strictly_better(m.no, m.yes);
}

bool Policy::rattenlord_retreat(const TurnView& v, int throws_left) const {
  // J5: the sure retreat against the expected eyes of going on (retreating again whenever
  // that is better).
  const MeanDelta m = mean_delta(v.rules, RATTENLORD, {InnerChoice::RattenlordRetreat, throws_left});
  return m.yes > m.no;
}

bool Policy::monokel_rethrow(const TurnView&, int, int face, int) const {
  return face <= 3;  // J9: a fresh throw is worth 3.5
}

bool Policy::senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const {
  // J10: counter when that wins more rounds than it loses on average (the duel's own odds,
  // one eye a round, so that a duel worth 0 a round is still fought the same way): from
  // a = 5 on; a = 4 is even and waived.
  Rules r = v.rules;
  r.senigma = SenigmaKind::Duel;
  r.senigma_per_round = 1;
  const MeanDelta m = mean_delta(r, SENIGMA, {InnerChoice::SenigmaCounter, round, attack, won, lost});
  return detail::strictly_better(m.yes, m.no);
}

bool Policy::use_runkelrueb(const TurnView&) const { return true; }
bool Policy::use_fumo_reentry(const TurnView&) const { return true; }

int Policy::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  // T6 first: a Prinzessin this steal takes to 0 or below pays the Keuler bonus; otherwise
  // rob the richest, who is the most dangerous rival. Ties: E11 (table.h), the first in seat
  // order after the thief.
  return best_candidate(candidates, [&](int k) {
    const SeatView& s = v.table[static_cast<size_t>(k)];
    return std::pair<int, int>{keuler_due(v.rules, s, amount) ? 1 : 0, s.eyes};
  });
}

int Policy::senigma_target(const TurnView& v, std::span<const int> candidates) const {
  // The richest; ties: E11 (table.h).
  return best_candidate(candidates, [&](int k) { return v.table[static_cast<size_t>(k)].eyes; });
}

int Policy::stop_threshold(const TurnView&) const {
  throw std::logic_error("policy " + name() + " offers no stop threshold");
}
Action Policy::decide_at_threshold(const TurnView&, int) const {
  throw std::logic_error("policy " + name() + " offers no stop threshold");
}

Action ThresholdPolicy::decide(const TurnView& v) const {
  return v.turn.eyes >= n_ ? Action::stop() : Action::roll();
}

std::string resolve_policy_path(const std::string& path) { return core::find_data_file(path); }

std::unique_ptr<Policy> make_policy_from_ini(const std::string& text, const std::string& source, const Rules& rules) {
  std::istringstream in(text);
  const std::string kind = policy_file_kind(in, source);
  in.clear();
  in.seekg(0);
  if (kind == "heuristic") return std::make_unique<HeuristicPolicy>(read_heuristic(in, source), source);
  if (kind == "position") return make_position_policy(in, source);
  if (kind == "strong") return make_strong_policy_file(in, source, rules);
  throw core::InputError(source + ": policy.kind = '" + kind + "'; valid: heuristic, position, strong");
}

std::unique_ptr<Policy> make_policy(std::string_view typed, const Rules& rules) {
  static const std::vector<std::string> kPolicyNames = {"threshold", "strong"};  // as they are read and suggested
  const std::string spec = core::policy_spelling(typed, kPolicyNames);
  // strong_policy.h: "strong" with its default parameters, "strong:FILE.ini" a strong file
  // (the same as naming a file with kind = strong).
  if (spec == "strong") return make_strong_evening_policy(rules, StrongParams{}, "strong");
  if (spec.rfind("strong:", 0) == 0) {
    const std::string given(spec.substr(7));
    const std::string f = resolve_policy_path(given);
    std::istringstream in(core::read_text_file(f, "policy file"));
    return make_strong_policy_file(in, core::data_file_label(given, f), rules);
  }
  const std::string s = spec.rfind("threshold:", 0) == 0 ? std::string(spec) : resolve_policy_path(std::string(spec));
  if (s.rfind("threshold:", 0) == 0) {
    const std::string n = s.substr(10);
    return std::make_unique<ThresholdPolicy>(core::parse_int(n, "threshold", "--policy " + s, -kPolicyEyesLimit, kPolicyEyesLimit));
  }
  if (s.size() > 4 && s.substr(s.size() - 4) == ".ini")
    return make_policy_from_ini(core::read_text_file(s, "policy file"), core::data_file_label(std::string(spec), s), rules);
  if (s.size() > 7 && s.substr(s.size() - 7) == ".policy") return load_solved_policy(s, rules);
  // A mistyped name is suggested by its part before the ':' ("threshhold:17": threshold).
  throw core::InputError("unknown policy " + core::quoted(s) +
                         core::suggest(s.substr(0, s.find(':')), kPolicyNames,
                                       "threshold:N, strong, strong:FILE.ini, a policy file *.ini (e.g. "
                                       "strategies/heuristic.ini), or a solver table *.policy"));
}

}  // namespace verflixt::verflixte6

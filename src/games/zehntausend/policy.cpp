#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/race_seat.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "verflixt/core/alias.h"
#include "verflixt/core/error.h"
#include "verflixt/core/data_path.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::zehntausend {

TurnSampler::TurnSampler(const TurnEvaluation& e) {
  std::vector<double> p;
  std::vector<int> v;
  p.push_back(e.p_first_niete), v.push_back(kBankrott);
  p.push_back(e.p_niete - e.p_first_niete), v.push_back(kNiete);
  for (size_t t = 0; t < e.banked.size(); ++t)
    if (e.banked[t] > 0) p.push_back(e.banked[t]), v.push_back(static_cast<int>(2 + t));
  const size_t n = p.size();
  double sum = 0;
  for (double x : p) sum += x;
  // Vose's stable construction (core/alias.h): scale to mean 1, pair each small column with a
  // large one.
  std::vector<double> scaled(n);
  for (size_t i = 0; i < n; ++i) scaled[i] = p[i] * static_cast<double>(n) / sum;
  columns_ = n;
  keep_.assign(n, 0xffffffffu);
  value_ = v;
  alias_ = v;
  // What is left is 1 up to rounding: always keep its own value (keep_ full above).
  core::alias_columns(
      scaled, 1.0,
      [&](size_t s, size_t l) {
        keep_[s] = static_cast<std::uint32_t>(std::min(4294967295.0, std::floor(scaled[s] * 4294967296.0)));
        alias_[s] = v[l];
      },
      [](size_t) {});
}

CompiledTurn::CompiledTurn(const TurnModel& m, TurnPolicy p)
    : policy(std::move(p)), eval(evaluate_turn(m, policy)), sampler(eval) {}

CompiledTurn::CompiledTurn(TurnEvaluation e, std::string name) : eval(std::move(e)), sampler(eval) {
  policy.name = std::move(name);
}

TurnLibrary::TurnLibrary(const ZehntausendRules& rules) : model_(rules) {
  solution_ = std::make_unique<TurnSolution>(solve_turn(model_));
  optimal_ = std::make_unique<CompiledTurn>(model_, solution_->policy);
  for (auto& s : slots_) {
    s = std::vector<std::atomic<const CompiledTurn*>>(kSlots);
    for (auto& a : s) a.store(nullptr, std::memory_order_relaxed);
  }
}

const CompiledTurn& TurnLibrary::cached(int kind, int points) const {
  // Shifts run from -kShiftFloor on; targets from bank_min (a smaller one means the same).
  constexpr int kShiftFloor = 20000;
  const int lo = kind == 2 ? -kShiftFloor : model_.rules().bank_min;
  points = std::clamp(points, lo, kMaxTarget - (kind == 2 ? kShiftFloor : 0));
  const int step = (points - lo + kPointStep - 1) / kPointStep;
  auto& slot = slots_[static_cast<size_t>(kind)][static_cast<size_t>(step)];
  if (const CompiledTurn* c = slot.load(std::memory_order_acquire)) return *c;
  std::lock_guard lock(mutex_);
  if (const CompiledTurn* c = slot.load(std::memory_order_acquire)) return *c;
  const int target = lo + step * kPointStep;
  TurnPolicy p;
  if (kind == 0) {
    p = bank_at_policy(model_, target);
  } else if (kind == 1) {
    // Every reach:N is read off one wide enough (turn_solver.h's reach_from): a game asks for
    // hundreds of them (each need in the final round), one induction serves them all. Widened
    // by doubling, from past the limit and the cap, when a target is beyond it.
    if (!reach_base_ || reach_base_->horizon * kPointStep < target) {
      const int wide = reach_base_ ? 2 * reach_base_->horizon * kPointStep : model_.rules().limit + 4000;
      reach_base_ = std::make_unique<TurnPolicy>(reach_policy(model_, std::clamp(wide, target, kMaxTarget)));
    }
    p = reach_from(model_, *reach_base_, target);
  } else {
    std::vector<int> thresholds(kMaxDice + 1, 0);
    for (int d = 1; d <= kMaxDice; ++d) {
      const int opt = std::max(solution_->bank_at[static_cast<size_t>(std::min(d, model_.rules().dice))], model_.rules().bank_min);
      thresholds[static_cast<size_t>(d)] = kind == 2 ? std::max(opt + target, model_.rules().bank_min) : std::min(opt, target);
    }
    p = threshold_policy(model_, thresholds, Utility::Points, (kind == 2 ? "shift:" : "cross:") + std::to_string(target));
  }
  owned_.push_back(std::make_unique<CompiledTurn>(model_, std::move(p)));
  slot.store(owned_.back().get(), std::memory_order_release);
  return *owned_.back();
}

int GameView::best_other() const {
  int best = 0;
  for (size_t s = 0; s < totals.size(); ++s)
    if (static_cast<int>(s) != seat) best = std::max(best, totals[s]);
  return best;
}

std::string RaceParams::spec() const {
  std::ostringstream s;
  auto put = [&](int v) -> std::ostringstream& {
    if (v == kOff)
      s << "off";
    else
      s << v;
    return s;
  };
  put(window) << ",";
  put(margin) << ",";
  put(behind_gap) << ",";
  put(behind_bank) << ",";
  put(ahead_gap) << ",";
  put(ahead_bank);
  return s.str();
}

const CompiledTurn& RacePolicy::decide(const GameView& v) const {
  const int mine = v.totals[static_cast<size_t>(v.seat)], other = v.best_other();
  const int limit = lib_.model().rules().limit;
  // Z5: in the final round only beating the best total counts (a tie shares; one step more wins).
  if (v.final_round) return lib_.reach(other - mine + kPointStep);
  if (limit - mine <= p_.window) return lib_.crossing(limit - mine + p_.margin);
  if (other - mine >= p_.behind_gap) return lib_.shifted(p_.behind_bank);
  if (mine - other >= p_.ahead_gap) return lib_.shifted(p_.ahead_bank);
  return lib_.optimal();
}

namespace {

// A seat policy that owns its turn policy (read from a file or built for a spec).
class OwnedPolicy final : public SeatPolicy {
 public:
  OwnedPolicy(const TurnModel& m, TurnPolicy p, std::string name) : turn_(m, std::move(p)), name_(std::move(name)) {}
  const CompiledTurn& decide(const GameView& ) const override { return turn_; }
  std::string name() const override { return name_; }

 private:
  CompiledTurn turn_;
  std::string name_;
};

const std::vector<std::string> kSpecs = {"optimal", "bank", "reach", "heuristic", "policy", "race", "shift", "cross", "exact"};

int points_arg(const std::string& spec, const std::string& arg, int lo, int hi) {
  return core::parse_int(arg, spec, "policy", lo, hi);
}

}  // namespace

RaceParams default_race_params() {
  // The best of scripts/zehntausend-results' coordinate search against the turn-score
  // maximizer (results/zehntausend/race.json): race:4000,0,5000,-200,2000,-400.
  RaceParams p;
  p.window = 4000, p.margin = 0;
  p.behind_gap = 5000, p.behind_bank = -200;
  p.ahead_gap = 2000, p.ahead_bank = -400;
  return p;
}

TurnPolicy read_heuristic(const TurnModel& m, const std::string& text, const std::string& source, std::string name) {
  std::vector<std::string> known = {"heuristic.keep"};
  for (int d = 1; d <= kMaxDice; ++d) known.push_back("heuristic.bank_with_" + std::to_string(d));
  std::istringstream in(text);
  std::vector<int> thresholds(kMaxDice + 1, m.rules().bank_min);
  KeepRule keep = KeepRule::Best;
  for (const core::IniEntry& e : core::read_ini(in, source, known)) {
    if (e.key == "heuristic.keep") {
      keep = static_cast<KeepRule>(core::parse_choice(e.value, e.key, e.where, {"best", "most-points", "fewest-dice"}));
    } else {
      const int d = e.key.back() - '0';
      const int v = core::parse_int(e.value, e.key, e.where, 0, TurnLibrary::kMaxTarget);
      if (v % kPointStep != 0) throw core::InputError(e.where + ": " + e.key + " must be a multiple of 50");
      thresholds[static_cast<size_t>(d)] = v;
    }
  }
  thresholds[0] = 0;
  return heuristic_policy(m, thresholds, keep, std::move(name));
}

namespace {

// The kind of a turn policy's spec, its index in kSpecs.
size_t turn_policy_kind(const std::string& spec) {
  const size_t k = core::choose_name(spec.substr(0, spec.find(':')), kSpecs, "zehntausend policy", kTurnPolicyForms);
  if (k == 5 || k == 8)
    throw core::InputError("policy " + verflixt::core::quoted(spec) +
                           " is a game policy (race), not a turn policy; valid: " + kTurnPolicyForms);
  return k;
}

}  // namespace

void check_turn_policy_name(const std::string& spec) { turn_policy_kind(spec); }

TurnPolicy make_turn_policy(const std::string& spec, const TurnLibrary& lib) {
  const auto colon = spec.find(':');
  const std::string arg = colon == std::string::npos ? "" : spec.substr(colon + 1);
  const size_t k = turn_policy_kind(spec);
  const TurnModel& m = lib.model();
  switch (k) {
    case 0:
      return lib.solution().policy;
    case 1:
      return bank_at_policy(m, points_arg(spec, arg, 0, TurnLibrary::kMaxTarget));
    case 2:
      return reach_policy(m, points_arg(spec, arg, 0, TurnLibrary::kMaxTarget));
    case 3:
      return read_heuristic(m, core::read_text_file(core::find_data_file(arg, "zehntausend"), "heuristic file"), arg, spec);
    case 4: {
      const std::string file = core::find_data_file(arg, "zehntausend");
      TurnPolicy p = read_policy_text(m, core::read_text_file(file, "policy file", core::kMaxPolicyFileBytes), arg);
      p.name = spec;
      return p;
    }
    case 6:
      return lib.shifted(points_arg(spec, arg, -20000, TurnLibrary::kMaxTarget)).policy;
    default:  // 7: the two game policies were refused above
      return lib.crossing(points_arg(spec, arg, 0, TurnLibrary::kMaxTarget)).policy;
  }
}

std::unique_ptr<SeatPolicy> make_seat_policy(const std::string& spec, const TurnLibrary& lib, const RaceSource& exact) {
  const auto colon = spec.find(':');
  const std::string head = spec.substr(0, colon);
  // The solved race is offered where it can be had (a tournament's seat, solve --race).
  const size_t k =
      core::choose_name(head, kSpecs, "zehntausend policy", exact ? kSeatPolicyForms : kTurnPolicyForms + ", " + kRacePolicyForm);
  if (k == 0) return std::make_unique<FixedPolicy>(lib.optimal(), "optimal");
  if (k == 8) {
    if (!exact) throw core::InputError("policy exact: the solved two-player race is not available here");
    return std::make_unique<ExactRacePolicy>(exact(colon == std::string::npos ? "" : spec.substr(colon + 1)), spec);
  }
  if (k == 6 || k == 7) {
    const int v = core::parse_int(spec.substr(colon == std::string::npos ? spec.size() : colon + 1), spec, "policy", -20000,
                            TurnLibrary::kMaxTarget);
    return std::make_unique<FixedPolicy>(k == 6 ? lib.shifted(v) : lib.crossing(v), spec);
  }
  if (k == 5) {
    RaceParams p = default_race_params();
    if (colon != std::string::npos) {
      std::vector<int> v;
      std::istringstream in(spec.substr(colon + 1));
      std::string item;
      // A gap or window may be "off": never applies.
      while (std::getline(in, item, ','))
        v.push_back(item == "off" ? RaceParams::kOff : core::parse_int(item, "race", "policy", -20000, TurnLibrary::kMaxTarget));
      if (v.size() != 6) throw core::InputError("race:W,M,BG,BB,AG,AB needs six numbers of points; got " + verflixt::core::quoted(spec));
      p = {v[0], v[1], v[2], v[3], v[4], v[5]};
    }
    return std::make_unique<RacePolicy>(lib, p);
  }
  TurnPolicy t = make_turn_policy(spec, lib);
  return std::make_unique<OwnedPolicy>(lib.model(), std::move(t), spec);
}

Decision decide(const TurnModel& m, const TurnPolicy& p, const TurnView& v) {
  const int t = v.turn_total / kPointStep;
  const ThrowOutcome& o = m.outcome(m.outcome_id(v.thrown));
  const ThrowOption& x = o.options[static_cast<size_t>(p.keep_option(t, o.id, m))];
  const int after = m.dice_after(o.dice, x.dice);
  return {x.kept, p.banks(t + x.points / kPointStep, after, m)};
}

}  // namespace verflixt::zehntausend

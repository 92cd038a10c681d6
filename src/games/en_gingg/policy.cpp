#include "verflixt/games/en_gingg/policy.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/core/data_path.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/ini.h"

namespace verflixt::en_gingg {

DiceCounts KeepFromPolicy::decide(const SetAsideView& view) const {
  const Phase1State& s = view.state;
  const DiceCounts& thrown = view.thrown;
  DiceCounts a{};
  for (int f = keep_from_; f <= kMaxFaces; ++f) a[f - 1] = thrown[f - 1];
  // At least one die (the highest), and at least what G2 demands of this throw.
  const int need = std::max(1, min_set_aside(s, rules_));
  return dice_in(a) >= need ? a : highest_dice(thrown, need);
}

std::string OptimalPolicy::name() const { return "optimal:" + objective_names()[static_cast<size_t>(solution_->objective())]; }

std::string KeepRulePolicy::name() const { return "rule:" + objective_names()[static_cast<size_t>(solution_->objective())]; }

GuardedPolicy::GuardedPolicy(const EnGinggRules& rules, Objective objective, int weight)
    : objective_(objective), weight_(weight) {
  const int max_loss = rules.target - rules.dice;  // the sum of all 1s
  for (int b = 0; b <= max_loss; ++b) solutions_.emplace_back(rules, objective, b, weight);
}

DiceCounts GuardedPolicy::decide(const SetAsideView& view) const {
  const int b = view.table.balances[static_cast<size_t>(view.table.to_move)];
  const size_t k = b >= 1 && b < static_cast<int>(solutions_.size()) ? static_cast<size_t>(b) : 0;
  return solutions_[k].choice(view.state, view.thrown);
}

namespace {

const std::vector<std::string> kKinds = {"keep-from", "optimal", "guarded"};

std::unique_ptr<SetAsidePolicy> keep_from(const EnGinggRules& rules, std::string_view value, std::string_view where) {
  return std::make_unique<KeepFromPolicy>(rules, core::parse_int(value, "keep_from", where, 1, rules.faces));
}

std::unique_ptr<SetAsidePolicy> optimal(const EnGinggRules& rules, const std::string& objective) {
  return std::make_unique<OptimalPolicy>(std::make_shared<const Phase1Solution>(rules, parse_objective(objective)));
}

// [policy] kind = keep-from|optimal, keep_from = F, objective = own|own+next.
std::unique_ptr<SetAsidePolicy> read_policy_file(const std::string& path, const EnGinggRules& rules) {
  std::istringstream in(core::read_text_file(path, "policy file"));
  const auto entries = core::read_ini(in, path, {"policy.kind", "policy.keep_from", "policy.objective", "policy.guard_weight"});
  std::string kind, keep, objective = "own", weight;
  std::string kind_at = path, keep_at = path, weight_at = path;
  for (const auto& e : entries) {
    if (e.key == "policy.kind") kind = kKinds[core::parse_choice(e.value, e.key, e.where, kKinds)], kind_at = e.where;
    if (e.key == "policy.keep_from") keep = e.value, keep_at = e.where;
    if (e.key == "policy.objective") objective = e.value;
    if (e.key == "policy.guard_weight") weight = e.value, weight_at = e.where;
  }
  if (kind.empty()) throw core::InputError(path + ": [policy] kind is missing; valid: " + core::join(kKinds));
  if (kind == "keep-from") {
    if (keep.empty()) throw core::InputError(kind_at + ": kind = keep-from needs keep_from = F (1.." + std::to_string(rules.faces) + ")");
    return keep_from(rules, keep, keep_at);
  }
  if (kind == "guarded")
    return std::make_unique<GuardedPolicy>(rules, parse_objective(objective),
                                           weight.empty() ? static_cast<int>(kGuardWeight)
                                                          : core::parse_int(weight, "guard_weight", weight_at, 0, 1000000));
  return optimal(rules, objective);
}

// The built-in policies' names (keep-from:F, optimal:OBJECTIVE, guarded:OBJECTIVE), as they are
// read and suggested.
const std::vector<std::string> kPolicyNames = {"keep-from", "optimal", "guarded"};

// A policy's name as the game spells it, its objective included ("Optimal:Own" is optimal:own).
std::string spelled(const std::string& spec) {
  std::string s = core::policy_spelling(spec, kPolicyNames);
  if (s.rfind("optimal:", 0) == 0 || s.rfind("guarded:", 0) == 0) {
    const size_t at = s.find(':') + 1, end = std::min(s.find(':', at), s.size());
    s = s.substr(0, at) + core::policy_spelling(s.substr(at, end - at), objective_names()) + s.substr(end);
  }
  return s;
}

}  // namespace

std::unique_ptr<SetAsidePolicy> make_policy(const std::string& given, const EnGinggRules& rules) {
  const std::string spec = spelled(given);
  const std::string ext = ".ini";
  // A shipped policy is found by its name (`guarded`) or its path from any directory.
  const std::string file = core::find_data_file(spec, "en-gingg");
  if (file.size() > ext.size() && file.compare(file.size() - ext.size(), ext.size(), ext) == 0)
    return read_policy_file(file, rules);
  if (spec.rfind("keep-from:", 0) == 0) return keep_from(rules, spec.substr(10), "en-gingg policy " + verflixt::core::quoted(spec));
  if (spec.rfind("optimal:", 0) == 0) return optimal(rules, spec.substr(8));
  if (spec == "optimal") return optimal(rules, "own");
  if (spec.rfind("guarded:", 0) == 0) {  // guarded:OBJECTIVE or guarded:OBJECTIVE:W
    const std::string rest = spec.substr(8);
    const auto colon = rest.find(':');
    if (colon == std::string::npos) return std::make_unique<GuardedPolicy>(rules, parse_objective(rest));
    return std::make_unique<GuardedPolicy>(rules, parse_objective(rest.substr(0, colon)),
                                           core::parse_int(rest.substr(colon + 1), "W", "en-gingg policy " + verflixt::core::quoted(spec), 0, 1000000));
  }
  if (spec == "guarded") return std::make_unique<GuardedPolicy>(rules, Objective::OwnPlusNext);
  // A mistyped name is guessed by its part before the ':' ("kep-from:4": keep-from).
  throw core::InputError("unknown en-gingg policy " + verflixt::core::quoted(spec) +
                         core::suggest(spec.substr(0, spec.find(':')), kPolicyNames, kPolicyForms));
}

std::string display_name(const std::string& spec) {
  if (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".ini") == 0) return std::filesystem::path(spec).stem().string();
  return spelled(spec);
}

Seating::Seating(const EnGinggRules& rules, const std::vector<std::string>& specs) {
  for (const auto& spec : specs) {
    owned.push_back(make_policy(spec, rules));
    seats.push_back(owned.back().get());
    names.push_back(display_name(spec));
  }
}

TurnValue turn_value(const EnGinggRules& rules, const SetAsidePolicy& policy, int balance) {
  validate(rules);
  const int sums = rules.max_sum() + 1, throws = rules.max_throws + 1;
  // P(reaching (left, sum, throws)), processed from the most dice left down: every
  // set-aside leaves fewer dice, so a state's mass is complete when its turn comes.
  std::vector<double> p(static_cast<size_t>((rules.dice + 1) * sums * throws), 0.0);
  const auto at = [&](const Phase1State& s) -> double& { return p[static_cast<size_t>((s.left * sums + s.aside_sum) * throws + s.throws)]; };
  const Phase1State start = phase1_start(rules);
  at(start) = 1.0;
  Table table = initial_table(rules);
  if (balance > 0) table.balances[0] = balance;
  TurnValue v;
  v.p_sum.assign(static_cast<size_t>(sums), 0.0);
  for (int left = rules.dice; left >= 1; --left) {
    const auto outcomes = throw_outcomes(left, rules.faces);
    for (int sum = 0; sum < sums; ++sum)
      for (int t = 0; t < rules.max_throws; ++t) {
        const Phase1State s{left, sum, t};
        const double ps = at(s);
        if (ps == 0) continue;
        for (const auto& m : outcomes) {
          const DiceCounts a = policy.decide({s, m.outcome, table});
          if (!is_legal_set_aside(s, m.outcome, a, rules))
            throw std::logic_error("en-gingg turn_value: policy " + policy.name() + " made an illegal set-aside");
          at(apply_set_aside(s, a)) += ps * m.probability;
        }
      }
  }
  for (int sum = 0; sum < sums; ++sum)
    for (int t = 0; t < throws; ++t) v.p_sum[static_cast<size_t>(sum)] += at({0, sum, t});
  for (int sum = 0; sum < sums; ++sum) {
    const double ps = v.p_sum[static_cast<size_t>(sum)];
    const Phase1Outcome o = phase1_outcome(sum, rules);
    v.own_change += ps * o.own_change;
    if (o.digit > 0) {
      v.p_phase2 += ps;
      v.next_loss += ps * o.digit * phase2_expected_hits(rules, o.digit);
    }
  }
  return v;
}

}  // namespace verflixt::en_gingg

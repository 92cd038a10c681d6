#include "verflixt/games/verflixte6/exact/solver.h"

#include <algorithm>
#include <atomic>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <istream>
#include <iterator>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "games/verflixte6/exact/solver_values.h"
#include "games/verflixte6/exact/state_index.h"
#include "games/verflixte6/rules/delta_joker.h"
#include "games/verflixte6/rules/turn_step.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/core/shared_range.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {
using detail::normal_form;
using detail::ValueAlgebra;
using detail::StateIndex;
using detail::ValueBust;

namespace {

// The eyes a 6 would cost now (J11: down to the floor, T5: else down to 0).
int risk(const TurnState& s) { return s.eyes - detail::eliminated_state(s, /*to_floor=*/true).eyes; }

// The risk caps by class of state: [Runkelrüb held][Fumo active] (solver.h).
struct Caps {
  int c[2][2] = {{0, 0}, {0, 0}};
  int of(const TurnState& s) const { return c[s.held.has(RUNKELRUEB)][s.fumo_active]; }
};

// The solver's risk cap: above it no plain throw is considered (see solver.h).
bool considered(const TurnState& s, Action a, const Caps& caps) {
  return !(detail::throws_plain(a) && risk(s) > caps.of(s));  // E4: Fumo's step is a plain throw
}

// Exploration: answers every inner choice arbitrarily but records the successors of both
// answers, so that the explored part contains whatever the optimizer may choose.
class RecordingChooser final : public InnerChooser {
 public:
  explicit RecordingChooser(const Rules& r) : r_(r) {}
  bool take_delta(const TurnState& base, const InnerChoice&, const DeltaDist& yes, const DeltaDist& no) const override {
    for (const auto& o : yes) seen.push_back(apply_delta(r_, base, o.delta));
    for (const auto& o : no) seen.push_back(apply_delta(r_, base, o.delta));
    return false;
  }
  bool take_reaction(const TurnState&, const InnerChoice&, const SoloOutcomes& yes, const SoloOutcomes& no) const override {
    for (const auto& o : yes) seen.push_back(o.next);
    for (const auto& o : no) seen.push_back(o.next);
    return false;
  }
  mutable std::vector<TurnState> seen;

 private:
  const Rules& r_;
};

// The support algebra for delta jokers: every delta any answer to the inner choices can
// lead to (exploration needs the successors of every answer). Distributions are sets of
// deltas; a choice keeps both branches.
struct SupportAlgebra {
  using Dist = std::vector<int>;
  static Dist point(int delta) { return {delta}; }
  static void add(Dist& acc, const Dist& d, double) {
    Dist u;
    std::set_union(acc.begin(), acc.end(), d.begin(), d.end(), std::back_inserter(u));
    acc = std::move(u);
  }
  bool take(const InnerChoice&, const Dist& yes, const Dist& no) {
    add(both, yes, 1);
    add(both, no, 1);
    return false;
  }
  Dist both;
};

using detail::joker_base;  // the joker spent, Fumo over (J13): turn_step.h

// The sum over the surviving faces of the largest eyes a plain throw with that face can add
// with this loadout (T3, T4, J7, J12), or under Fumo (J13: doubled, nothing else): six times
// the best expected gain of a throw, the S of the certificate (solver.h). Read from the
// step itself (turn_step.h plain_gains): the largest over holding Tentakel and Jule or not
// (a bound over every state, as the certificate needs) with the largest steal, min(j,
// rob_cap) at j > rob_cap; a face that can add nothing counts 0.
int plain_gain_sum(const Rules& r, JokerSet loadout, bool fumo) {
  const JokerSet optional = JokerSet{static_cast<u16>(loadout.bits & JokerSet{}.with(TENTAKEL).with(JULE).bits)};
  std::array<int, 7> best{};
  for (u16 sub = optional.bits;; sub = static_cast<u16>((sub - 1) & optional.bits)) {
    TurnState s;
    s.held = JokerSet{static_cast<u16>((loadout.bits & ~optional.bits) | sub)};
    s.robbing_ones = r.rob_cap;
    s.fumo_active = fumo;
    const auto gains = detail::plain_gains(r, s, /*with_take=*/true);
    for (size_t f = 1; f <= 6; ++f) best[f] = std::max(best[f], gains[f]);
    if (sub == 0) break;
  }
  int sum = 0;
  for (size_t f = 1; f <= 6; ++f) sum += best[f];
  return sum;
}

// One loadout's dynamic program: explore the finite part of the state space breadth-first,
// then evaluate it in post-order (every successor before its predecessors).
class Solve {
 public:
  Solve(const Rules& r, JokerSet loadout, const SolverOptions& o, const Caps& caps)
      : r_(r), loadout_(loadout), o_(o), caps_(caps) {}

  SoloSolution run() {
    for (int k = 0; k < JOKER_NB; ++k)
      if (detail::is_delta_joker(static_cast<Joker>(k)) && loadout_.has(static_cast<Joker>(k))) {
        SupportAlgebra alg;
        auto d = detail::DeltaStep<SupportAlgebra>(r_, alg).run(static_cast<Joker>(k));
        SupportAlgebra::add(d, alg.both, 1);
        support_[k] = std::move(d);
      }
    start_ = intern(solo_start(r_, loadout_));
    if (o_.thresholds) seed_threshold_probes();
    explore();
    evaluate();
    SoloSolution sol;
    sol.loadout = loadout_;
    sol.ev = value_[start_];
    sol.bust_probability = bust_[start_];
    sol.risk_cap = caps_.c[0][0];
    sol.runkel_risk_cap = caps_.c[1][0];
    sol.states = states_.size();
    if (o_.thresholds) collect_thresholds(sol);
    certify(sol);
    if (o_.keep_table) sol.table = make_table();
    return sol;
  }

 private:
  std::uint32_t intern(const TurnState& raw) {
    int offset = 0;
    const TurnState s = normal_form(raw, offset);
    const auto next = static_cast<std::uint32_t>(states_.size());
    const std::uint32_t id = index_.insert(s, next);
    if (id == next) {
      if (states_.size() >= o_.max_states)
        throw core::BudgetExceeded("solver: more than " + std::to_string(o_.max_states) + " states (the state budget) for jokers " +
                             loadout_name(loadout_) + "; lower --risk-cap");
      states_.push_back(s);
    }
    return id;
  }

  std::vector<JokerSet> subsets() const {
    std::vector<JokerSet> out;
    for (u16 m = loadout_.bits;; m = static_cast<u16>((m - 1) & loadout_.bits)) {
      out.push_back(JokerSet{m});
      if (m == 0) break;
    }
    std::sort(out.begin(), out.end(), [](JokerSet a, JokerSet b) { return a.bits < b.bits; });
    return out;
  }
  int max_rob() const { return r_.ones_rob ? std::max(r_.rob_cap, 0) : 0; }
  TurnState probe(JokerSet held, int rob, int eyes) const {
    TurnState s;
    s.eyes = eyes;
    s.robbing_ones = rob;
    s.held = held;
    s.phase = TurnPhase::Decide;
    return canonical(r_, s);
  }

  void seed_threshold_probes() {
    for (JokerSet h : subsets())
      for (int rob = 0; rob <= max_rob(); ++rob)
        for (int e = 0; e <= caps_.of(probe(h, rob, 0)); ++e) intern(probe(h, rob, e));
  }

  // The successors of a state that the optimizer may reach (Over excluded), unnormalized and
  // with repeats, appended to `out`. Reads only the rules and the caps: safe on any thread.
  void successors(const TurnState& s, std::vector<TurnState>& out) const {
    auto note = [&](const TurnState& n) {
      if (n.phase != TurnPhase::Over) out.push_back(n);
    };
    if (s.phase == TurnPhase::FreeThrow) {
      for (const auto& o : free_throw_outcomes(r_, s)) note(o.next);
    } else if (s.phase == TurnPhase::Decide) {
      for (Action a : solo_actions(r_, s)) {
        if (a.kind == Action::Stop || !considered(s, a, caps_)) continue;
        if (a.kind == Action::UseJoker && detail::is_delta_joker(a.joker)) {
          const TurnState base = joker_base(s, a.joker);
          for (int d : support_[a.joker]) note(apply_delta(r_, base, d));
          continue;
        }
        RecordingChooser rec(r_);
        for (const auto& o : solo_transition(r_, s, a, rec)) note(o.next);
        for (const auto& n : rec.seen) note(n);
      }
    }
  }

  // Breadth-first, one level at a time: the states found so far and not yet expanded are a
  // level. Every state must get the index a one-state-at-a-time search gives it, on any
  // thread count (a policy file lists the states in that order), so only the adding of new
  // states runs on this thread, in index order. Playing the steps and setting aside the
  // successors indexed before this level (about three in four) shares out in chunks among
  // idle threads (core/shared_range.h). The successors are not kept: the evaluation plays
  // each step again, and needs them only to find their values.
  void explore() {
    constexpr std::size_t kGrain = 256;                 // states of a chunk
    std::vector<std::vector<TurnState>> fresh;          // per chunk: successors not yet indexed
    for (std::size_t first = 0; first < states_.size();) {
      const std::size_t level = states_.size() - first;
      if (fresh.size() < (level + kGrain - 1) / kGrain) fresh.resize((level + kGrain - 1) / kGrain);
      core::share_range(level, kGrain, [&](std::size_t begin, std::size_t end) {
        StateIndex::Memo memo;
        std::vector<TurnState> next;
        for (std::size_t b = begin; b < end; b += kGrain) {
          std::vector<TurnState>& f = fresh[b / kGrain];
          f.clear();
          for (std::size_t k = b; k < std::min(end, b + kGrain); ++k) {
            core::checkpoint();  // a request's deadline and memory (core/budget.h)
            next.clear();
            successors(states_[first + k], next);
            for (const TurnState& raw : next) {
              int offset = 0;
              const TurnState s = normal_form(raw, offset);
              if (index_.find(s, memo) == StateIndex::kNone) f.push_back(s);
            }
          }
          keep_first_of_each(f);
        }
      });
      for (std::size_t b = 0; b < level; b += kGrain)
        for (const TurnState& s : fresh[b / kGrain]) intern(s);
      first += level;
    }
  }

  // Drops every repeat of a state from `f`, keeping the first of each in its place: fewer
  // states left for the one thread that adds them, in the same order.
  static void keep_first_of_each(std::vector<TurnState>& f) {
    std::vector<std::pair<SoloKey, std::uint32_t>> keys(f.size());
    for (std::size_t j = 0; j < f.size(); ++j) keys[j] = {solo_key(f[j]), static_cast<std::uint32_t>(j)};
    std::sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
      return std::tie(a.first.hi, a.first.lo, a.second) < std::tie(b.first.hi, b.first.lo, b.second);
    });
    std::vector<char> keep(f.size(), 0);
    for (std::size_t j = 0; j < keys.size(); ++j)
      if (j == 0 || !(keys[j].first == keys[j - 1].first)) keep[keys[j].second] = 1;
    std::size_t kept = 0;
    for (std::size_t j = 0; j < f.size(); ++j)
      if (keep[j]) f[kept++] = f[j];
    f.resize(kept);
  }

  // The indices of a state's successors, sorted, each once.
  std::vector<std::uint32_t> successor_ids(std::uint32_t u, StateIndex::Memo& memo) const {
    std::vector<TurnState> next;
    successors(states_[u], next);
    std::vector<std::uint32_t> ids;
    for (const TurnState& raw : next) {
      int offset = 0;
      const TurnState s = normal_form(raw, offset);
      const std::uint32_t id = index_.find(s, memo);
      if (id == StateIndex::kNone) throw std::logic_error("solver: successor not explored: " + describe(s));
      ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  }

  // A successor's value. Several threads may evaluate states of one group at once, so a state
  // is marked done (release) only after its value is written, and read (acquire) before it.
  ValueBust lookup(const TurnState& raw, StateIndex::Memo& memo) const {
    if (raw.phase == TurnPhase::Over) return {static_cast<double>(raw.eyes), raw.eliminated ? 1.0 : 0.0};
    int offset = 0;
    const TurnState s = normal_form(raw, offset);
    const std::uint32_t id = index_.find(s, memo);
    if (id == StateIndex::kNone) throw std::logic_error("solver: successor not explored: " + describe(s));
    if (!std::atomic_ref<const std::uint8_t>(done_[id]).load(std::memory_order_acquire)) throw NotYetSolved{};
    return {value_[id] + offset, bust_[id]};
  }

  ValueBust q_value(const TurnState& s, Action a, StateIndex::Memo& memo) const {
    if (a.kind == Action::Stop) return {static_cast<double>(s.eyes), 0.0};
    auto look = [this, &memo](const TurnState& x) { return lookup(x, memo); };
    if (a.kind == Action::UseJoker && detail::is_delta_joker(a.joker)) {
      const TurnState base = joker_base(s, a.joker);
      ValueAlgebra<decltype(look)> alg(r_, base, look);
      return detail::DeltaStep<ValueAlgebra<decltype(look)>>(r_, alg).run(a.joker);
    }
    const ValueChooser vc(r_, [this, &memo](const TurnState& x) { return lookup(x, memo).v; });
    ValueBust q;
    for (const auto& o : solo_transition(r_, s, a, vc)) {
      const ValueBust n = lookup(o.next, memo);
      q.v += o.prob * n.v;
      q.b += o.prob * n.b;
    }
    return q;
  }

  void compute(std::uint32_t u, StateIndex::Memo& memo) {
    const TurnState& s = states_[u];
    if (s.phase == TurnPhase::FreeThrow) {
      ValueBust acc;
      for (const auto& o : free_throw_outcomes(r_, s)) {
        const ValueBust n = lookup(o.next, memo);
        acc.v += o.prob * n.v;
        acc.b += o.prob * n.b;
      }
      value_[u] = acc.v;
      bust_[u] = acc.b;
    } else {
      // Actions in the fixed order stop, roll, jokers: a tie keeps the earlier one.
      bool any = false;
      ValueBust best;
      Action choice = Action::stop();
      for (Action a : solo_actions(r_, s)) {
        if (!considered(s, a, caps_)) continue;
        const ValueBust q = q_value(s, a, memo);
        if (!any || detail::strictly_better(q.v, best.v)) {
          best = q;
          choice = a;
          any = true;
        }
      }
      value_[u] = best.v;
      bust_[u] = best.b;
      action_[u] = choice;
    }
    std::atomic_ref<std::uint8_t>(done_[u]).store(1, std::memory_order_release);
  }

  // Thrown by lookup when a successor has no value yet: the fast order was wrong.
  struct NotYetSolved {};

  // The jokers and Frostschutz uses a state still holds. Every joker step spends one, and a
  // plain throw keeps them and adds eyes (T3: at least 1 under the presets), so sorting by
  // (resources ascending, eyes descending) puts every successor first. Exotic --set rules can
  // break this (a negative Tentakel bonus); then the depth-first order below takes over.
  int resources(const TurnState& s) const {
    return s.held.size() + (s.held.has(FROSTSCHUTZ) ? r_.frost_uses - s.frost_used : 0);
  }

  void evaluate() {
    const std::size_t n = states_.size();
    value_.assign(n, 0.0);
    bust_.assign(n, 0.0);
    action_.assign(n, Action::stop());
    done_.assign(n, 0);
    if (!o_.sorted_order) return evaluate_depth_first();
    // Sorted by (resources ascending, eyes descending, index): a counting sort, each (resources,
    // eyes) one bucket, its states in index order. Its groups are the buckets. The states of
    // one group read none of each other under the presets, so each group shares out among
    // idle threads (core/shared_range.h). Where a rule makes one read another before it is
    // done, the group throws NotYetSolved, as the one-thread order may, and the depth-first
    // order below takes over: the values never depend on the order.
    int low = 0, high = 0, fewest = 0, most = 0;
    for (const TurnState& s : states_) {
      low = std::min(low, s.eyes);
      high = std::max(high, s.eyes);
      fewest = std::min(fewest, resources(s));
      most = std::max(most, resources(s));
    }
    const auto span = static_cast<std::size_t>(high - low) + 1;
    auto bucket = [&](const TurnState& s) {
      return static_cast<std::size_t>(resources(s) - fewest) * span + static_cast<std::size_t>(high - s.eyes);
    };
    std::vector<std::uint32_t> start(static_cast<std::size_t>(most - fewest + 1) * span + 1, 0);
    for (const TurnState& s : states_) ++start[bucket(s) + 1];
    for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    std::vector<std::uint32_t> order(n);
    {
      std::vector<std::uint32_t> at(start.begin(), start.end() - 1);
      for (std::uint32_t i = 0; i < n; ++i) order[at[bucket(states_[i])]++] = i;
    }
    constexpr std::size_t kGrain = 256;  // states a chunk evaluates
    try {
      for (std::size_t g = 0; g + 1 < start.size(); ++g) {
        const std::size_t first = start[g];
        core::share_range(start[g + 1] - first, kGrain, [&](std::size_t begin, std::size_t end) {
          StateIndex::Memo memo;
          for (std::size_t k = first + begin; k < first + end; ++k) {
            core::checkpoint();
            compute(order[k], memo);
          }
        });
      }
      return;
    } catch (const NotYetSolved&) {
      done_.assign(n, 0);
    }
    evaluate_depth_first();
  }

  // Post-order depth-first search with an explicit stack (the graph is deep: one level per
  // throw), so every state is computed after all its successors. Meeting a state that is
  // still on the stack means a cycle.
  void evaluate_depth_first() {
    const std::size_t n = states_.size();
    StateIndex::Memo memo;
    std::vector<std::uint8_t> mark(n, 0);  // 0 new, 1 on the stack, 2 done
    struct Frame {
      std::uint32_t u;
      std::vector<std::uint32_t> next;  // its successors (successor_ids)
      std::size_t k = 0;                // the next one to visit
    };
    std::vector<Frame> stack;
    for (std::uint32_t root = 0; root < n; ++root) {
      if (mark[root]) continue;
      stack.push_back({root, successor_ids(root, memo)});
      mark[root] = 1;
      while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.k < top.next.size()) {
          const std::uint32_t v = top.next[top.k++];
          if (mark[v] == 0) {
            mark[v] = 1;
            stack.push_back({v, successor_ids(v, memo)});
          } else if (mark[v] == 1) {
            throw core::InputError("solver: under these rules a step can return to an earlier state (" +
                             describe(states_[v]) + "); the solver needs every step to make progress");
          }
        } else {
          const std::uint32_t done = top.u;
          stack.pop_back();
          core::checkpoint();
          compute(done, memo);
          mark[done] = 2;
        }
      }
    }
  }

  void collect_thresholds(SoloSolution& sol) const {
    JokerSet passive;
    for (Joker j : {JULE, TENTAKEL, RUNKELRUEB}) if (loadout_.has(j)) passive = passive.with(j);
    if (loadout_.has(FUMO) && r_.fumo == FumoKind::Reentry) passive = passive.with(FUMO);
    StateIndex::Memo memo;
    for (JokerSet h : subsets())
      for (int rob = 0; rob <= max_rob(); ++rob) {
        StopThreshold t{h, rob, -1};
        for (int e = 0; e <= caps_.of(probe(h, rob, 0)); ++e) {
          const auto id = index_.find(probe(h, rob, e), memo);
          if (action_[id].kind == Action::Stop) {
            t.eyes = e;
            break;
          }
        }
        sol.thresholds.push_back(t);
        if (h == passive && rob == 0) sol.threshold = t.eyes;
      }
  }

  // The a-posteriori certificate of the risk caps (solver.h).
  void certify(SoloSolution& sol) const {
    const double gain_sum[2] = {static_cast<double>(plain_gain_sum(r_, loadout_, false)),
                                static_cast<double>(plain_gain_sum(r_, loadout_, true))};
    // Classes a roll cannot leave: (held, Frostschutz uses, Fumo active). A Runkelrüb save
    // leads to (held without it, same uses, Fumo over).
    auto cls = [](JokerSet held, int frost, bool fumo) { return held.bits | (frost << 16) | (int{fumo} << 20); };
    std::map<int, std::pair<double, double>> adv;  // class -> (C, D) above the cap
    double k_reentry = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
      const TurnState& s = states_[i];
      if (s.phase == TurnPhase::FreeThrow && i != start_) k_reentry = std::max(k_reentry, value_[i]);
      if (s.phase != TurnPhase::Decide || risk(s) <= caps_.of(s)) continue;
      const double a = value_[i] - s.eyes;
      auto [it, fresh] = adv.try_emplace(cls(s.held, s.frost_used, s.fumo_active), a, a);
      if (!fresh) {
        it->second.first = std::max(it->second.first, a);
        it->second.second = std::min(it->second.second, a);
      }
    }
    if (!(loadout_.has(FUMO) && r_.fumo == FumoKind::Reentry)) k_reentry = 0;
    double c_all = 0;
    for (const auto& [h, cd] : adv) c_all = std::max(c_all, cd.first);
    sol.cap_needed = sol.runkel_cap_needed = 0;
    bool ok = true;
    for (const auto& [c, cd] : adv) {
      const JokerSet held{static_cast<u16>(c & 0xffff)};
      const double p = held.has(RUNKELRUEB) ? runkel_save_probability(r_) : 0.0;
      double& needed = held.has(RUNKELRUEB) ? sol.runkel_cap_needed : sol.cap_needed;
      if (p >= 1) {
        needed = std::numeric_limits<double>::infinity();
        ok = false;
        continue;
      }
      const auto saved = adv.find(cls(held.without(RUNKELRUEB), (c >> 16) & 0xf, false));
      const double c_saved = saved != adv.end() ? saved->second.first : c_all;
      const bool fumo = (c >> 20) & 1;
      const double need =
          (gain_sum[fumo] + 5 * cd.first + p * c_saved + (1 - p) * k_reentry - 6 * cd.second) / (1 - p);
      needed = std::max(needed, need);
      ok = ok && need <= caps_.c[held.has(RUNKELRUEB)][fumo];
    }
    const bool allin_fair = !(loadout_.has(ALL_IN) && 2 * r_.allin_max_face > 6);
    sol.cap_certified = allin_fair && ok;
  }

  std::shared_ptr<const SolvedDecisions> make_table() const {
    auto t = std::make_shared<SolvedDecisions>();
    t->entries.reserve(states_.size());
    t->states = states_;
    for (std::size_t i = 0; i < states_.size(); ++i) t->entries[solo_key(states_[i])] = {value_[i], action_[i]};
    return t;
  }

  const Rules& r_;
  JokerSet loadout_;
  SolverOptions o_;
  Caps caps_;
  StateIndex index_;
  std::vector<TurnState> states_;
  std::vector<double> value_, bust_;
  std::vector<Action> action_;
  std::vector<std::uint8_t> done_;
  std::uint32_t start_ = 0;
  std::vector<int> support_[JOKER_NB];  // the deltas each delta joker can add
};

}  // namespace

SoloSolution solve_solo(const Rules& rules, JokerSet loadout, const SolverOptions& options) {
  validate(rules);
  if (options.risk_cap < 0 || options.runkel_risk_cap < 0) throw core::InputError("solver: a risk cap must be at least 0");
  // Dynamic programming needs every surviving plain throw to add eyes: otherwise eyes can
  // fall without end (an infinite state space) or come back to a state (a cycle).
  if (const PlainGain g = min_plain_gain(rules, loadout); g.gain <= 0)
    throw core::InputError("solver: with these rules and jokers " + loadout_name(loadout) + " a plain throw of " +
                     std::to_string(g.face) + " adds " + std::to_string(g.gain) +
                     " eyes; the solver needs every surviving plain throw to add at least 1");
  // Automatic caps per class: what the certificate asks for when the advantage above the
  // cap is the same everywhere (C = D), S + 10 without Runkelrüb and 1.25 S / (1 - p) + 10
  // with it (the advantage varies more there). A Runkelrüb class is never capped below a
  // class without it: a save lands there at the same risk.
  auto caps_for = [&](const SolverOptions& o) {
    Caps caps;
    const double p = runkel_save_probability(rules);
    for (int rk = 0; rk < 2; ++rk)
      for (int fumo = 0; fumo < 2; ++fumo) {
        const double sum = plain_gain_sum(rules, loadout, fumo == 1);
        const int automatic = rk ? static_cast<int>(std::ceil(1.25 * sum / std::max(1e-3, 1 - p))) + 10
                                 : static_cast<int>(std::ceil(sum)) + 10;
        const int user = rk ? o.runkel_risk_cap : o.risk_cap;
        caps.c[rk][fumo] = user > 0 ? user : automatic;
      }
    const int base = std::max(caps.c[0][0], caps.c[0][1]);
    caps.c[1][0] = std::max(caps.c[1][0], base);
    caps.c[1][1] = std::max(caps.c[1][1], base);
    return caps;
  };
  SolverOptions o = options;
  Caps caps = caps_for(o);
  SoloSolution sol = Solve(rules, loadout, o, caps).run();
  // An uncertified cap is raised to what the certificate asked for (plus 20%) and the loadout
  // solved again; the certificate's demand depends only weakly on the cap, so once is enough.
  for (int k = 0; k < options.retries && !sol.cap_certified; ++k) {
    const double limit = 5000;
    if (!(sol.cap_needed < limit && sol.runkel_cap_needed < limit)) break;
    o.risk_cap = std::max({caps.c[0][0], caps.c[0][1], static_cast<int>(std::ceil(sol.cap_needed * 1.2))});
    o.runkel_risk_cap = std::max({caps.c[1][0], caps.c[1][1], static_cast<int>(std::ceil(sol.runkel_cap_needed * 1.2))});
    caps = caps_for(o);
    sol = Solve(rules, loadout, o, caps).run();
  }
  return sol;
}

}  // namespace verflixt::verflixte6

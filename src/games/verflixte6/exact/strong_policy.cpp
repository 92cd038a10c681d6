#include "verflixt/games/verflixte6/exact/strong_policy.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <istream>
#include <sstream>
#include <stdexcept>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/thread_cache.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/last_seat.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

// ---- The pass record (see strong_policy.h) ----

struct PassNote {
  bool set = false;
  int pass = 0, passes = 0;
  std::vector<int> totals;
};
thread_local PassNote t_note;

// ---- The thread's last-seat solvers ----
//
// One LastSeatSolver per situation key: the policy object, the seat on turn, and every
// seat's status, Senigma flag and evening total relative to the own total. For P(win) only
// the order of standings counts, so shifting every total by the same amount changes no
// answer; the solver is built and asked with totals shifted to an own total of 0, and one
// solver serves every query with that key (the others' eyes and Keuler flags are part of
// each query, turn by turn). Values are exact whatever the memo holds; the cache is dropped
// when it grows past kCacheStates states in all.
constexpr std::size_t kCacheStates = 3'000'000;
constexpr std::size_t kCacheSolvers = 512;

struct SolverCache {
  std::unordered_map<std::string, std::unique_ptr<LastSeatSolver>> solvers;
};
thread_local SolverCache t_cache;
// A process that answers many requests (the server) empties it after each (core/thread_cache.h).
[[maybe_unused]] const bool t_cache_registered = core::register_thread_cache([] { t_cache = SolverCache{}; });

std::atomic<std::uint64_t> g_next_id{1};

int standing_of(const SeatView& s) { return standing(s.total, s.eyes); }

}  // namespace

void note_pass(int pass, int passes, std::span<const int> totals) {
  t_note.set = true;
  t_note.pass = pass;
  t_note.passes = passes;
  t_note.totals.assign(totals.begin(), totals.end());
}

void clear_pass_note() { t_note = PassNote{}; }

// ---- StrongSolutions ----

const SolvedPolicy& StrongSolutions::of(JokerSet loadout) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = solved_.find(loadout.bits);
  if (it == solved_.end()) {
    // With the stop thresholds of every subset: their probes put states into the table
    // that play reaches only at a table (e.g. 0 eyes after a steal lapsed), and the
    // threshold is SolvedPolicy's answer outside it.
    const SoloSolution s = solve_solo(rules_, loadout);
    it = solved_.emplace(loadout.bits, std::shared_ptr<const SolvedPolicy>(table_policy(rules_, s))).first;
  }
  return *it->second;
}

const std::vector<double>& StrongSolutions::lifts() const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!lifts_.empty()) return lifts_;
  }
  std::vector<double> l(JOKER_NB, 0.0);
  SolverOptions o;
  o.thresholds = false;
  o.keep_table = false;
  const double none = solve_solo(rules_, {}, o).ev;
  for (int j = 0; j < JOKER_NB; ++j)
    if (rules_.jokers.has(static_cast<Joker>(j)))
      l[static_cast<size_t>(j)] = solve_solo(rules_, JokerSet{}.with(static_cast<Joker>(j)), o).ev - none;
  std::lock_guard<std::mutex> lock(mutex_);
  if (lifts_.empty()) lifts_ = std::move(l);
  return lifts_;
}

std::shared_ptr<const StrongSolutions> strong_solutions(const Rules& rules) {
  static std::mutex mutex;
  static std::vector<std::weak_ptr<const StrongSolutions>> made;
  std::lock_guard<std::mutex> lock(mutex);
  std::erase_if(made, [](const auto& w) { return w.expired(); });
  for (const auto& w : made)
    if (auto s = w.lock(); s && s->rules() == rules) return s;
  auto s = std::make_shared<const StrongSolutions>(rules);
  made.push_back(s);
  return s;
}

// ---- StrongPolicy ----

StrongPolicy::StrongPolicy(std::shared_ptr<const StrongSolutions> solutions, StrongParams params,
                           std::vector<JokerSet> loadouts, std::string name)
    : sol_(std::move(solutions)),
      p_(params),
      loadouts_(std::move(loadouts)),
      name_(std::move(name)),
      position_(params.stop, HeuristicParams{}, name_),
      id_(g_next_id.fetch_add(1)) {
  for (JokerSet l : loadouts_) pre_.push_back(&sol_->of(l));
}

const SolvedPolicy& StrongPolicy::solved(const TurnState& turn) const {
  // The first pass loadout holding the jokers whose solution has this state; else the
  // solution of the held jokers themselves (SolvedPolicy falls back to its threshold for a
  // state outside it). The order is fixed, so the answer never depends on what was cached.
  const TurnState c = canonical(sol_->rules(), turn);
  for (size_t i = 0; i < loadouts_.size(); ++i) {
    if (!loadouts_[i].contains(turn.held)) continue;
    const SolvedPolicy& sp = *pre_[i];
    if (c.phase == TurnPhase::Over || !std::isnan(sp.value(c))) return sp;
  }
  // The held jokers plus the spent ones the state still shows (a Ventil floor, Fumo's
  // doubling, Frostschutz uses): a turn starting with them reaches this state, one starting
  // with the held jokers alone may not.
  JokerSet traced = turn.held;
  if (turn.has_floor) traced = traced.with(VENTIL);
  if (turn.fumo_active || turn.fumo_gain != 0) traced = traced.with(FUMO);
  if (turn.frost_used > 0) traced = traced.with(FROSTSCHUTZ);
  traced = JokerSet{static_cast<u16>(traced.bits & sol_->rules().jokers.bits)};
  if (traced != turn.held) {
    const SolvedPolicy& sp = sol_->of(traced);
    if (!std::isnan(sp.value(c))) return sp;
  }
  return sol_->of(turn.held);
}

bool StrongPolicy::last_pass(const TurnView& v) const {
  const Rules& r = v.rules;
  if (r.passes == 1 && r.final_passes == 1) return true;
  if (!t_note.set || t_note.pass != t_note.passes - 1 || t_note.totals.size() != v.table.size()) return false;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (t_note.totals[k] != v.table[k].total) return false;
  return true;
}

bool StrongPolicy::exact_last_seat(const TurnView& v) const {
  if (v.solo() || v.still_to_play != 0 || !last_pass(v)) return false;
  const SeatView& me = v.table[static_cast<size_t>(v.self)];
  const int mine = standing(me.total, v.turn.eyes);
  int best = mine;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (static_cast<int>(k) != v.self) best = std::max(best, standing_of(v.table[k]));
  for (size_t k = 0; k < v.table.size(); ++k)  // the DP needs every other result known
    if (static_cast<int>(k) != v.self && v.table[k].status == Status::Jungfrau) return false;
  return best - mine <= p_.exact_deficit;
}

// The thread's solver for a view, and the view's table shifted to an own total of 0.
class StrongPolicy::LastSeat {
 public:
  LastSeat(const StrongPolicy& p, const TurnView& v) {
    const int own = v.table[static_cast<size_t>(v.self)].total;
    table_.assign(v.table.begin(), v.table.end());
    std::string key(reinterpret_cast<const char*>(&p.id_), sizeof p.id_);
    key += static_cast<char>(v.self);
    for (SeatView& s : table_) {
      s.total -= own;
      key += std::to_string(s.total) + (s.status == Status::Zombie ? 'z' : s.status == Status::Prinzessin ? 'p' : 'j') +
             (s.senigma_attacked ? 's' : '-');
    }
    auto& cache = t_cache.solvers;
    auto it = cache.find(key);
    if (it == cache.end()) {
      std::size_t total = 0;
      for (const auto& [k, s] : cache) total += s->states();
      if (total > kCacheStates || cache.size() >= kCacheSolvers) cache.clear();
      it = cache.emplace(key, std::make_unique<LastSeatSolver>(v.rules, table_, v.self, Goal::Win, v.turn,
                                                               p.p_.exact_states)).first;
    }
    solver_ = it->second.get();
  }
  const LastSeatSolver& solver() const { return *solver_; }
  std::span<const SeatView> table() const { return table_; }
  // Runs `ask` on the solver; on the safety cap the thread's cache is dropped and `fallback`
  // answers.
  template <class Ask, class Fallback>
  static auto guarded(Ask ask, Fallback fallback) -> decltype(fallback()) {
    try {
      return ask();
    } catch (const core::InputError&) {
      t_cache.solvers.clear();
      return fallback();
    }
  }

 private:
  std::vector<SeatView> table_;
  const LastSeatSolver* solver_ = nullptr;
};

Action StrongPolicy::decide(const TurnView& v) const {
  const SolvedPolicy& sp = solved(v.turn);
  if (v.solo()) return sp.decide(v);
  auto solver_action = [&] {
    const Action a = sp.decide(v);
    return a.kind == Action::UseJoker && !is_legal(v, a) ? Action::roll() : a;
  };
  if (exact_last_seat(v)) {
    return LastSeat::guarded(
        [&] {
          const LastSeat ls(*this, v);
          return ls.solver().best_action(v.turn, ls.table());
        },
        [&] { return solver_action().kind == Action::UseJoker ? solver_action() : Action::roll(); });
  }
  const Action a = solver_action();
  if (a.kind == Action::UseJoker) return a;
  const SeatView& me = v.table[static_cast<size_t>(v.self)];
  const int mine = standing(me.total, v.turn.eyes);
  if (v.still_to_play == 0 && last_pass(v)) {
    // The last seat of the last pass with a lead too large for the DP: only a sole lead wins.
    for (size_t k = 0; k < v.table.size(); ++k)
      if (static_cast<int>(k) != v.self && standing_of(v.table[k]) >= mine) return Action::roll();
    return Action::stop();
  }
  int known = 0, lead = 0;
  for (size_t k = 0; k < v.table.size(); ++k)
    if (static_cast<int>(k) != v.self && v.table[k].status != Status::Jungfrau)
      lead = known++ ? std::max(lead, standing_of(v.table[k])) : standing_of(v.table[k]);
  if (p_.target_leader) {
    // Play for the win: beat the best known standing by the margins, within floor and cap;
    // with nobody known yet (and not the last seat), the solver's stop.
    const int e = v.turn.eyes;
    if (e >= p_.stop.cap) return Action::stop();
    if (known == 0) return v.still_to_play > 0 ? a : Action::stop();
    if (e < p_.stop.floor) return Action::roll();
    return mine > lead + p_.stop.margin + p_.stop.margin_per_player * v.still_to_play ? Action::stop()
                                                                                      : Action::roll();
  }
  const int k = p_.stop.k > 0 ? p_.stop.k : v.rules.losers_at_least;
  // Nobody to beat yet (and not the last seat): eyes are all that count, the solver's stop.
  if (known < k && v.still_to_play > 0) return v.turn.eyes >= p_.stop.cap ? Action::stop() : a;
  return position_stops(p_.stop, 0, v) ? Action::stop() : Action::roll();
}

namespace {
// The last-seat DP's answer to an inner choice when the view is the exact last seat, else
// the solver's.
template <class Exact, class Solo>
bool choose(const StrongPolicy& p, const TurnView& v, Exact exact, Solo solo) {
  if (!p.exact_last_seat(v)) return solo();
  return exact();
}
}  // namespace

#define VERFLIXT_STRONG_CHOICE(JOKER, CHOICE, SOLO_CALL)                                                         \
  choose(                                                                                                      \
      *this, v,                                                                                                \
      [&] {                                                                                                    \
        return LastSeat::guarded(                                                                              \
            [&] {                                                                                              \
              const LastSeat ls(*this, v);                                                                     \
              return ls.solver().inner_choice(v.turn, ls.table(), JOKER, CHOICE);                              \
            },                                                                                                 \
            [&] { return solved(v.turn).SOLO_CALL; });                                                         \
      },                                                                                                       \
      [&] { return solved(v.turn).SOLO_CALL; })

bool StrongPolicy::anaconda_fight(const TurnView& v, int attack) const {
  return VERFLIXT_STRONG_CHOICE(ANACONDA, (InnerChoice{InnerChoice::AnacondaFight, attack}), anaconda_fight(v, attack));
}
bool StrongPolicy::rattenlord_retreat(const TurnView& v, int left) const {
  return VERFLIXT_STRONG_CHOICE(RATTENLORD, (InnerChoice{InnerChoice::RattenlordRetreat, left}),
                                rattenlord_retreat(v, left));
}
bool StrongPolicy::monokel_rethrow(const TurnView& v, int index, int face, int kept) const {
  return VERFLIXT_STRONG_CHOICE(MONOKEL, (InnerChoice{InnerChoice::MonokelRethrow, index, face, kept}),
                                monokel_rethrow(v, index, face, kept));
}
bool StrongPolicy::senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const {
  return VERFLIXT_STRONG_CHOICE(SENIGMA, (InnerChoice{InnerChoice::SenigmaCounter, round, attack, won, lost}),
                                senigma_counter(v, round, attack, won, lost));
}
#undef VERFLIXT_STRONG_CHOICE

bool StrongPolicy::use_runkelrueb(const TurnView& v) const {
  if (exact_last_seat(v))
    return LastSeat::guarded(
        [&] {
          const LastSeat ls(*this, v);
          return ls.solver().use_runkelrueb(v.turn, ls.table());
        },
        [&] { return solved(v.turn).use_runkelrueb(v); });
  return solved(v.turn).use_runkelrueb(v);
}

bool StrongPolicy::use_fumo_reentry(const TurnView& v) const {
  if (exact_last_seat(v))
    return LastSeat::guarded(
        [&] {
          const LastSeat ls(*this, v);
          return ls.solver().use_fumo_reentry(v.turn, ls.table());
        },
        [&] { return solved(v.turn).use_fumo_reentry(v); });
  return solved(v.turn).use_fumo_reentry(v);
}

int StrongPolicy::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  if (exact_last_seat(v))
    return LastSeat::guarded(
        [&] {
          const LastSeat ls(*this, v);
          return ls.solver().best_victim(v.turn, ls.table(), amount, candidates);
        },
        [&] { return position_.choose_victim(v, amount, candidates); });
  return position_.choose_victim(v, amount, candidates);
}

int StrongPolicy::senigma_target(const TurnView& v, std::span<const int> candidates) const {
  if (exact_last_seat(v))
    return LastSeat::guarded(
        [&] {
          const LastSeat ls(*this, v);
          return ls.solver().best_senigma_target(v.turn, ls.table(), candidates);
        },
        [&] { return position_.senigma_target(v, candidates); });
  return position_.senigma_target(v, candidates);
}

// ---- The selector ----

StrongSelector::StrongSelector(std::shared_ptr<const StrongSolutions> solutions) : sol_(std::move(solutions)) {
  const std::vector<double>& lift = sol_->lifts();
  for (int j = 0; j < JOKER_NB; ++j)
    if (sol_->rules().jokers.has(static_cast<Joker>(j)) && lift[static_cast<size_t>(j)] > 0)
      ranking_.push_back(static_cast<Joker>(j));
  std::stable_sort(ranking_.begin(), ranking_.end(),
                   [&](Joker a, Joker b) { return lift[a] > lift[b]; });  // ties: rule order
}

namespace {
// The jokers pass `pass` of `passes` takes from `ranked` (strongest first, all available),
// with `budget` selections left this evening (see StrongSelector).
JokerSet plan_pass(const std::vector<Joker>& ranked, int per_pass, int budget, int pass, int passes) {
  const int later = std::min(budget, per_pass * (passes - pass - 1));
  const int take = std::max(0, std::min(per_pass, budget - later));
  JokerSet s;
  for (int i = later; i < later + take && i < static_cast<int>(ranked.size()); ++i)
    s = s.with(ranked[static_cast<size_t>(i)]);
  return s;
}
}  // namespace

JokerSet StrongSelector::planned(int pass, int passes) const {
  const Rules& r = sol_->rules();
  return plan_pass(ranking_, r.jokers_per_pass, r.jokers_per_evening, pass, passes);
}

Selection StrongSelector::select(const SelectionView& v) const {
  note_pass(v.pass, v.passes, v.totals);
  std::vector<Joker> ranked;
  for (Joker j : ranking_)
    if (v.available.has(j)) ranked.push_back(j);
  // Selections left: every joker this player selected is no longer available (P2), and
  // only his own selections remove jokers from his list.
  int used = 0;
  for (int j = 0; j < JOKER_NB; ++j)
    used += v.rules.jokers.has(static_cast<Joker>(j)) && !v.available.has(static_cast<Joker>(j));
  const int budget = v.available.empty() ? 0 : std::max(0, v.rules.jokers_per_evening - used);
  return {plan_pass(ranked, v.rules.jokers_per_pass, budget, v.pass, v.passes), false};
}

namespace {
class PassNoting final : public Selector {
 public:
  explicit PassNoting(std::unique_ptr<Selector> inner) : inner_(std::move(inner)) {}
  Selection select(const SelectionView& v) const override {
    note_pass(v.pass, v.passes, v.totals);
    return inner_ ? inner_->select(v) : Selection{};
  }

 private:
  std::unique_ptr<Selector> inner_;
};
}  // namespace

std::unique_ptr<Selector> with_pass_context(std::unique_ptr<Selector> inner) {
  return std::make_unique<PassNoting>(std::move(inner));
}

// ---- Construction and files ----

std::unique_ptr<StrongPolicy> make_strong_policy(const Rules& rules, JokerSet loadout, const StrongParams& params,
                                                 std::string name) {
  return std::make_unique<StrongPolicy>(strong_solutions(rules), params, std::vector<JokerSet>{loadout},
                                        std::move(name));
}

namespace {
std::vector<JokerSet> planned_loadouts(const StrongSelector& sel, const Rules& rules) {
  std::vector<JokerSet> out;
  for (int passes : {rules.passes, rules.final_passes})
    for (int p = passes - 1; p >= 0; --p) {
      const JokerSet l = sel.planned(p, passes);
      if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
    }
  return out;
}
}  // namespace

std::unique_ptr<StrongPolicy> make_strong_evening_policy(const Rules& rules, const StrongParams& params,
                                                         std::string name) {
  auto sol = strong_solutions(rules);
  const StrongSelector sel(sol);
  return std::make_unique<StrongPolicy>(sol, params, planned_loadouts(sel, rules), std::move(name));
}

std::unique_ptr<StrongSelector> make_strong_selector(const Rules& rules) {
  return std::make_unique<StrongSelector>(strong_solutions(rules));
}

StrongParams read_strong(std::istream& in, const std::string& source) {
  StrongParams p;
  const std::vector<std::string> known = {"policy.kind",     "position.k",     "position.margin",
                                          "position.margin_per_player", "position.floor", "position.cap",
                                          "position.last_seat_safe", "position.rob", "position.target",
                                          "last_seat.exact_deficit"};
  for (const auto& [key, value, where] : core::read_ini(in, source, known)) {
    if (key == "policy.kind") {
      if (value != "strong") throw core::InputError(where + ": policy.kind = '" + value + "' is not a strong policy");
    } else if (key == "position.k") p.stop.k = core::parse_int(value, key, where, 0, 11);
    else if (key == "position.margin") p.stop.margin = core::parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.margin_per_player") p.stop.margin_per_player = core::parse_int(value, key, where, 0, 100);
    else if (key == "position.floor") p.stop.floor = core::parse_int(value, key, where, -kPolicyEyesLimit, kPolicyEyesLimit);
    else if (key == "position.cap") p.stop.cap = core::parse_int(value, key, where, 1, kPolicyEyesLimit);
    else if (key == "position.last_seat_safe") p.stop.last_seat_safe = core::parse_bool(value, key, where);
    else if (key == "position.rob") p.stop.rob_leader = core::parse_choice(value, key, where, {"leader", "richest"}) == 0;
    else if (key == "last_seat.exact_deficit") p.exact_deficit = core::parse_int(value, key, where, 0, 200);
    else if (key == "position.target") p.target_leader = core::parse_choice(value, key, where, {"losers", "leader"}) == 1;
  }
  if (p.stop.floor > p.stop.cap)
    throw core::InputError(source + ": position.floor = " + std::to_string(p.stop.floor) + " is above position.cap = " +
                     std::to_string(p.stop.cap) + "; valid: floor <= cap");
  return p;
}

std::string strong_file(const StrongParams& p, const std::string& header) {
  std::ostringstream s;
  s << header << "\n[policy]\n# Which reader this file is for: strong (strong_policy.h).\nkind = strong\n\n"
    << "# The stop rule between the first seats (solver's stop) and the last seat of the last pass\n"
    << "# (exact DP), as a position policy's (position.h); jokers are always the solver's.\n[position]\n"
    << "# Beat the k-th lowest known standing (0 = the rules' losers_at_least, P3).\nk = " << p.stop.k << "\n"
    << "# ... by more than this many eyes.\nmargin = " << p.stop.margin << "\n"
    << "# ... plus this many per Jungfrau still to play.\nmargin_per_player = " << p.stop.margin_per_player << "\n"
    << "# Never stop below this many pass eyes (unless the last seat is already safe).\nfloor = " << p.stop.floor
    << "\n# Always stop at this many pass eyes or more (not in the exact last seat).\ncap = " << p.stop.cap << "\n"
    << "# Last seat of an earlier pass: stop as soon as not among the losers.\nlast_seat_safe = "
    << (p.stop.last_seat_safe ? "true" : "false") << "\n"
    << "# What to beat: losers (the k-th lowest known standing, as a position policy) or leader\n"
    << "# (the best known standing; k is then unused).\ntarget = " << (p.target_leader ? "leader" : "losers") << "\n"
    << "# Robbing victim outside the exact last seat: leader or richest.\nrob = "
    << (p.stop.rob_leader ? "leader" : "richest") << "\n\n[last_seat]\n"
    << "# Last seat of the last pass: the exact DP when the lead to catch is at most this many eyes\n"
    << "# (else roll until sole leader). 0..200.\nexact_deficit = " << p.exact_deficit << "\n";
  return s.str();
}

std::unique_ptr<Policy> make_strong_policy_file(std::istream& in, const std::string& source, const Rules& rules) {
  return make_strong_evening_policy(rules, read_strong(in, source), source);
}

}  // namespace verflixt::verflixte6

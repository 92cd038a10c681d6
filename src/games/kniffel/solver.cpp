#include "verflixt/games/kniffel/solver.h"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <map>
#include <stdexcept>

#include "verflixt/core/chance.h"

namespace verflixt::kniffel {

DiceTable::DiceTable() {
  // Every multiset of 0..5 dice, by size: a keep's bigger keeps have larger ids, so one pass
  // from the last id down computes every keep value from those above it.
  std::map<Hand, int> ids;
  for (int n = 0; n <= kDice; ++n)
    for (const auto& m : core::dice_multisets(n, kFaces)) {
      Hand h{};
      std::copy(m.outcome.counts.begin(), m.outcome.counts.end(), h.begin());
      ids.emplace(h, static_cast<int>(hands_.size()));
      hands_.push_back(h);
      probability_.push_back(n == kDice ? m.probability : 0.0);
      if (n == kDice) throws_.push_back(static_cast<int>(hands_.size()) - 1);
    }
  plus_.resize(hands_.size());
  keeps_.resize(hands_.size());
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    for (int f = 0; f < kFaces; ++f) {
      Hand h = hands_[i];
      ++h[static_cast<std::size_t>(f)];
      const auto it = ids.find(h);
      plus_[i][static_cast<std::size_t>(f)] = it == ids.end() ? -1 : it->second;
    }
  }
  for (int t : throws_) {
    const Hand& h = hands_[static_cast<std::size_t>(t)];
    std::vector<int>& out = keeps_[static_cast<std::size_t>(t)];
    Hand k{};
    // Every sub-multiset: each face kept 0..count times.
    const auto visit = [&](auto&& self, int f) -> void {
      if (f == kFaces) return out.push_back(ids.at(k));
      for (int c = 0; c <= h[static_cast<std::size_t>(f)]; ++c) {
        k[static_cast<std::size_t>(f)] = c;
        self(self, f + 1);
      }
      k[static_cast<std::size_t>(f)] = 0;
    };
    visit(visit, 0);
  }
}

const DiceTable& DiceTable::get() {
  static const DiceTable table;
  return table;
}

int DiceTable::id(const Hand& h) const {
  const auto it = std::find(hands_.begin(), hands_.end(), h);
  if (it == hands_.end()) throw std::invalid_argument("kniffel: not a hand of at most five dice");
  return static_cast<int>(it - hands_.begin());
}

std::vector<bool> reachable_uppers(unsigned upper_filled, int cap) {
  std::vector<bool> can(static_cast<std::size_t>(cap) + 1, false);
  can[0] = true;
  for (int face = 1; face <= kFaces; ++face) {
    if (!(upper_filled >> (face - 1) & 1)) continue;
    std::vector<bool> next(can.size(), false);
    for (int u = 0; u <= cap; ++u)
      if (can[static_cast<std::size_t>(u)])
        for (int k = 0; k <= kDice; ++k) next[static_cast<std::size_t>(std::min(cap, u + k * face))] = true;
    can = std::move(next);
  }
  return can;
}

namespace {

// What each throw of five scores in each category, plain and as a joker, and its five-of-a-
// kind face: computed once through score(), read by every sheet.
struct ThrowScores {
  std::vector<std::array<int, kCategories>> plain, joker;
  std::vector<int> kniffel_face;
};

const ThrowScores& throw_scores(const KniffelRules& r) {
  thread_local KniffelRules cached_rules{};
  thread_local ThrowScores cached;
  thread_local bool ready = false;
  if (ready && cached_rules == r) return cached;
  const DiceTable& t = DiceTable::get();
  cached = {};
  cached.plain.resize(static_cast<std::size_t>(t.count()));
  cached.joker.resize(static_cast<std::size_t>(t.count()));
  cached.kniffel_face.assign(static_cast<std::size_t>(t.count()), -1);
  for (int id : t.throws()) {
    const Hand& h = t.hand(id);
    for (int c = 0; c < kCategories; ++c) {
      cached.plain[static_cast<std::size_t>(id)][static_cast<std::size_t>(c)] = score(h, static_cast<Category>(c), r);
      cached.joker[static_cast<std::size_t>(id)][static_cast<std::size_t>(c)] = score(h, static_cast<Category>(c), r, true);
    }
    for (int f = 0; f < kFaces; ++f)
      if (h[static_cast<std::size_t>(f)] == kDice) cached.kniffel_face[static_cast<std::size_t>(id)] = f;
  }
  cached_rules = r;
  ready = true;
  return cached;
}

}  // namespace

KniffelSolution::KniffelSolution(const KniffelRules& rules, int threads)
    : rules_(rules), uppers_(rules.bonus_threshold + 1) {
  validate(rules_);
  const auto t0 = std::chrono::steady_clock::now();
  values_.assign((std::size_t{1} << kCategories) * static_cast<std::size_t>(uppers_) * 2, 0.0);
  if (threads <= 0) threads = omp_get_max_threads();
  for (int filled = kCategories - 1; filled >= 0; --filled) solve_layer(filled, threads);
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

KniffelSolution::KniffelSolution(const KniffelRules& rules, std::vector<double> values)
    : rules_(rules), uppers_(rules.bonus_threshold + 1), values_(std::move(values)) {
  validate(rules_);
  if (values_.size() != (std::size_t{1} << kCategories) * static_cast<std::size_t>(uppers_) * 2)
    throw std::invalid_argument("kniffel: a solution of other rules");
}

std::size_t KniffelSolution::index(const Sheet& s) const {
  // The flag matters only for the Kniffel bonus: without one, both read the same value.
  const bool flag = s.kniffel_scored && rules_.kniffel_bonus > 0;
  return (static_cast<std::size_t>(s.filled) * static_cast<std::size_t>(uppers_) + static_cast<std::size_t>(s.upper)) * 2 +
         (flag ? 1 : 0);
}

double KniffelSolution::value(const Sheet& sheet) const {
  return sheet.done() ? 0.0 : values_[index(sheet)];
}

void KniffelSolution::solve_layer(int filled_count, int threads) {
  // Every sheet with `filled_count` categories filled whose upper total can occur.
  std::vector<Sheet> sheets;
  for (unsigned mask = 0; mask < (1u << kCategories); ++mask) {
    if (std::popcount(mask) != filled_count) continue;
    const std::vector<bool> can = reachable_uppers(mask & 0x3f, rules_.bonus_threshold);
    const bool flags = (mask >> Kniffel & 1) && rules_.kniffel_bonus > 0 && rules_.kniffel > 0;
    for (int u = 0; u < uppers_; ++u) {
      if (!can[static_cast<std::size_t>(u)]) continue;
      for (int flag = 0; flag <= (flags ? 1 : 0); ++flag)
        sheets.push_back(Sheet{static_cast<std::uint16_t>(mask), u, flag == 1});
    }
  }
  std::vector<double> out(sheets.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads)
  for (std::size_t i = 0; i < sheets.size(); ++i) out[i] = turn_start(sheets[i]);
  for (std::size_t i = 0; i < sheets.size(); ++i) values_[index(sheets[i])] = out[i];
  solved_ += sheets.size();
}

namespace {

// The value after the last throw shows each hand: the best category by worth(its points, the
// sheet after it) (`best`, when asked, receives the category).
template <class Worth>
void last_throw(const Sheet& sheet, const KniffelRules& r, Worth worth, std::vector<double>& e, std::vector<int>* best) {
  const DiceTable& t = DiceTable::get();
  const ThrowScores& sc = throw_scores(r);
  for (int id : t.throws()) {
    const auto i = static_cast<std::size_t>(id);
    const int face = sc.kniffel_face[i];
    const bool joker = joker_applies(sheet, face, r);
    const std::uint16_t mask = allowed_mask(sheet, face, r);
    double v = -1;
    int arg = -1;
    for (int c = 0; c < kCategories; ++c) {
      if (!(mask >> c & 1)) continue;
      const int points = (joker ? sc.joker : sc.plain)[i][static_cast<std::size_t>(c)];
      const Scored s = settle(sheet, static_cast<Category>(c), points, face >= 0, r);
      const double x = worth(s.points, s.after);
      if (x > v) v = x, arg = c;
    }
    e[i] = v;
    if (best) (*best)[i] = arg;
  }
}

// The values of every keep when the next throw's hands are worth `e`: a full keep is worth
// its hand; a smaller one the mean over one more die.
void keep_values(const std::vector<double>& e, std::vector<double>& kv) {
  const DiceTable& t = DiceTable::get();
  for (int id = t.count() - 1; id >= 0; --id) {
    const auto i = static_cast<std::size_t>(id);
    if (t.size(id) == kDice) {
      kv[i] = e[i];
      continue;
    }
    double s = 0;
    for (int f = 0; f < kFaces; ++f) s += kv[static_cast<std::size_t>(t.plus(id, f))];
    kv[i] = s / kFaces;
  }
}

// The value of each hand shown when the best keep is worth `kv` (`best` receives the keep).
void best_keeps(const std::vector<double>& kv, std::vector<double>& e, std::vector<int>* best) {
  const DiceTable& t = DiceTable::get();
  for (int id : t.throws()) {
    double v = -1;
    int arg = -1;
    for (int k : t.keeps(id))
      if (kv[static_cast<std::size_t>(k)] > v) v = kv[static_cast<std::size_t>(k)], arg = k;
    e[static_cast<std::size_t>(id)] = v;
    if (best) (*best)[static_cast<std::size_t>(id)] = arg;
  }
}

}  // namespace

double KniffelSolution::turn_start(const Sheet& sheet) const {
  const auto n = static_cast<std::size_t>(DiceTable::get().count());
  thread_local std::vector<double> e, kv;
  e.assign(n, 0.0);
  kv.assign(n, 0.0);
  last_throw(sheet, rules_, [this](int points, const Sheet& s) { return points + value(s); }, e, nullptr);
  for (int t = rules_.throws - 1; t >= 1; --t) {
    keep_values(e, kv);
    best_keeps(kv, e, nullptr);
  }
  keep_values(e, kv);
  return kv[0];  // the empty keep: the first throw of all five dice
}

TurnPlan plan_turn(const Sheet& sheet, const KniffelRules& rules, const std::function<double(const Sheet&)>& value_of) {
  return plan_turn_for(sheet, rules, [&](int points, const Sheet& after) { return points + value_of(after); });
}

TurnPlan plan_turn_for(const Sheet& sheet, const KniffelRules& rules, const std::function<double(int, const Sheet&)>& worth) {
  const auto n = static_cast<std::size_t>(DiceTable::get().count());
  const auto throws = static_cast<std::size_t>(rules.throws);
  TurnPlan p;
  p.value.assign(throws, std::vector<double>(n, 0.0));
  p.keep.assign(throws, std::vector<int>(n, -1));
  p.category.assign(n, -1);
  std::vector<double> kv(n, 0.0);
  last_throw(sheet, rules, worth, p.value[throws - 1], &p.category);
  for (std::size_t t = throws - 1; t >= 1; --t) {
    keep_values(p.value[t], kv);
    best_keeps(kv, p.value[t - 1], &p.keep[t - 1]);
  }
  keep_values(p.value[0], kv);
  p.start = kv[0];
  return p;
}

TurnPlan KniffelSolution::plan(const Sheet& sheet) const {
  return plan_turn(sheet, rules_, [this](const Sheet& s) { return value(s); });
}

double KniffelSolution::category_value(const Sheet& sheet, const Hand& h, Category c) const {
  const Scored s = score_in(sheet, h, c, rules_);
  return s.points + value(s.after);
}

double KniffelSolution::keep_value(const Sheet& sheet, const Hand& keep, int throws_done) const {
  if (throws_done < 1 || throws_done >= rules_.throws) throw std::invalid_argument("kniffel: no throw left to keep for");
  const TurnPlan p = plan(sheet);
  std::vector<double> kv(static_cast<std::size_t>(DiceTable::get().count()), 0.0);
  keep_values(p.value[static_cast<std::size_t>(throws_done)], kv);
  return kv[static_cast<std::size_t>(DiceTable::get().id(keep))];
}

}  // namespace verflixt::kniffel

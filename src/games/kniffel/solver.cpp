#include "verflixt/games/kniffel/solver.h"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <map>
#include <stdexcept>

#include "verflixt/core/budget.h"
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

// The value of the hand `id` after the last throw: the best category by worth(its points, the
// sheet after it), the first of equal ones (`arg` receives it). The rules' own functions decide
// where the hand may go and what it adds, so this is the definition the batch below must meet.
template <class Worth>
double best_category(const Sheet& sheet, const KniffelRules& r, const ThrowScores& sc, int id, Worth&& worth, int& arg) {
  const auto i = static_cast<std::size_t>(id);
  const int face = sc.kniffel_face[i];
  const bool joker = joker_applies(sheet, face, r);
  const std::uint16_t mask = allowed_mask(sheet, face, r);
  double v = -1;
  arg = -1;
  for (int c = 0; c < kCategories; ++c) {
    if (!(mask >> c & 1)) continue;
    const int points = (joker ? sc.joker : sc.plain)[i][static_cast<std::size_t>(c)];
    const Scored s = settle(sheet, static_cast<Category>(c), points, face >= 0, r);
    const double x = worth(s.points, s.after);
    if (x > v) v = x, arg = c;
  }
  return v;
}

// The value after the last throw shows each hand (`best`, when asked, receives the category).
template <class Worth>
void last_throw(const Sheet& sheet, const KniffelRules& r, Worth worth, std::vector<double>& e, std::vector<int>* best) {
  const ThrowScores& sc = throw_scores(r);
  for (int id : DiceTable::get().throws()) {
    int arg = -1;
    e[static_cast<std::size_t>(id)] = best_category(sheet, r, sc, id, worth, arg);
    if (best) (*best)[static_cast<std::size_t>(id)] = arg;
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

// The value of each hand shown when the best keep is worth `kv` (`best` receives the keep:
// the first of equal ones in the order of DiceTable::keeps, which the policies play).
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

// ---- The solve: sheets in batches ----
//
// The solve needs only each sheet's value, not its decisions, so it takes three shortcuts
// that change no bit of a value. (1) The sheets of one set of filled categories play the same
// turn over the same 462 multisets and differ only in what the categories are worth; they are
// solved kLanes at a time, one sheet to each element of a vector, so every sum is the scalar
// sum in the scalar order, the division too (IEEE division is correctly rounded in a vector as
// well), and no FMA is formed (-ffp-contract=off). (2) A hand's best keep is the largest value
// among its sub-multisets; that maximum is built up through the multisets by size (each
// multiset's own value or the best of those with one die fewer: 1,260 comparisons instead of
// 4,368), and a maximum does not depend on the order it is taken in. (3) After the last throw a
// hand that is no five of a kind may go in any open box at its plain score and changes the
// sheet after it only by the box (and the upper total, by the count of that face): what each box
// is then worth is looked up once per sheet. The six five-of-a-kind hands, where the bonus and
// the joker decide, go through best_category, which plan_turn uses for every hand.

// A batch is as many sheets as one vector register of the build holds doubles: eight on
// AVX-512, four on AVX, two on SSE2 (and other processors' 16-byte vectors). Wider vectors than
// the build's own would be taken apart by GCC, a compare and select of doubles lane by lane
// through memory. A set of filled categories holds 1 to 128 sheets, so a batch is sometimes
// short: with eight lanes, 3.5% of the lanes of the yahtzee solve play a copy of the first
// sheet. The values do not depend on the width: each lane is one sheet's scalar computation.
#if defined(__AVX512F__)
inline constexpr int kLanes = 8;
#elif defined(__AVX__)
inline constexpr int kLanes = 4;
#else
inline constexpr int kLanes = 2;
#endif
using Lanes = double __attribute__((vector_size(kLanes * sizeof(double))));

// The steps of the two chains over the multisets, as flat arrays. DiceTable numbers the
// multisets by size, so the keeps of fewer than five dice come first and one more die always
// leads to a larger id.
struct KeepSteps {
  int count = 0;       // 462 multisets
  int first_full = 0;  // the first multiset of five dice: 210
  std::vector<std::array<std::uint16_t, kFaces>> plus;  // [id < first_full][face]: one die more
  std::vector<std::uint16_t> fewer_first, fewer;        // the multisets of one die fewer, per id

  static const KeepSteps& get() {
    static const KeepSteps steps = [] {
      const DiceTable& t = DiceTable::get();
      KeepSteps k;
      k.count = t.count();
      k.first_full = t.throws().front();
      for (int id = 0; id < k.first_full; ++id) {
        std::array<std::uint16_t, kFaces> p{};
        for (int f = 0; f < kFaces; ++f) p[static_cast<std::size_t>(f)] = static_cast<std::uint16_t>(t.plus(id, f));
        k.plus.push_back(p);
      }
      std::vector<std::vector<std::uint16_t>> fewer(static_cast<std::size_t>(k.count));
      for (int id = 0; id < k.first_full; ++id)
        for (int f = 0; f < kFaces; ++f) fewer[static_cast<std::size_t>(t.plus(id, f))].push_back(static_cast<std::uint16_t>(id));
      for (const auto& list : fewer) {
        k.fewer_first.push_back(static_cast<std::uint16_t>(k.fewer.size()));
        k.fewer.insert(k.fewer.end(), list.begin(), list.end());
      }
      k.fewer_first.push_back(static_cast<std::uint16_t>(k.fewer.size()));
      return k;
    }();
    return steps;
  }
};

// The throws as the batch reads them under one ruleset: those that are no five of a kind with
// the count of each face (their upper scores) and their lower scores, and the five of a kind.
struct ThrowTable {
  static constexpr int kLower = kCategories - ThreeOfAKind;
  struct Plain {
    std::uint16_t id = 0;
    std::array<std::uint8_t, kFaces> count{};
    std::array<double, kLower> lower{};
  };
  std::vector<Plain> plain;
  std::vector<int> five;

  explicit ThrowTable(const ThrowScores& sc) {
    const DiceTable& t = DiceTable::get();
    for (int id : t.throws()) {
      const auto i = static_cast<std::size_t>(id);
      if (sc.kniffel_face[i] >= 0) {
        five.push_back(id);
        continue;
      }
      Plain p;
      p.id = static_cast<std::uint16_t>(id);
      for (int f = 0; f < kFaces; ++f) p.count[static_cast<std::size_t>(f)] = static_cast<std::uint8_t>(t.hand(id)[static_cast<std::size_t>(f)]);
      for (int c = ThreeOfAKind; c < kCategories; ++c)
        p.lower[static_cast<std::size_t>(c - ThreeOfAKind)] = sc.plain[i][static_cast<std::size_t>(c)];
      plain.push_back(p);
    }
  }
};

// The values of a keep level from the level after it (keep_values): each keep of fewer than
// five dice the mean over one more die, summed face by face. keep_values starts its sum at 0;
// 0 + x is x for every value here (none is -0), so the sum starts at the first face instead.
void keep_chain(Lanes* v) {
  const KeepSteps& ks = KeepSteps::get();
  for (int id = ks.first_full - 1; id >= 0; --id) {
    const auto& p = ks.plus[static_cast<std::size_t>(id)];
    Lanes s = v[p[0]];
    for (int f = 1; f < kFaces; ++f) s += v[p[static_cast<std::size_t>(f)]];
    v[id] = s / static_cast<double>(kFaces);
  }
}

// The best keep of every multiset (best_keeps): the largest value among its sub-multisets.
void max_chain(Lanes* v) {
  const KeepSteps& ks = KeepSteps::get();
  for (int id = 1; id < ks.count; ++id) {
    Lanes m = v[id];
    for (int j = ks.fewer_first[static_cast<std::size_t>(id)]; j < ks.fewer_first[static_cast<std::size_t>(id) + 1]; ++j) {
      const Lanes x = v[ks.fewer[static_cast<std::size_t>(j)]];
      m = m > x ? m : x;
    }
    v[id] = m;
  }
}

// The values of `n` (1..kLanes) sheets with the same filled categories, into out[0..n):
// v holds one vector per multiset (kept in place: a level's keeps overwrite the one before).
template <class ValueOf>
void solve_sheets(const Sheet* sheets, int n, const KniffelRules& r, const ThrowScores& sc, const ThrowTable& tt,
                  ValueOf&& value_of, Lanes* v, double* out) {
  // A lane past n plays the first sheet again; its value is not read.
  const auto sheet = [&](int lane) -> const Sheet& { return sheets[lane < n ? lane : 0]; };
  int upper[kFaces], lower[ThrowTable::kLower], uppers = 0, lowers = 0;
  for (int c = 0; c < kCategories; ++c)
    if (sheets[0].open(c)) (is_upper(c) ? upper[uppers++] : lower[lowers++]) = c;
  // What each open box adds to a hand that is no five of a kind: for an upper box, its points
  // and bonus and the sheet after, by the count of its face; for a lower one, the sheet after.
  Lanes up[kFaces][kDice + 1], low[ThrowTable::kLower];
  for (int lane = 0; lane < kLanes; ++lane) {
    for (int i = 0; i < uppers; ++i)
      for (int k = 0; k <= kDice; ++k) {
        const Scored s = settle(sheet(lane), static_cast<Category>(upper[i]), (upper[i] + 1) * k, false, r);
        up[upper[i]][k][lane] = s.points + value_of(s.after);
      }
    for (int i = 0; i < lowers; ++i)
      low[lower[i] - ThreeOfAKind][lane] = value_of(settle(sheet(lane), static_cast<Category>(lower[i]), 0, false, r).after);
  }
  const Lanes none = Lanes{} - 1.0;
  for (const ThrowTable::Plain& p : tt.plain) {
    Lanes best = none;
    for (int i = 0; i < uppers; ++i) {
      const Lanes x = up[upper[i]][p.count[static_cast<std::size_t>(upper[i])]];
      best = x > best ? x : best;
    }
    for (int i = 0; i < lowers; ++i) {
      const Lanes x = p.lower[static_cast<std::size_t>(lower[i] - ThreeOfAKind)] + low[lower[i] - ThreeOfAKind];
      best = x > best ? x : best;
    }
    v[p.id] = best;
  }
  for (int id : tt.five)
    for (int lane = 0; lane < kLanes; ++lane) {
      int arg = -1;
      v[id][lane] = best_category(sheet(lane), r, sc, id, [&](int points, const Sheet& s) { return points + value_of(s); }, arg);
    }
  for (int t = r.throws - 1; t >= 1; --t) {
    keep_chain(v);
    max_chain(v);
  }
  keep_chain(v);
  for (int lane = 0; lane < n; ++lane) out[lane] = v[0][lane];  // the empty keep: the first throw
}

}  // namespace

KniffelSolution::KniffelSolution(const KniffelRules& rules, int threads)
    : rules_(rules), uppers_(rules.bonus_threshold + 1) {
  validate(rules_);
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t n = (std::size_t{1} << kCategories) * static_cast<std::size_t>(uppers_) * 2;
  core::will_allocate(n * sizeof(double), "the Kniffel solution");
  values_.assign(n, 0.0);
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
  core::checkpoint();  // a request's deadline and memory (core/budget.h)
  // Every sheet with `filled_count` categories filled whose upper total can occur, in batches
  // of at most kLanes sheets of one set of filled categories. The upper totals depend only on
  // the upper categories filled: 64 sets.
  std::array<std::vector<bool>, 1u << kFaces> can;
  for (unsigned upper = 0; upper < can.size(); ++upper) can[upper] = reachable_uppers(upper, rules_.bonus_threshold);
  std::vector<Sheet> sheets;
  std::vector<std::pair<std::size_t, int>> batches;  // first sheet, count
  for (unsigned mask = 0; mask < (1u << kCategories); ++mask) {
    if (std::popcount(mask) != filled_count) continue;
    const std::vector<bool>& reachable = can[mask & ((1u << kFaces) - 1)];
    const bool flags = (mask >> Kniffel & 1) && rules_.kniffel_bonus > 0 && rules_.kniffel > 0;
    const std::size_t first = sheets.size();
    for (int u = 0; u < uppers_; ++u) {
      if (!reachable[static_cast<std::size_t>(u)]) continue;
      for (int flag = 0; flag <= (flags ? 1 : 0); ++flag)
        sheets.push_back(Sheet{static_cast<std::uint16_t>(mask), u, flag == 1});
    }
    for (std::size_t b = first; b < sheets.size(); b += kLanes)
      batches.emplace_back(b, static_cast<int>(std::min<std::size_t>(kLanes, sheets.size() - b)));
  }
  const ThrowScores& sc = throw_scores(rules_);
  const ThrowTable tt(sc);
  const auto value_of = [this](const Sheet& s) { return value(s); };
  // Each batch's sheets read only the layer after this one and write only their own values,
  // so the batches may run in any order on any thread. Nothing may throw inside the region:
  // a spent budget skips the remaining batches and the checkpoint after it reports it.
  const core::Budget* budget = core::Budget::current();
#pragma omp parallel num_threads(threads)
  {
    const core::Budget::Scope scope(budget);
    std::vector<Lanes> v(static_cast<std::size_t>(KeepSteps::get().count));
    double out[kLanes];
#pragma omp for schedule(dynamic, 1)
    for (std::size_t b = 0; b < batches.size(); ++b) {
      if (core::budget_spent()) continue;
      const auto [first, count] = batches[b];
      solve_sheets(&sheets[first], count, rules_, sc, tt, value_of, v.data(), out);
      for (int i = 0; i < count; ++i) values_[index(sheets[first + static_cast<std::size_t>(i)])] = out[i];
    }
  }
  core::checkpoint();
  solved_ += sheets.size();
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

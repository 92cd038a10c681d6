#include "verflixt/games/en_gingg/game.h"

#include <algorithm>

#include "verflixt/core/error.h"

namespace verflixt::en_gingg {

int dice_in(const DiceCounts& c) {
  int n = 0;
  for (int k : c) n += k;
  return n;
}

int pips(const DiceCounts& c) {
  int s = 0;
  for (int f = 0; f < kMaxFaces; ++f) s += (f + 1) * c[f];
  return s;
}

std::string dice_text(const DiceCounts& c) {
  std::string s;
  for (int f = kMaxFaces; f >= 1; --f)
    for (int k = 0; k < c[f - 1]; ++k) s += (s.empty() ? "" : " ") + std::to_string(f);
  return s.empty() ? "-" : s;
}

DiceCounts counts_of(std::span<const int> faces, int max_face) {
  DiceCounts c{};
  for (int f : faces) {
    if (f < 1 || f > max_face)
      throw core::InputError("die face " + std::to_string(f) + " is out of range; valid: 1.." + std::to_string(max_face));
    ++c[f - 1];
  }
  return c;
}

DiceCounts highest_dice(const DiceCounts& thrown, int count) {
  DiceCounts a{};
  for (int f = kMaxFaces - 1; f >= 0 && count > 0; --f) {
    a[f] = std::min(thrown[f], count);
    count -= a[f];
  }
  return a;
}

bool contains(const DiceCounts& whole, const DiceCounts& part) {
  for (int f = 0; f < kMaxFaces; ++f)
    if (part[f] < 0 || part[f] > whole[f]) return false;
  return true;
}

Phase1State phase1_start(const EnGinggRules& rules) { return {rules.dice, 0, 0}; }

int min_set_aside(const Phase1State& s, const EnGinggRules& rules) {
  if (s.throws + 1 >= rules.max_throws) return s.left;  // G2: the last throw allowed sets every die aside
  return std::min(rules.min_set_aside, s.left);
}

bool is_legal_set_aside(const Phase1State& s, const DiceCounts& thrown, const DiceCounts& aside,
                        const EnGinggRules& rules) {
  return dice_in(thrown) == s.left && contains(thrown, aside) && dice_in(aside) >= min_set_aside(s, rules);
}

std::vector<DiceCounts> legal_set_asides(const Phase1State& s, const DiceCounts& thrown, const EnGinggRules& rules) {
  // Every sub-multiset of the throw, counted like an odometer over the faces.
  std::vector<DiceCounts> out;
  DiceCounts a{};
  while (true) {
    if (dice_in(a) >= min_set_aside(s, rules)) out.push_back(a);
    int f = 0;
    while (f < kMaxFaces && a[f] == thrown[f]) a[f++] = 0;
    if (f == kMaxFaces) break;
    ++a[f];
  }
  std::stable_sort(out.begin(), out.end(), [](const DiceCounts& x, const DiceCounts& y) { return dice_in(x) < dice_in(y); });
  return out;
}

Phase1State apply_set_aside(const Phase1State& s, const DiceCounts& aside) {
  return {s.left - dice_in(aside), s.aside_sum + pips(aside), s.throws + 1};
}

Phase1Outcome phase1_outcome(int sum, const EnGinggRules& rules) {
  // G2: below the target the difference is lost, above it won; at the target nothing
  // happens (Decision) — all three are S − target. Only a sum above it plays phase 2.
  return {sum - rules.target, sum > rules.target ? sum - rules.target : 0};
}

int phase2_hits(const DiceCounts& thrown, int digit) {
  return digit >= 1 && digit <= kMaxFaces ? thrown[digit - 1] : 0;  // a digit above the faces never shows
}

Phase2State phase2_start(const EnGinggRules& rules) { return {rules.dice, 0, rules.dice == 0}; }

Phase2State apply_phase2_throw(const Phase2State& state, const DiceCounts& thrown, int digit) {
  Phase2State s = state;
  const int h = phase2_hits(thrown, digit);
  if (h == 0) {
    s.done = true;
    return s;
  }
  s.hits += h;
  s.left -= h;
  s.done = s.left == 0;
  return s;
}

Table initial_table(const EnGinggRules& rules) {
  Table t;
  t.players = rules.players;
  for (int p = 0; p < rules.players; ++p) t.balances[p] = rules.start_balance;
  return t;
}

void change_balance(Table& t, int seat, int delta) {
  t.balances[seat] += delta;
  if (!t.over() && t.balances[seat] <= 0) t.loser = seat;  // G1: checked after every change
}

bool settle_phase1(Table& t, const Phase1Outcome& o) {
  change_balance(t, t.to_move, o.own_change);
  return o.digit > 0 && !t.over();
}

void settle_phase2(Table& t, int digit, int hits) { change_balance(t, t.next_seat(), -digit * hits); }

void pass_turn(Table& t) {
  if (!t.over()) t.to_move = t.next_seat();
}

std::vector<core::ChanceOutcome<DiceCounts>> throw_outcomes(int n, int faces) {
  std::vector<core::ChanceOutcome<DiceCounts>> out;
  for (const auto& m : core::dice_multisets(n, faces)) {
    DiceCounts c{};
    for (int f = 0; f < faces; ++f) c[f] = m.outcome.counts[f];
    out.push_back({c, m.probability});
  }
  return out;
}

}  // namespace verflixt::en_gingg

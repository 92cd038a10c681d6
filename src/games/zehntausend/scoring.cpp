#include "verflixt/games/zehntausend/scoring.h"

#include <algorithm>
#include <stdexcept>

namespace verflixt::zehntausend {

Counts counts_of(std::span<const int> faces) {
  Counts c{};
  for (int f : faces) {
    if (f < 1 || f > kFaces) throw std::out_of_range("zehntausend: a die shows 1..6");
    ++c[static_cast<size_t>(f - 1)];
  }
  return c;
}

int dice_in(const Counts& c) {
  int n = 0;
  for (int x : c) n += x;
  return n;
}

namespace {

// k >= 3 dice of one face as one kind: the triple, doubled per further die (Z1).
int kind_points(int face, int k, const ZehntausendRules& r) {
  const int triple = face == 1 ? r.triple_ones : r.triple_unit * face;
  return triple << (k - 3);
}

int single_points(int face, const ZehntausendRules& r) {
  return face == 1 ? r.single_one : face == 5 ? r.single_five : 0;
}

}  // namespace

int face_points(int face, int count, const ZehntausendRules& r) {
  // best[k]: the most k dice of this face score split into singles and kinds, -1 when they
  // cannot all score. Splitting matters only for odd rulesets (a single worth more than a
  // triple's share); with the preset's values the whole kind always wins.
  std::array<int, kMaxDice + 1> best{};
  best.fill(-1);
  best[0] = 0;
  const int single = single_points(face, r);
  for (int k = 1; k <= count; ++k) {
    if (single > 0 && best[k - 1] >= 0) best[k] = std::max(best[k], best[k - 1] + single);
    for (int j = 3; j <= k; ++j)
      if (best[k - j] >= 0) best[k] = std::max(best[k], best[k - j] + kind_points(face, j, r));
  }
  return best[static_cast<size_t>(count)];
}

int set_aside_points(const Counts& thrown, const Counts& kept, const ZehntausendRules& r) {
  int regular = 0;
  for (int f = 0; f < kFaces; ++f) {
    if (kept[f] < 0 || kept[f] > thrown[f]) return 0;
    const int p = face_points(f + 1, kept[f], r);
    if (p < 0) regular = -1;
    if (regular >= 0) regular += p;
  }
  int special = 0;
  if (dice_in(thrown) == 6 && kept == thrown) {  // Decision: all six dice of one throw of six
    int singles = 0, pairs = 0, triples = 0;
    for (int c : kept) singles += c == 1, pairs += c == 2, triples += c == 3;
    if (singles == 6 && r.straight > 0) special = std::max(special, r.straight);
    if (pairs == 3 && r.three_pairs > 0) special = std::max(special, r.three_pairs);
    if (triples == 2 && r.two_triples > 0) special = std::max(special, r.two_triples);
  }
  return std::max({regular, special, 0});  // Decision: the most the dice can score
}

std::vector<SetAside> set_asides(const Counts& thrown, const ZehntausendRules& r) {
  std::vector<SetAside> out;
  Counts kept{};
  // Every sub-multiset of the throw, face by face (at most 2^6 = 64 for a straight).
  auto walk = [&](auto&& self, int f) -> void {
    if (f == kFaces) {
      const int p = set_aside_points(thrown, kept, r);
      if (p > 0) out.push_back({kept, dice_in(kept), p});
      return;
    }
    for (int c = 0; c <= thrown[f]; ++c) {
      kept[f] = c;
      self(self, f + 1);
    }
    kept[f] = 0;
  };
  walk(walk, 0);
  std::stable_sort(out.begin(), out.end(), [](const SetAside& a, const SetAside& b) {
    return a.dice != b.dice ? a.dice > b.dice : a.points > b.points;
  });
  return out;
}

bool is_niete(const Counts& thrown, const ZehntausendRules& r) { return set_asides(thrown, r).empty(); }

}  // namespace verflixt::zehntausend

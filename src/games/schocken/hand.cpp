#include "verflixt/games/schocken/hand.h"

#include <algorithm>
#include <stdexcept>

#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"

namespace verflixt::schocken {

Dice make_dice(int a, int b, int c) {
  Dice d = {a, b, c};
  std::sort(d.begin(), d.end(), [](int x, int y) { return x > y; });
  return d;
}

const std::array<Dice, kThrowCount>& all_throws() {
  static const std::array<Dice, kThrowCount> kThrows = [] {
    std::array<Dice, kThrowCount> out{};
    int k = 0;
    for (const auto& o : core::dice_multisets(kDice, 6)) {
      std::array<int, kDice> f{};
      int n = 0;
      for (int face = 6; face >= 1; --face)
        for (int c = 0; c < o.outcome.counts[face - 1]; ++c) f[n++] = face;
      out[k++] = make_dice(f[0], f[1], f[2]);
    }
    return out;
  }();
  return kThrows;
}

int throw_index(const Dice& dice) {
  // 6^3 lookup, built once from all_throws().
  static const std::array<int, 216> kIndex = [] {
    std::array<int, 216> idx{};
    idx.fill(-1);
    const auto& t = all_throws();
    for (int k = 0; k < kThrowCount; ++k) idx[(t[k][0] - 1) * 36 + (t[k][1] - 1) * 6 + (t[k][2] - 1)] = k;
    return idx;
  }();
  for (int f : dice)
    if (f < 1 || f > 6) throw std::out_of_range("throw_index: face out of range");
  const Dice d = make_dice(dice[0], dice[1], dice[2]);
  return kIndex[(d[0] - 1) * 36 + (d[1] - 1) * 6 + (d[2] - 1)];
}

HandKind hand_kind(const Dice& d) {
  if (d[0] == 1) return HandKind::SchockOut;  // 1 1 1: sorted, the highest face is a 1
  if (d[1] == 1 && d[2] == 1) return HandKind::Schock;
  if (d[0] == d[2]) return HandKind::General;
  if (d[0] == d[1] + 1 && d[1] == d[2] + 1) return HandKind::Strasse;
  return HandKind::Zahl;
}

int hand_rank(const Dice& d) {
  // Kind in the thousands, the order within the kind below: a Zahl's number is at most 665.
  switch (hand_kind(d)) {
    case HandKind::SchockOut: return 4000;
    case HandKind::Schock: return 3000 + d[0];
    case HandKind::General: return 2000 + d[0];
    case HandKind::Strasse: return 1000 + d[0];
    case HandKind::Zahl: return 100 * d[0] + 10 * d[1] + d[2];
  }
  return 0;
}

int hand_chips(const Dice& d, const SchockenRules& rules) {
  switch (hand_kind(d)) {
    case HandKind::SchockOut: return rules.chips;
    case HandKind::Schock: return d[0];  // S1: Schock x costs x
    case HandKind::General: return rules.general_chips;
    case HandKind::Strasse: return rules.strasse_chips;
    case HandKind::Zahl: return rules.zahl_chips;
  }
  return 0;
}

std::string dice_text(const Dice& d) {
  return std::to_string(d[0]) + " " + std::to_string(d[1]) + " " + std::to_string(d[2]);
}

std::string hand_name(const Dice& d) {
  switch (hand_kind(d)) {
    case HandKind::SchockOut: return "Schock out (1 1 1)";
    case HandKind::Schock: return "Schock " + std::to_string(d[0]) + " (" + dice_text(d) + ")";
    case HandKind::General: return "General " + std::to_string(d[0]) + " (" + dice_text(d) + ")";
    case HandKind::Strasse:
      return "Strasse " + std::to_string(d[2]) + "-" + std::to_string(d[1]) + "-" + std::to_string(d[0]);
    case HandKind::Zahl: return "Zahl " + std::to_string(hand_rank(d));
  }
  return "";
}

Dice parse_dice(std::string_view text) {
  const std::vector<int> faces = core::parse_dice_text(text, "dice", 6);
  if (faces.size() != kDice)
    throw core::InputError("dice '" + std::string(text) + "' has " + std::to_string(faces.size()) +
                     " faces; valid: three faces 1..6 (e.g. '6 5 3' or 653)");
  return make_dice(faces[0], faces[1], faces[2]);
}

namespace {

// Kept faces highest first (at most two: a keep always throws one die).
void sort_kept(Keep& k) {
  if (k.count == 2 && k.kept[0] < k.kept[1]) std::swap(k.kept[0], k.kept[1]);
}

}  // namespace

std::string keep_text(const Keep& keep) {
  if (keep.stands()) return "stand";
  if (keep.count == 0) return "throw all";
  std::string s = "keep";
  for (int k = 0; k < keep.count; ++k) s += " " + std::to_string(keep.kept[k]);
  return s;
}

std::string keep_code(const Keep& keep) {
  if (keep.stands()) return "S";
  if (keep.count == 0) return "-";
  std::string s;
  for (int k = 0; k < keep.count; ++k) s += static_cast<char>('0' + keep.kept[k]);
  return s;
}

Keep parse_keep_code(std::string_view code) {
  if (code == "S") return stand();
  if (code == "-") return Keep{{0, 0, 0}, 0};
  if (code.empty() || code.size() >= static_cast<size_t>(kDice))
    throw core::InputError("keep '" + std::string(code) + "': valid: S (stand), - (throw all) or 1-2 kept faces");
  Keep k;
  k.count = static_cast<int>(code.size());
  for (int i = 0; i < k.count; ++i) {
    const char c = code[static_cast<size_t>(i)];
    if (c < '1' || c > '6') throw core::InputError("keep '" + std::string(code) + "': kept faces are 1..6");
    k.kept[static_cast<size_t>(i)] = c - '0';
  }
  sort_kept(k);
  return k;
}

std::vector<Keep> keep_options(const Dice& d, const SchockenRules& rules) {
  std::vector<Keep> out = {stand()};
  const auto add = [&](Keep k) {
    sort_kept(k);
    for (int i = k.count; i < kDice; ++i) k.kept[i] = 0;
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  };
  // Every subset of the three dice with at least one die left to throw: by mask, so that equal
  // faces give one keep.
  for (int mask = 0; mask < (1 << kDice) - 1; ++mask) {
    Keep k;
    k.count = 0;
    for (int i = 0; i < kDice; ++i)
      if (mask & (1 << i)) k.kept[k.count++] = d[i];
    add(k);
  }
  // S2 two_sixes_make_one: two 6s become one 1; the third die may be kept or thrown with the
  // freed one. Sorted, two 6s are d[0] and d[1].
  if (rules.two_sixes_make_one && d[0] == 6 && d[1] == 6) {
    add(Keep{{1, 0, 0}, 1});
    add(Keep{{1, d[2], 0}, 2});
  }
  return out;
}

bool is_legal(const Keep& keep, const Dice& dice, const SchockenRules& rules) {
  const auto options = keep_options(dice, rules);
  return std::find(options.begin(), options.end(), keep) != options.end();
}

namespace {

// A keep of 0..2 faces as an index: 0 throw all, 1..6 one face, 7 + 6(a-1) + (b-1) two faces.
int keep_id(const Keep& k) {
  if (k.count == 0) return 0;
  if (k.count == 1) return k.kept[0];
  return 7 + 6 * (k.kept[0] - 1) + (k.kept[1] - 1);
}

}  // namespace

const std::vector<core::ChanceOutcome<int>>& throw_outcomes(const Keep& keep) {
  if (keep.stands() || keep.count < 0) throw std::invalid_argument("throw_outcomes: a keep that throws no die");
  static const std::array<std::vector<core::ChanceOutcome<int>>, 43> kOutcomes = [] {
    std::array<std::vector<core::ChanceOutcome<int>>, 43> table;
    const auto fill = [&](const Keep& k) {
      auto& out = table[static_cast<size_t>(keep_id(k))];
      for (const auto& o : core::dice_multisets(k.rethrown(), 6)) {
        std::array<int, kDice> f = k.kept;
        int n = k.count;
        for (int face = 6; face >= 1; --face)
          for (int c = 0; c < o.outcome.counts[face - 1]; ++c) f[n++] = face;
        out.push_back({throw_index(make_dice(f[0], f[1], f[2])), o.probability});
      }
    };
    fill(Keep{{0, 0, 0}, 0});
    for (int a = 1; a <= 6; ++a) {
      fill(Keep{{a, 0, 0}, 1});
      for (int b = 1; b <= a; ++b) fill(Keep{{a, b, 0}, 2});
    }
    return table;
  }();
  return kOutcomes[static_cast<size_t>(keep_id(keep))];
}

}  // namespace verflixt::schocken

#pragma once
// Kniffel (Yahtzee), docs/rules/kniffel.md: five dice, up to three throws a turn keeping any
// of them, thirteen categories each filled once, the upper bonus. Every number is a rule
// parameter; two presets: `kniffel` (the German box, the default) and `yahtzee` (the rules of
// Verhoeff's optimal-play result: an extra bonus per further Yahtzee and the joker).
//
// This header is the game's vocabulary, written once: the rules, the categories, a hand of
// five dice as face counts, and what a hand scores in a category. The solver, the model, the
// policies and the Monte Carlo all score through score().
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace verflixt::core {
template <class R>
struct RuleTable;  // core/rule_table.h
}  // namespace verflixt::core

namespace verflixt::kniffel {

inline constexpr int kDice = 5;        // K1: five dice (not a parameter: the categories are of five)
inline constexpr int kFaces = 6;
inline constexpr int kCategories = 13;
inline constexpr int kMaxUpper = 105;  // five of each face in the upper section: 5 * (1 + ... + 6)

struct KniffelRules {
  int throws = 3;                  // K1: throws a turn
  int full_house = 25;             // K3
  int small_straight = 30;         // K3
  int large_straight = 40;         // K3
  int kniffel = 50;                // K3: five of a kind
  int bonus = 35;                  // K4: the upper bonus
  int bonus_threshold = 63;        // K4: upper total that earns it
  int kniffel_bonus = 0;           // K5: per further five of a kind while the Kniffel box holds its score
  // K5: a further five of a kind (the Kniffel box filled). none: scored as any hand. forced (the
  // rule printed with Hasbro's Yahtzee): its upper box if open, else any open lower box where a
  // full house and the straights score in full, else any open upper box for 0. free (the rule
  // of Verhoeff's and Glenn's published optimum): any open box; a full house and the straights
  // score in full once its upper box is filled.
  enum class Joker : std::uint8_t { None, Forced, Free } joker = Joker::None;

  friend bool operator==(const KniffelRules&, const KniffelRules&) = default;
};

// Every parameter and the presets (core/rule_table.h).
const core::RuleTable<KniffelRules>& rule_table();
KniffelRules preset(std::string_view name);
// Throws InputError naming the parameter and its valid range.
void validate(const KniffelRules& rules);
// The one-line form: "throws=3 full_house=25 ...".
std::string rules_summary(const KniffelRules& rules);

// K2, K3: the thirteen categories, the six upper ones first.
enum Category : std::uint8_t {
  Ones, Twos, Threes, Fours, Fives, Sixes,
  ThreeOfAKind, FourOfAKind, FullHouse, SmallStraight, LargeStraight, Kniffel, Chance
};
inline constexpr bool is_upper(int c) { return c < ThreeOfAKind; }
// "ones", ..., "chance": as --open and the output name them.
const std::array<std::string_view, kCategories>& category_names();
// "einer", ..., "chance": the boxes of the German block, which --open takes too.
const std::array<std::string_view, kCategories>& category_german_names();
// The category of a name in English or German, or Yahtzee's "yahtzee" ("did you mean" on a
// typo: InputError).
Category category_of(std::string_view name);

// Five dice as counts: counts[f] dice show face f + 1.
using Hand = std::array<int, kFaces>;
int dice_in(const Hand& h);
int pips(const Hand& h);
bool is_kniffel(const Hand& h);
// "6 6 3 2 1" (highest first).
std::string hand_text(const Hand& h);

// What a hand of five dice scores in `c` (K3), the joker (K5) aside: `as_joker` scores a full
// house or a straight with a five of a kind at full value.
int score(const Hand& h, Category c, const KniffelRules& rules, bool as_joker = false);

// Where a game stands between turns: the categories filled (bit c), the upper total so far
// (capped at the bonus threshold: beyond it every total is alike), and whether the Kniffel box holds its full score (K5's bonus needs it).
struct Sheet {
  std::uint16_t filled = 0;
  int upper = 0;
  bool kniffel_scored = false;

  bool open(int c) const { return !(filled >> c & 1); }
  bool done() const { return filled == (1u << kCategories) - 1; }
  friend bool operator==(const Sheet&, const Sheet&) = default;
};

// The categories a hand may go in at the end of a turn (K5: a further five of a kind under the
// forced joker has fewer), as bits; `kniffel_face` is the face of a five of a kind, -1 if none.
std::uint16_t allowed_mask(const Sheet& sheet, int kniffel_face, const KniffelRules& rules);
// The same as a list, in category order.
std::vector<Category> allowed_categories(const Sheet& sheet, const Hand& h, const KniffelRules& rules);
// Whether a five of a kind of `kniffel_face` (-1: not one) scores a full house and the
// straights in full (K5).
bool joker_applies(const Sheet& sheet, int kniffel_face, const KniffelRules& rules);
// The face of a five of a kind, -1 if `h` is none.
int kniffel_face(const Hand& h);

// Filling `c` with `points` (what score() gives): the points the turn adds — those, the upper
// bonus when the upper total crosses the threshold (K4), the Kniffel bonus (K5) — and the
// sheet after it.
struct Scored {
  int points = 0;
  Sheet after;
};
// Inline, because the solver settles every open box of every sheet with it.
inline Scored settle(const Sheet& sheet, Category c, int points, bool kniffel_hand, const KniffelRules& r) {
  Scored s{points, sheet};
  s.after.filled = static_cast<std::uint16_t>(sheet.filled | 1u << c);
  if (c == Kniffel) s.after.kniffel_scored = points > 0;
  // K5: a further five of a kind while the Kniffel box holds its score.
  if (kniffel_hand && !sheet.open(Kniffel) && sheet.kniffel_scored) s.points += r.kniffel_bonus;
  if (is_upper(c)) {
    // K4: the bonus once, when the upper total reaches the threshold.
    s.after.upper = std::min(r.bonus_threshold, sheet.upper + points);
    if (sheet.upper < r.bonus_threshold && sheet.upper + points >= r.bonus_threshold) s.points += r.bonus;
  }
  return s;
}

// Scoring `h` in `c` (one of allowed_categories): score() and settle().
Scored score_in(const Sheet& sheet, const Hand& h, Category c, const KniffelRules& rules);

}  // namespace verflixt::kniffel

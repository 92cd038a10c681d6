#include "verflixt/games/kniffel/rules.h"

#include <algorithm>
#include <string>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"
#include "verflixt/core/rule_table.h"
#include "verflixt/version.h"

namespace verflixt::kniffel {

const core::RuleTable<KniffelRules>& rule_table() {
  using R = KniffelRules;
  static const core::RuleTable<R> table = [] {
    core::RuleTable<R> t;
    t.game = "kniffel";
    t.layout.header = std::string("# Kniffel rules (verflixt kniffel), written by verflixt ") + kVersion +
                      "; rule ids of docs/rules/kniffel.md\n";
    t.layout.help_shows_domain = true;
    t.layout.short_keys = true;
    const auto key = [](const char* k, const char* rule, const char* help) {
      return core::RuleKey{"kniffel", k, rule, help};
    };
    t.params = {
        core::integer_rule(key("throws", "K1", "throws a turn, keeping any dice between them"), &R::throws, 1, 6),
        core::integer_rule(key("full_house", "K3", "three of one face and two of another"), &R::full_house, 0, 1000),
        core::integer_rule(key("small_straight", "K3", "four faces in a row"), &R::small_straight, 0, 1000),
        core::integer_rule(key("large_straight", "K3", "five faces in a row"), &R::large_straight, 0, 1000),
        core::integer_rule(key("kniffel", "K3", "five of a kind"), &R::kniffel, 0, 1000),
        core::integer_rule(key("bonus", "K4", "the upper bonus"), &R::bonus, 0, 1000),
        core::integer_rule(key("bonus_threshold", "K4", "upper total that earns the bonus"), &R::bonus_threshold, 1,
                           kMaxUpper),
        core::integer_rule(key("kniffel_bonus", "K5", "per further five of a kind while the kniffel box holds its score"),
                           &R::kniffel_bonus, 0, 1000),
        core::choice_rule(key("joker", "K5", "a further five of a kind: none, forced (its upper box, else a lower box at full value) or free (any box; full value once its upper box is filled)"),
                          &R::joker, {"none", "forced", "free"}),
    };
    R yahtzee;
    yahtzee.kniffel_bonus = 100;
    yahtzee.joker = R::Joker::Free;
    t.presets = {{"kniffel", "the German box: no extra bonus, no joker", R{}},
                 {"yahtzee", "Yahtzee as Verhoeff solved it: 100 per further Yahtzee and the free joker (254.5896)",
                  yahtzee}};
    t.validate = [](const R& r) { rule_table().check_ranges(r); };
    return t;
  }();
  return table;
}

KniffelRules preset(std::string_view name) { return rule_table().preset(name); }

void validate(const KniffelRules& rules) { rule_table().validate(rules); }

std::string rules_summary(const KniffelRules& rules) { return rule_table().summary(rules); }

const std::array<std::string_view, kCategories>& category_names() {
  static const std::array<std::string_view, kCategories> names = {
      "ones", "twos", "threes", "fours", "fives", "sixes", "three-of-a-kind", "four-of-a-kind",
      "full-house", "small-straight", "large-straight", "kniffel", "chance"};
  return names;
}

const std::array<std::string_view, kCategories>& category_german_names() {
  // The box names of the German Kniffel block (the default preset's), in the same order.
  static const std::array<std::string_view, kCategories> names = {
      "einer", "zweier", "dreier", "vierer", "fünfer", "sechser", "dreierpasch", "viererpasch",
      "full-house", "kleine-straße", "große-straße", "kniffel", "chance"};
  return names;
}

Category category_of(std::string_view name) {
  // English or German, as people type them (case, umlauts, ß, separators: core/names.h);
  // Yahtzee's own name for the five of a kind too.
  std::vector<std::string> all, both;
  for (std::size_t k = 0; k < kCategories; ++k) {
    all.emplace_back(category_names()[k]);
    both.emplace_back(category_names()[k]);
  }
  for (std::size_t k = 0; k < kCategories; ++k) both.emplace_back(category_german_names()[k]);
  both.emplace_back("yahtzee");
  if (const auto k = core::match_name(std::string(name), both))
    return static_cast<Category>(*k == both.size() - 1 ? static_cast<std::size_t>(Kniffel) : *k % kCategories);
  std::vector<std::string> german(category_german_names().begin(), category_german_names().end());
  throw core::InputError("unknown category " + core::quoted(std::string(name)) + core::suggest(std::string(name), both,
                                                                                         core::join(all) + " (or the German "
                                                                                         "names: " + core::join(german) + ")"));
}

int dice_in(const Hand& h) {
  int n = 0;
  for (int c : h) n += c;
  return n;
}

int pips(const Hand& h) {
  int s = 0;
  for (int f = 0; f < kFaces; ++f) s += (f + 1) * h[static_cast<std::size_t>(f)];
  return s;
}

bool is_kniffel(const Hand& h) { return std::find(h.begin(), h.end(), kDice) != h.end(); }

std::string hand_text(const Hand& h) {
  std::string t;
  for (int f = kFaces - 1; f >= 0; --f)
    for (int k = 0; k < h[static_cast<std::size_t>(f)]; ++k) t += (t.empty() ? "" : " ") + std::to_string(f + 1);
  return t;
}

namespace {

// The longest run of consecutive faces present.
int longest_run(const Hand& h) {
  int best = 0, run = 0;
  for (int c : h) best = std::max(best, run = c > 0 ? run + 1 : 0);
  return best;
}

int most_of_a_kind(const Hand& h) { return *std::max_element(h.begin(), h.end()); }

}  // namespace

int score(const Hand& h, Category c, const KniffelRules& r, bool as_joker) {
  if (is_upper(c)) return (c + 1) * h[c];
  const int kind = most_of_a_kind(h);
  switch (c) {
    case ThreeOfAKind: return kind >= 3 ? pips(h) : 0;
    case FourOfAKind: return kind >= 4 ? pips(h) : 0;
    case FullHouse: {
      const bool three_two = std::find(h.begin(), h.end(), 3) != h.end() && std::find(h.begin(), h.end(), 2) != h.end();
      return three_two || (as_joker && kind == kDice) ? r.full_house : 0;
    }
    case SmallStraight: return longest_run(h) >= 4 || (as_joker && kind == kDice) ? r.small_straight : 0;
    case LargeStraight: return longest_run(h) >= 5 || (as_joker && kind == kDice) ? r.large_straight : 0;
    case Kniffel: return kind == kDice ? r.kniffel : 0;
    default: return pips(h);  // Chance
  }
}

std::uint16_t allowed_mask(const Sheet& sheet, int kniffel_face, const KniffelRules& r) {
  const std::uint16_t open = static_cast<std::uint16_t>(~sheet.filled & ((1u << kCategories) - 1));
  if (r.joker != KniffelRules::Joker::Forced || kniffel_face < 0 || sheet.open(Kniffel)) return open;
  // K5, the forced joker: the upper box of its face if open; else any open lower box; else
  // any open upper box.
  if (sheet.open(kniffel_face)) return static_cast<std::uint16_t>(1u << kniffel_face);
  const std::uint16_t lower = open & static_cast<std::uint16_t>(((1u << kCategories) - 1) & ~((1u << ThreeOfAKind) - 1));
  return lower ? lower : open;
}

int kniffel_face(const Hand& h) {
  const auto it = std::find(h.begin(), h.end(), kDice);
  return it == h.end() ? -1 : static_cast<int>(it - h.begin());
}

std::vector<Category> allowed_categories(const Sheet& sheet, const Hand& h, const KniffelRules& r) {
  const std::uint16_t mask = allowed_mask(sheet, kniffel_face(h), r);
  std::vector<Category> out;
  for (int c = 0; c < kCategories; ++c)
    if (mask >> c & 1) out.push_back(static_cast<Category>(c));
  return out;
}

bool joker_applies(const Sheet& sheet, int kniffel_face, const KniffelRules& r) {
  if (kniffel_face < 0 || sheet.open(Kniffel)) return false;
  switch (r.joker) {
    case KniffelRules::Joker::Forced: return true;
    case KniffelRules::Joker::Free: return !sheet.open(kniffel_face);
    default: return false;
  }
}

Scored score_in(const Sheet& sheet, const Hand& h, Category c, const KniffelRules& r) {
  return settle(sheet, c, score(h, c, r, joker_applies(sheet, kniffel_face(h), r)), is_kniffel(h), r);
}

}  // namespace verflixt::kniffel

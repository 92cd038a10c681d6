// The rule table on a made-up ruleset of every kind: each kind parses and prints, errors name
// the key and the valid values, a mistyped key gets "did you mean", presets (matched as
// names are, case and separators aside), the INI layout, and print -> read -> print.
#include "verflixt/core/rule_table.h"

#include <gtest/gtest.h>

#include <string>

#include "verflixt/core/error.h"

namespace verflixt::core {
namespace {

enum class Shape : int { Round, Square };

struct Toy {
  std::string preset = "plain";
  int count = 3;
  bool loud = false;
  double rate = 0.5;
  Shape shape = Shape::Round;
  std::string tags = "a,b";

  friend bool operator==(const Toy&, const Toy&) = default;
};

RuleTable<Toy> toy_table(bool grouped) {
  RuleTable<Toy> t;
  t.game = "toy";
  t.layout.header = "# Toy rules.\n";
  t.layout.preset_line = grouped;
  t.layout.blank_before_section = grouped;
  t.layout.help_shows_domain = true;
  t.layout.short_keys = !grouped;
  t.layout.summary_changes_only = grouped;
  const std::string a = grouped ? "alpha" : "toy", b = grouped ? "beta" : "toy";
  t.params = {
      integer_rule<Toy>({a, "count", "T1", "how many"}, &Toy::count, 1, 9),
      boolean_rule<Toy>({a, "loud", "T2", "shout"}, &Toy::loud),
      real_rule<Toy>({b, "rate", "", "a rate"}, &Toy::rate, 0.0, 1.0),
      choice_rule<Toy>({b, "shape", "T3", "the shape"}, &Toy::shape, {"round", "square"}),
      list_rule<Toy>(
          {b, "tags", "T4", "tags, comma-separated"}, [](const Toy& r) { return r.tags; },
          [](Toy& r, std::string_view v, std::string_view where) {
            if (v.find(' ') != std::string_view::npos) throw InputError(std::string(where) + ": no spaces in tags");
            r.tags = std::string(v);
          }),
  };
  Toy fancy;
  fancy.preset = "fancy", fancy.count = 7, fancy.shape = Shape::Square;
  t.presets = {{"plain", "the plain toy", Toy{}}, {"fancy", "the fancy toy", fancy}};
  t.preset_of = [](const Toy& r) { return r.preset; };
  t.validate = [](const Toy& r) {
    if (r.loud && r.count > 8) throw InputError("toy: a loud toy counts at most 8");
  };
  return t;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(RuleTable, EveryKindParses) {
  const auto t = toy_table(true);
  Toy r;
  t.apply(r, "alpha.count=5");
  t.apply(r, "alpha.loud = true");
  t.apply(r, "beta.rate=0.25");
  t.apply(r, "beta.shape=Square");  // names match as names do: any case
  t.apply(r, "beta.tags=x,y,z");
  EXPECT_EQ(r.count, 5);
  EXPECT_TRUE(r.loud);
  EXPECT_EQ(r.rate, 0.25);
  EXPECT_EQ(r.shape, Shape::Square);
  EXPECT_EQ(r.tags, "x,y,z");
  t.apply(r, "preset=fancy");
  EXPECT_EQ(r, t.presets[1].rules);
}

TEST(RuleTable, ErrorsNameTheKeyAndTheValidValues) {
  const auto t = toy_table(true);
  Toy r;
  EXPECT_EQ(message_of([&] { t.apply(r, "alpha.count=10"); }), "--set: alpha.count = '10' is not an integer in 1..9");
  EXPECT_EQ(message_of([&] { t.apply(r, "alpha.loud=yes"); }), "--set: alpha.loud = 'yes'; valid: true, false");
  EXPECT_EQ(message_of([&] { t.apply(r, "beta.rate=2"); }), "--set: beta.rate = '2' is not a number in 0..1");
  EXPECT_EQ(message_of([&] { t.apply(r, "beta.rate=nan"); }), "--set: beta.rate = 'nan' is not a number in 0..1");
  EXPECT_EQ(message_of([&] { t.apply(r, "beta.shape=oval"); }), "--set: beta.shape = 'oval'; valid: round, square");
  EXPECT_EQ(message_of([&] { t.apply(r, "beta.tags=a b"); }), "--set: no spaces in tags");
  EXPECT_EQ(message_of([&] { t.apply(r, "alpha.count"); }).rfind("--set 'alpha.count' is not key=value; valid keys: preset, alpha.count", 0), 0u);
  EXPECT_EQ(message_of([&] { t.preset("fency"); }), "unknown toy preset 'fency'; did you mean fancy? valid: plain, fancy");
  EXPECT_EQ(r, Toy{});  // a rejected value leaves the rules as they were
}

TEST(RuleTable, MistypedKeyGetsDidYouMean) {
  const auto grouped = toy_table(true), flat = toy_table(false);
  Toy r;
  EXPECT_EQ(message_of([&] { grouped.apply(r, "alpha.cuont=2"); }),
            "--set: unknown toy rule 'alpha.cuont'; did you mean alpha.count? valid: preset, alpha.count, alpha.loud, "
            "beta.rate, beta.shape, beta.tags");
  EXPECT_EQ(message_of([&] { flat.apply(r, "laud=true", "my rule"); }).rfind("my rule: unknown toy rule 'laud'; did you mean loud?", 0), 0u);
  // Short keys take the key with or without its section, in any spelling of a name.
  flat.apply(r, "toy.count=2");
  EXPECT_EQ(r.count, 2);
  flat.apply(r, "Count=4");
  EXPECT_EQ(r.count, 4);
  flat.apply(r, "TOY.Count=5");
  EXPECT_EQ(r.count, 5);
}

TEST(RuleTable, Presets) {
  const auto t = toy_table(true);
  EXPECT_EQ(t.preset("FANCY").count, 7);
  EXPECT_EQ(t.preset_names(), (std::vector<std::string>{"plain", "fancy"}));
  EXPECT_EQ(message_of([&] { t.preset("old-fancy"); }), "unknown toy preset 'old-fancy'; valid: plain, fancy");
  EXPECT_EQ(t.default_value(t.params[0]), "3");
  std::string named;
  EXPECT_EQ(t.read("preset = Fancy\n", "f.ini", Toy{}, &named).preset, "fancy");
  EXPECT_EQ(named, "fancy");
  EXPECT_EQ(message_of([&] { t.read("# x\npreset = fanci\n", "f.ini", Toy{}); }),
            "f.ini:2: preset = 'fanci'; did you mean fancy? valid: plain, fancy");
}

TEST(RuleTable, IniLayoutIsData) {
  Toy r;
  r.tags = "q";
  EXPECT_EQ(toy_table(true).ini(r),
            "# Toy rules.\npreset = plain\n\n[alpha]\n# T1: how many (1..9)\ncount = 3\n# T2: shout (true, false)\nloud = false\n"
            "\n[beta]\n# a rate (0..1)\nrate = 0.5\n# T3: the shape (round, square)\nshape = round\n"
            "# T4: tags, comma-separated\ntags = q\n");
  EXPECT_EQ(toy_table(false).ini(r).substr(0, 42), "# Toy rules.\n[toy]\n# T1: how many (1..9)\nc");
  EXPECT_EQ(toy_table(false).summary(r), "count=3 loud=false rate=0.5 shape=round tags=q");
  EXPECT_EQ(toy_table(true).summary(r), "plain beta.tags=q");  // the preset and what differs from it
}

TEST(RuleTable, ReadOverABaseAndValidate) {
  const auto t = toy_table(true);
  Toy base = t.preset("fancy");
  const Toy r = t.read("[beta]\nrate = 0.125\n", "f.ini", base);
  EXPECT_EQ(r.count, 7);  // kept from the base
  EXPECT_EQ(r.rate, 0.125);
  EXPECT_EQ(message_of([&] { t.read("[alpha]\ncount = 9\nloud = true\n", "f.ini", base); }), "toy: a loud toy counts at most 8");
  EXPECT_EQ(message_of([&] { t.read("[alpha]\ncuont = 9\n", "f.ini", base); }).rfind("f.ini:2: unknown key 'alpha.cuont'; did you mean alpha.count?", 0), 0u);
  // A section no key lives in (a typo, another game's file) is refused at its header line.
  EXPECT_EQ(message_of([&] { t.read("# mine\n[alpah]\ncount = 9\n", "f.ini", base); }),
            "f.ini:2: unknown section [alpah]; did you mean alpha? valid: alpha, beta");
  EXPECT_EQ(message_of([&] { t.read("[gamma]\ncount = 9\n", "f.ini", base); }), "f.ini:1: unknown section [gamma]; valid: alpha, beta");
  // A file as an editor may save it and keys as people type them, as --set reads them.
  EXPECT_EQ(t.read("\xEF\xBB\xBF[Alpha]\r\nCount = 3\r\n", "f.ini", base).count, 3);
  EXPECT_EQ(t.read("[BETA]\nShape = round\n", "f.ini", base).shape, Shape::Round);
  EXPECT_EQ(message_of([&] { t.read("[alpha]\ncount = 3\nCOUNT = 4\n", "f.ini", base); }), "f.ini:3: key 'alpha.count' is given twice");
  EXPECT_EQ(message_of([&] { t.read("[alpha]\n\xEF\xBB\xBF" "count = 3\n", "f.ini", base); }).rfind("f.ini:2: unknown key", 0), 0u);
  Toy wide;
  wide.count = 12;
  EXPECT_EQ(message_of([&] { t.check_ranges(wide); }), "toy alpha.count 12 is out of range; valid: 1..9");
}

TEST(RuleTable, PrintReadPrintRoundTrip) {
  for (const bool grouped : {true, false}) {
    const auto t = toy_table(grouped);
    Toy r = t.preset("fancy");
    r.loud = true, r.rate = 0.1, r.tags = "m,n";  // 0.1 has no short binary form: printed to read back exactly
    const std::string ini = t.ini(r);
    const Toy back = t.read(ini, "f.ini", Toy{});
    Toy want = r;
    if (!grouped) want.preset = "plain";  // a file without a preset line keeps the base's
    EXPECT_EQ(back, want);
    EXPECT_EQ(t.ini(back), ini);
  }
  EXPECT_EQ(format_rule_real(0.1), "0.1");
  EXPECT_EQ(format_rule_real(1e-12), "1e-12");
}

}  // namespace
}  // namespace verflixt::core

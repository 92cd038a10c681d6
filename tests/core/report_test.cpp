// core/report.h: one description rendered as text, JSON and CSV; each expected text is
// written out here by hand.
#include "verflixt/core/report.h"

#include <gtest/gtest.h>

#include <string>

namespace core = verflixt::core;

namespace {

using namespace verflixt::core::report;
using verflixt::core::Estimate;

Report sample() {
  Report r({"1.2", "dice", "goal 40", ""});
  r.head_line("  seed 7");
  r.field("games", std::uint64_t{200});
  r.line("two seats (± 1 SE)");
  Table& t = r.table("seats", {{"seat", "  seat ", "%.4f", nullptr, "%.6f", "", 0, 0, kAll},
                               {"policy", "  ", "%.4f", nullptr, "%.6f", "", 6, 0, kAll},
                               {"p_win", "  P(win) ", "%.4f", nullptr, "%.6f", "stderr", 0, 0, kAll}});
  t.row({std::uint64_t{1}, std::string("hold"), core::Estimate{0.625, 0.03125}});
  t.row({std::uint64_t{2}, std::string("optimal"), Estimate{0.375, 0.03125}});
  r.field("mean_turns", 12.5, kJson | kText);
  return r;
}

TEST(Report, RendersText) {
  EXPECT_EQ(sample().render("table"),
            "verflixt 1.2  game dice  rules goal 40  seed 7\n"
            "two seats (± 1 SE)\n"
            "  seat 1  hold    P(win) 0.6250 ± 0.0312\n"
            "  seat 2  optimal  P(win) 0.3750 ± 0.0312\n"
            "mean_turns 12.5\n");
}

TEST(Report, RendersJsonInTheOrderGiven) {
  EXPECT_EQ(sample().render("json"),
            "{\n"
            "  \"version\": \"1.2\",\n"
            "  \"game\": \"dice\",\n"
            "  \"rules\": \"goal 40\",\n"
            "  \"games\": 200,\n"
            "  \"seats\": [\n"
            "    {\n      \"seat\": 1,\n      \"policy\": \"hold\",\n      \"p_win\": 0.625,\n      \"stderr\": 0.03125\n    },\n"
            "    {\n      \"seat\": 2,\n      \"policy\": \"optimal\",\n      \"p_win\": 0.375,\n      \"stderr\": 0.03125\n    }\n"
            "  ],\n"
            "  \"mean_turns\": 12.5\n"
            "}\n");
}

TEST(Report, RendersCsvWithTheStandardErrorColumn) {
  EXPECT_EQ(sample().render("csv"),
            "# verflixt 1.2  game dice  rules goal 40\n"
            "seat,policy,p_win,stderr\n"
            "1,hold,0.625000,0.031250\n"
            "2,optimal,0.375000,0.031250\n");
}

// A row without an estimate (a measure not taken) keeps the columns in line: two empty CSV
// cells, null mean and SE in JSON.
TEST(Report, AMissingEstimateLeavesBothOfItsCellsEmpty) {
  Report r({"1.2", "dice", "goal 40", ""});
  Table& t = r.table("rows", {{"name", "", "%.4f", nullptr, "%.6f", "", 0, 0, kJsonCsv},
                              {"p_win", "", "%.4f", nullptr, "%.6f", "stderr", 0, 0, kJsonCsv},
                              {"games", "", "%.4f", nullptr, "%.6f", "", 0, 0, kJsonCsv}});
  t.row({std::string("a"), core::Estimate{0.5, 0.25}, std::uint64_t{8}});
  t.row({std::string("b"), nullptr, std::uint64_t{0}});
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  game dice  rules goal 40\nname,p_win,stderr,games\na,0.500000,0.250000,8\nb,,,0\n");
  EXPECT_EQ(r.render("json"),
            "{\n  \"version\": \"1.2\",\n  \"game\": \"dice\",\n  \"rules\": \"goal 40\",\n  \"rows\": [\n"
            "    {\n      \"name\": \"a\",\n      \"p_win\": 0.5,\n      \"stderr\": 0.25,\n      \"games\": 8\n    },\n"
            "    {\n      \"name\": \"b\",\n      \"p_win\": null,\n      \"stderr\": null,\n      \"games\": 0\n    }\n"
            "  ]\n}\n");
}

// A list of numbers: a JSON array, in text and CSV its entries in the column's format.
TEST(Report, AListOfNumbersIsAnArrayInJsonAndSpacedInTextAndCsv) {
  Report r({"1.2", "dice", "goal 40", ""});
  r.field("p", std::vector<double>{0.25, 0.5}, kJson | kText);
  Table& t = r.table("rows", {{"p", " p ", "%.2f", nullptr, "%.3f", "", 0, 0, kAll}});
  t.row({std::vector<double>{0.125, 1.0}});
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  game dice  rules goal 40\np\n0.125 1.000\n");
  EXPECT_EQ(r.render("table"), "verflixt 1.2  game dice  rules goal 40\np 0.25 0.5\n p 0.12 1.00\n");
  EXPECT_EQ(r.render("json"),
            "{\n  \"version\": \"1.2\",\n  \"game\": \"dice\",\n  \"rules\": \"goal 40\",\n  \"p\": [\n    0.25,\n    0.5\n  ],\n"
            "  \"rows\": [\n    {\n      \"p\": [\n        0.125,\n        1.0\n      ]\n    }\n  ]\n}\n");
}

TEST(Report, KeyedTableWithoutANameSpreadsItsRowsOverTheDocument) {
  Report r({"1.2", "dice", "classic", "tournament"});
  r.completion(true, 3, 10, "games");
  Table& t = r.table("", {{"quantity", "", "%.4f", nullptr, "%.6f", "", 0, 0, kJsonCsv},
                          {"mean", "", "%.4f", "%.1f", "%.2f", "stderr", 0, 0, kAll}});
  t.keyed = true;
  t.row({std::string("own"), core::Estimate{-0.00001, 0.5}});
  (void)t;
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  game dice  preset tournament  rules classic\nquantity,mean,stderr\nown,0.00,0.50\n");  // no "-0.00"
  EXPECT_EQ(r.render("json"),
            "{\n  \"version\": \"1.2\",\n  \"game\": \"dice\",\n  \"preset\": \"tournament\",\n  \"rules\": \"classic\",\n"
            "  \"interrupted\": true,\n  \"completed\": 3,\n  \"total\": 10,\n  \"unit\": \"games\",\n"
            "  \"own\": {\n    \"mean\": -1e-05,\n    \"stderr\": 0.5\n  }\n}\n");
  EXPECT_EQ(r.render("table"), "verflixt 1.2  game dice  rules classic\n0.0000 ± 0.5\n");
}

// A CSV file records what made it as JSON does: its first line, a comment, names the head and
// the fields marked kCsvHead (an absent one, such as an exact result's seed, left out), and the
// text and JSON are as without the mark.
TEST(Report, ACsvSaysWhatMadeItInItsFirstLine) {
  Report r({"1.2", "dice", "goal 40", ""});
  r.head_line("  seed 7");
  r.field("seed", std::uint64_t{7}, kJsonHead).field("policy", std::string("hold:20"), kJsonHead);
  r.field("threads", 4).field("games", std::uint64_t{200}, kJsonHead).field("exact", nullptr, kJsonHead);
  r.table("rows", {{.name = "p"}}).row({0.5});
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  game dice  rules goal 40  seed 7  policy hold:20  games 200\np\n0.500000\n");
  EXPECT_EQ(r.render("table"), "verflixt 1.2  game dice  rules goal 40  seed 7\n0.5000\n");
  EXPECT_EQ(r.render("json"),
            "{\n  \"version\": \"1.2\",\n  \"game\": \"dice\",\n  \"rules\": \"goal 40\",\n  \"seed\": 7,\n"
            "  \"policy\": \"hold:20\",\n  \"threads\": 4,\n  \"games\": 200,\n  \"exact\": null,\n"
            "  \"rows\": [\n    {\n      \"p\": 0.5\n    }\n  ]\n}\n");
  // Without a head, the fields say it, the version as the head would.
  Report bare({});
  bare.field("version", std::string("1.2"), kJsonHead).field("rules", std::string("classic"), kJsonHead);
  bare.table("rows", {{.name = "p"}}).row({0.25});
  EXPECT_EQ(bare.render("csv"), "# verflixt 1.2  rules classic\np\n0.250000\n");
  // A report that names nothing has no comment line.
  Report none({});
  none.table("rows", {{.name = "p"}}).row({0.25});
  EXPECT_EQ(none.render("csv"), "p\n0.250000\n");
}

TEST(Report, NestsTablesInJsonAndLeavesAbsentValuesOut) {
  Report r({"1.2", "", "goal 40", ""});  // no game: no text head line, no "game" key
  r.line("loadouts");
  Table points{.columns = {{.name = "threshold"}, {.name = "exact"}}};
  points.row({std::int64_t{17}, 8.25}).row({std::int64_t{18}, Absent{}});
  Table by_sum{.columns = {{.name = "sum"}, {.name = "keep"}}, .keyed = true, .json = Table::Values};
  by_sum.row({std::string("5"), std::int64_t{4}}).row({std::string("6"), std::int64_t{6}});
  Table& t = r.table("loadouts", {{.name = "jokers", .text = "  "}, {.name = "best", .text = " best "},
                                  {.name = "points", .in = kJson}, {.name = "keep", .in = kJson}});
  t.row({std::string("pony"), Absent{}, points.nested(), by_sum.nested()});
  EXPECT_EQ(r.render("table"), "loadouts\n  pony best \n");
  EXPECT_EQ(r.render("json"),
            "{\n"
            "  \"version\": \"1.2\",\n"
            "  \"rules\": \"goal 40\",\n"
            "  \"loadouts\": [\n"
            "    {\n"
            "      \"jokers\": \"pony\",\n"
            "      \"points\": [\n"
            "        {\n          \"threshold\": 17,\n          \"exact\": 8.25\n        },\n"
            "        {\n          \"threshold\": 18\n        }\n"
            "      ],\n"
            "      \"keep\": {\n        \"5\": 4,\n        \"6\": 6\n      }\n"
            "    }\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  rules goal 40\njokers,best\npony,\n");
}

TEST(Report, IntegersTakeAnIntegerFormatAndMissingValuesTheirTextInText) {
  Report r({"1.2", "", "goal 40", ""});
  Table& t = r.table("points", {{.name = "n", .text_format = "%3lld"},
                                {.name = "diff", .text = "  ", .text_format = "%+.2f", .se_name = "diff_stderr", .missing = "-"}});
  t.row({std::int64_t{7}, Estimate{0.5, 0.25}}).row({std::int64_t{12}, Absent{}});
  EXPECT_EQ(r.render("table"), "  7  +0.50 ± +0.25\n 12  -\n");
  EXPECT_EQ(r.render("csv"), "# verflixt 1.2  rules goal 40\nn,diff,diff_stderr\n7,0.500000,0.250000\n12,,\n");  // CSV prints integers in full
}

TEST(Report, PlusMinusIsOneStandardError) {
  EXPECT_EQ(plus_minus(core::Estimate{0.53061, 0.0012}), "0.5306 ± 0.0012");
  EXPECT_EQ(plus_minus(core::Estimate{-0.00001, 0.25}, "%+.3f", "%.2f"), "+0.000 ± 0.25");
  EXPECT_EQ(number("%.2f", -0.001), "0.00");
  EXPECT_EQ(number("%.3f", -0.001), "-0.001");
}

}  // namespace

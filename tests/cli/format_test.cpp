// How numbers are printed (src/cli/cli.cpp): a value that rounds to zero at the printed
// precision is printed as +0 — never "-0.000" — in every format, and JSON never carries -0.0.
// Before this, `solve --format markdown` printed "all-in-0.000" on one build and
// "all-in+0.000" on another for a marginal value of about -1e-16.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cli/cli.h"

namespace verflixt::cli {
namespace {

TEST(Format, NegativeZeroAndTinyNegativesPrintAsZero) {
  EXPECT_EQ(fmt("%+.3f", -0.0), "+0.000");
  EXPECT_EQ(fmt("%+.3f", -1e-16), "+0.000");
  EXPECT_EQ(fmt("%+.3f", -0.0004999), "+0.000");
  EXPECT_EQ(fmt("%.4f", -0.0), "0.0000");
  EXPECT_EQ(fmt("%.6f", -4e-7), "0.000000");
  EXPECT_EQ(fmt("%8.4f", -1e-9), "  0.0000");  // the width is kept
  EXPECT_EQ(fmt("%-8.2f|", -1e-9), "0.00    |");
  EXPECT_EQ(fmt("%.0f", -0.4), "0");
  EXPECT_EQ(fmt("%.3e", -0.0), "0.000e+00");
  EXPECT_EQ(fmt("%.3g", -0.0), "0");
  EXPECT_EQ(fmt("%.12g", -0.0), "0");
  EXPECT_EQ(fmt("%9.4f", -0.0), "   0.0000");
}

TEST(Format, OtherNumbersAreUntouched) {
  EXPECT_EQ(fmt("%+.3f", -0.0005), "-0.001");  // rounds away from zero: a real negative
  EXPECT_EQ(fmt("%+.3f", 0.0), "+0.000");
  EXPECT_EQ(fmt("%+.3f", 1e-16), "+0.000");
  EXPECT_EQ(fmt("%+.4f", -11.25), "-11.2500");
  EXPECT_EQ(fmt("%.4f", 8.12384), "8.1238");
  EXPECT_EQ(fmt("%.3g", -1e-20), "-1e-20");  // %g keeps the digits: not a zero
  EXPECT_EQ(fmt("%.3e", -2.5e-7), "-2.500e-07");
  EXPECT_EQ(fmt("%4.0f", 12.0), "  12");
  EXPECT_EQ(fmt("%.4f", -std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(fmt("%.4f", std::copysign(std::numeric_limits<double>::quiet_NaN(), -1.0)), "-nan");
}

TEST(Format, JsonNeverWritesNegativeZero) {
  nlohmann::ordered_json j;
  j["zero"] = -0.0;
  j["tiny"] = -1e-300;  // a real number: JSON keeps every digit, so it stays negative
  j["list"] = {1.5, -0.0, 0.0, -2.0};
  j["nested"]["marginal"] = {{"all-in", -0.0}};
  j["count"] = -0;  // an integer
  EXPECT_EQ(json_text(j),
            "{\n"
            "  \"zero\": 0.0,\n"
            "  \"tiny\": -1e-300,\n"
            "  \"list\": [\n"
            "    1.5,\n"
            "    0.0,\n"
            "    0.0,\n"
            "    -2.0\n"
            "  ],\n"
            "  \"nested\": {\n"
            "    \"marginal\": {\n"
            "      \"all-in\": 0.0\n"
            "    }\n"
            "  },\n"
            "  \"count\": 0\n"
            "}\n");
}

}  // namespace
}  // namespace verflixt::cli

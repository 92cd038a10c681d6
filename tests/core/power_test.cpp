// detail::power (src/core/power.h), the libm-free x^n the exact solo model and solver use for the
// Runkelrüb save chance and Cherry's binomials, against the exactly rounded values.
//
// The expected values were computed independently of verflixt, in exact rational arithmetic
// (Python: float(Fraction(x) ** n), which rounds the exact rational to the nearest double),
// for every base the rules can produce (k/6 and 1 - k/6 as doubles, k = 0..6) and n = 0..8
// (runkelrueb.throws <= 5, cherry.throws <= 8).
#include <gtest/gtest.h>

#include <cmath>

#include "core/power.h"

namespace verflixt::core {
namespace {

struct Row {
  double x;
  double pow[9];  // x^0 .. x^8, exactly rounded
};

const Row kRows[] = {
    {0x0.0p+0, {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0}},  // 0/6
    {0x1.0000000000000p+0, {0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0}},  // 1 - 0/6
    {0x1.5555555555555p-3, {0x1.0000000000000p+0, 0x1.5555555555555p-3, 0x1.c71c71c71c71cp-6, 0x1.2f684bda12f67p-8, 0x1.948b0fcd6e9dfp-11, 0x1.0db20a88f4694p-13, 0x1.67980e0bf08c5p-16, 0x1.df75680feb65cp-19, 0x1.3fa39ab547992p-21}},  // 1/6
    {0x1.aaaaaaaaaaaabp-1, {0x1.0000000000000p+0, 0x1.aaaaaaaaaaaabp-1, 0x1.638e38e38e38fp-1, 0x1.284bda12f684dp-1, 0x1.edd3c0ca45880p-2, 0x1.9b85cb5339f16p-2, 0x1.56ef7ec55af3dp-2, 0x1.1dc7944f21208p-2, 0x1.dc4ca1d937364p-3}},  // 1 - 1/6
    {0x1.5555555555555p-2, {0x1.0000000000000p+0, 0x1.5555555555555p-2, 0x1.c71c71c71c71cp-4, 0x1.2f684bda12f67p-5, 0x1.948b0fcd6e9dfp-7, 0x1.0db20a88f4694p-8, 0x1.67980e0bf08c5p-10, 0x1.df75680feb65cp-12, 0x1.3fa39ab547992p-13}},  // 2/6
    {0x1.5555555555556p-1, {0x1.0000000000000p+0, 0x1.5555555555556p-1, 0x1.c71c71c71c71ep-2, 0x1.2f684bda12f6ap-2, 0x1.948b0fcd6e9e4p-3, 0x1.0db20a88f4698p-3, 0x1.67980e0bf08ccp-4, 0x1.df75680feb666p-5, 0x1.3fa39ab54799ap-5}},  // 1 - 2/6
    {0x1.0000000000000p-1, {0x1.0000000000000p+0, 0x1.0000000000000p-1, 0x1.0000000000000p-2, 0x1.0000000000000p-3, 0x1.0000000000000p-4, 0x1.0000000000000p-5, 0x1.0000000000000p-6, 0x1.0000000000000p-7, 0x1.0000000000000p-8}},  // 3/6
    {0x1.0000000000000p-1, {0x1.0000000000000p+0, 0x1.0000000000000p-1, 0x1.0000000000000p-2, 0x1.0000000000000p-3, 0x1.0000000000000p-4, 0x1.0000000000000p-5, 0x1.0000000000000p-6, 0x1.0000000000000p-7, 0x1.0000000000000p-8}},  // 1 - 3/6
    {0x1.5555555555555p-1, {0x1.0000000000000p+0, 0x1.5555555555555p-1, 0x1.c71c71c71c71cp-2, 0x1.2f684bda12f67p-2, 0x1.948b0fcd6e9dfp-3, 0x1.0db20a88f4694p-3, 0x1.67980e0bf08c5p-4, 0x1.df75680feb65cp-5, 0x1.3fa39ab547992p-5}},  // 4/6
    {0x1.5555555555556p-2, {0x1.0000000000000p+0, 0x1.5555555555556p-2, 0x1.c71c71c71c71ep-4, 0x1.2f684bda12f6ap-5, 0x1.948b0fcd6e9e4p-7, 0x1.0db20a88f4698p-8, 0x1.67980e0bf08ccp-10, 0x1.df75680feb666p-12, 0x1.3fa39ab54799ap-13}},  // 1 - 4/6
    {0x1.aaaaaaaaaaaabp-1, {0x1.0000000000000p+0, 0x1.aaaaaaaaaaaabp-1, 0x1.638e38e38e38fp-1, 0x1.284bda12f684dp-1, 0x1.edd3c0ca45880p-2, 0x1.9b85cb5339f16p-2, 0x1.56ef7ec55af3dp-2, 0x1.1dc7944f21208p-2, 0x1.dc4ca1d937364p-3}},  // 5/6
    {0x1.5555555555554p-3, {0x1.0000000000000p+0, 0x1.5555555555554p-3, 0x1.c71c71c71c719p-6, 0x1.2f684bda12f65p-8, 0x1.948b0fcd6e9dap-11, 0x1.0db20a88f4690p-13, 0x1.67980e0bf08bfp-16, 0x1.df75680feb652p-19, 0x1.3fa39ab54798bp-21}},  // 1 - 5/6
    {0x1.0000000000000p+0, {0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p+0}},  // 6/6
    {0x0.0p+0, {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x0.0p+0}},  // 1 - 6/6
};

TEST(Power, IsExactlyRoundedForEveryBaseTheRulesUse) {
  int k = 0;
  for (const Row& row : kRows) {
    const int faces = k / 2;
    const double x = k % 2 == 0 ? faces / 6.0 : 1 - faces / 6.0;  // as delta_joker.h forms it
    ASSERT_EQ(x, row.x) << k;
    for (int n = 0; n <= 8; ++n) EXPECT_EQ(power(x, n), row.pow[n]) << x << "^" << n;
    ++k;
  }
  EXPECT_EQ(k, 14);
}

TEST(Power, ExactProductsAndSmallCases) {
  EXPECT_EQ(power(3.0, 5), 243.0);
  EXPECT_EQ(power(0.5, 8), 1.0 / 256);
  EXPECT_EQ(power(-2.0, 3), -8.0);
  EXPECT_EQ(power(0.0, 0), 1.0);
  // Multiplying in doubles rounds twice here and lands one ulp low; the exact value
  // (Python, Fraction) rounds to ...8c1.
  const double x = 0x1.89f2fdd933160p+0;
  EXPECT_EQ((x * x) * x, 0x1.d274bd439b8c0p+1);
  EXPECT_EQ(power(x, 3), 0x1.d274bd439b8c1p+1);
}

}  // namespace
}  // namespace verflixt::core

#pragma once
// x^n for a small integer n from IEEE multiplications and additions alone, correctly
// rounded (to nearest). Library-private.
//
// Why not std::pow: glibc chooses an implementation of pow (and exp, log) at run time by the
// processor (an FMA variant on FMA hardware); the variants may round differently in the last
// bit, so an exact result computed with pow could print other digits on another machine. The
// product here is carried in double-double (an exact product by Dekker's split, no FMA, and
// this project builds with -ffp-contract=off), so the only rounding that matters is the last
// one: the result is the double nearest x^n (x taken exactly as given) unless x^n lies
// within about n·2^-104 (relative) of the midpoint between two doubles. The exact-value test
// in tests/core/power_test.cpp checks every input the rules can produce (k/6 and 1 - k/6, n <= 8).
#include <cassert>

namespace verflixt::core {

// a·b = hi + lo exactly (Dekker, with Veltkamp's split; valid without overflow/underflow).
inline void exact_product(double a, double b, double& hi, double& lo) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double ca = kSplit * a, a_hi = ca - (ca - a), a_lo = a - a_hi;
  const double cb = kSplit * b, b_hi = cb - (cb - b), b_lo = b - b_hi;
  hi = a * b;
  lo = ((a_hi * b_hi - hi) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo;
}

inline double power(double x, int n) {
  assert(n >= 0);
  if (n == 0) return 1.0;
  if (x == 0.0) return 0.0;
  double hi = x, lo = 0.0;
  for (int i = 1; i < n; ++i) {
    double p, e;
    exact_product(hi, x, p, e);
    e += lo * x;
    hi = p + e;  // renormalize (|e| is far below |p|: fast two-sum)
    lo = e - (hi - p);
  }
  return hi + lo;
}

}  // namespace verflixt::core

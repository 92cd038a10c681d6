// What `verflixt bench`'s numbers depend on (bench_context.h).
#include "cli/bench_context.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace verflixt::cli::bench_context {


std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, implementer, part;
  auto value = [](const std::string& l) {
    const auto colon = l.find(':');
    std::string v = colon == std::string::npos ? "" : l.substr(colon + 1);
    v.erase(0, v.find_first_not_of(" \t"));
    v.erase(v.find_last_not_of(" \t\r") + 1);
    return v;
  };
  auto key_is = [](const std::string& l, const char* key) {
    return l.rfind(key, 0) == 0 && l.find_first_not_of(" \t", std::string(key).size()) != std::string::npos &&
           l[l.find_first_not_of(" \t", std::string(key).size())] == ':';
  };
  std::string fallback;
  while (std::getline(in, line)) {
    // x86 and most others; then what ARM, POWER and MIPS kernels print instead.
    if (key_is(line, "model name")) return value(line);
    if (fallback.empty() && (key_is(line, "Hardware") || key_is(line, "cpu model") || key_is(line, "cpu")))
      fallback = value(line);
    if (implementer.empty() && key_is(line, "CPU implementer")) implementer = value(line);
    if (part.empty() && key_is(line, "CPU part")) part = value(line);
  }
  if (!fallback.empty()) return fallback;
  if (!implementer.empty()) return "implementer " + implementer + " part " + part;
  return "unknown";
}

// The instruction sets the compiler was allowed to use (compile-time macros, i.e. -march).
std::vector<std::string> isa_features() {
  std::vector<std::string> f;
#if defined(__x86_64__)
  f.push_back("x86-64");
#endif
#if defined(__SSE2__)
  f.push_back("SSE2");
#endif
#if defined(__SSE4_2__)
  f.push_back("SSE4.2");
#endif
#if defined(__AVX__)
  f.push_back("AVX");
#endif
#if defined(__AVX2__)
  f.push_back("AVX2");
#endif
#if defined(__FMA__)
  f.push_back("FMA");
#endif
#if defined(__BMI2__)
  f.push_back("BMI2");
#endif
#if defined(__AVX512F__)
  f.push_back("AVX-512F");
#endif
#if defined(__AVX512BW__)
  f.push_back("AVX-512BW");
#endif
#if defined(__AVX512VL__)
  f.push_back("AVX-512VL");
#endif
#if defined(__aarch64__)
  f.push_back("AArch64");
#endif
#if defined(__ARM_NEON)
  f.push_back("NEON");
#endif
#if defined(__ARM_FEATURE_SVE)
  f.push_back("SVE");
#endif
#if defined(__ARM_FEATURE_SVE2)
  f.push_back("SVE2");
#endif
  return f;
}

// The widest vector ISA of those: what the kernel's loops are compiled for.
std::string isa_summary() {
#if defined(__AVX512F__)
  return "AVX-512";
#elif defined(__AVX2__)
  return "AVX2";
#elif defined(__AVX__)
  return "AVX";
#elif defined(__SSE4_2__)
  return "SSE4.2";
#elif defined(__SSE2__)
  return "SSE2";
#elif defined(__ARM_FEATURE_SVE2)
  return "SVE2";
#elif defined(__ARM_FEATURE_SVE)
  return "SVE";
#elif defined(__ARM_NEON)
  return "NEON";
#else
  return "scalar";
#endif
}

std::string compiler() {
#if defined(__clang__)
  return __VERSION__;  // "Clang 16.0.6 ..." or "Debian Clang ..."
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<double> load_average() {
  double l[3] = {-1, -1, -1};
  if (getloadavg(l, 3) != 3) return {};
  return {l[0], l[1], l[2]};
}

// The machine is busy when the 1-minute load average (runnable processes, averaged) exceeds
// the cores this run leaves idle by more than half a core: then some other process holds a
// core this run wants at least half the time, and at the largest thread count the kernel and
// its neighbours share cores. A load of 0.5 on an otherwise idle 2-core machine running 2
// threads already costs that; 1.5 on 8 cores with 4 threads does not.
double busy_threshold(int cores, int max_threads) { return std::max(cores - max_threads, 0) + 0.5; }

}  // namespace verflixt::cli::bench_context

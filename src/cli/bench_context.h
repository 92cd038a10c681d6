#pragma once
// What `verflixt bench`'s numbers depend on, read from the machine: the CPU, the ISA the
// build targets, the compiler, the time, the load average and when the machine counts as busy.
#include <string>
#include <vector>

namespace verflixt::cli::bench_context {

std::string cpu_model();
std::vector<std::string> isa_features();
std::string isa_summary();
std::string compiler();
std::string utc_now();
std::vector<double> load_average();
double busy_threshold(int cores, int max_threads);

}  // namespace verflixt::cli::bench_context

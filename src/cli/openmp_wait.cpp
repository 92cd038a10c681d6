#include "cli/openmp_wait.h"

#include <unistd.h>

#include <cstdlib>

#include "verflixt/core/cluster.h"

namespace verflixt::cli {

void restart_with_passive_openmp(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") != nullptr || core::cluster::built_with_mpi() || argv == nullptr) return;
  ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  ::setenv("GOMP_SPINCOUNT", "0", 1);
  ::execv("/proc/self/exe", argv);
  // exec failed (no /proc): run as we are; only the threads' idle time differs.
}

}  // namespace verflixt::cli

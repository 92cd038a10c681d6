#pragma once
// OpenMP threads that wait for work spin by default (libgomp: GOMP_SPINCOUNT): between the
// parallel regions of an exact solver they would keep every core busy, so two commands run
// at once would burn each other's cores on barriers, and bench's rates per CPU-second would
// count the spin as work. The runtime reads its environment once, when the program starts,
// so the executable sets a passive wait policy and starts itself again with the same
// arguments — unless a policy is set already (the user's choice; bench reports it), or in an
// MPI build (ranks are not restarted under mpirun).
namespace verflixt::cli {

// Restarts the process with OMP_WAIT_POLICY=PASSIVE (returns only when it does not).
void restart_with_passive_openmp(char** argv);

}  // namespace verflixt::cli

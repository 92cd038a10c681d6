#pragma once
// `verflixt rules|solve|evaluate|tournament|advise|bench --game zehntausend` (game_dispatch.cpp).

namespace verflixt::cli {

int zehntausend_rules_command(int argc, const char* const* argv);
int zehntausend_solve_command(int argc, const char* const* argv);
int zehntausend_evaluate_command(int argc, const char* const* argv);
int zehntausend_tournament_command(int argc, const char* const* argv);
int zehntausend_advise_command(int argc, const char* const* argv);
int zehntausend_bench_command(int argc, const char* const* argv);
int zehntausend_balance_command(int argc, const char* const* argv);

}  // namespace verflixt::cli

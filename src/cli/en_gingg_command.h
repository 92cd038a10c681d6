#pragma once
// En Gingg as Bei's commands (`--game en-gingg`; see game_dispatch.h). Private to the executable.
namespace verflixt::cli {

int en_gingg_rules_command(int argc, const char* const* argv);
int en_gingg_solve_command(int argc, const char* const* argv);
int en_gingg_evaluate_command(int argc, const char* const* argv);
int en_gingg_tournament_command(int argc, const char* const* argv);
int en_gingg_advise_command(int argc, const char* const* argv);
int en_gingg_balance_command(int argc, const char* const* argv);

}  // namespace verflixt::cli

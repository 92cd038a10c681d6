#include "cli/game_dispatch.h"

#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

std::span<const games::GameEntry> games() { return std::span(games::registry()).subspan(1); }

namespace {

// What --game takes: every game's name, the default first.
std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : games::registry()) names.emplace_back(g.name);
  return names;
}

// The last --game after the command (argv[1]): its value and where it stands in argv, as
// "--game NAME" (width 2) or "--game=NAME" (width 1); at < 0: none given.
struct GameOption {
  std::string value;
  int at = -1, width = 0;
  bool missing = false;  // a --game with no value after it: last, or before another option
};
GameOption game_option(int argc, char** argv) {
  GameOption g;
  for (int a = 2; a < argc; ++a) {
    if (std::strcmp(argv[a], "--game") == 0) {
      // No game's name starts with "--": `pig solve --game --goal 5` lacks the value.
      if (a + 1 >= argc || std::strncmp(argv[a + 1], "--", 2) == 0) g.missing = true;
      else g.value = argv[a + 1], g.at = a, g.width = 2;
    } else if (std::strncmp(argv[a], "--game=", 7) == 0) {
      g.value = argv[a] + 7, g.at = a, g.width = 1;
    }
  }
  return g;
}

}  // namespace

int dispatch_game(int& argc, char** argv) {
  const std::vector<std::string> names = game_names();
  const GameOption given = game_option(argc, argv);
  if (given.missing) {
    std::cerr << "verflixt: --game needs a value; valid: " << core::join(names) << "\n";
    return 2;
  }
  if (is_game_free(argv[1])) {
    if (given.at < 0) return -1;
    std::cerr << "verflixt: " << argv[1] << " takes no --game: it offers every game\n";
    return 2;
  }
  const auto k = given.at < 0 ? std::optional<size_t>(0) : core::match_name(given.value, names);
  if (!k) {
    std::cerr << "verflixt: unknown --game " << verflixt::core::quoted(given.value) << core::suggest(given.value, names)
              << "\n";
    return 2;
  }
  if (*k == 0) {
    if (given.at >= 0) {  // the default game's commands do not know --game: take it out
      for (int a = given.at; a + given.width < argc; ++a) argv[a] = argv[a + given.width];
      argc -= given.width;
      argv[argc] = nullptr;
    }
    return -1;
  }
  const games::GameEntry& g = games()[*k - 1];
  const std::string cmd = argv[1];
  const std::vector<std::string> commands = core::command_names(g.commands);
  const auto c = core::match_name(cmd, commands);
  if (!c) {
    std::cerr << "verflixt: " << cmd << " does not play --game " << g.name << "; " << g.name
              << " has: " << core::join(commands) << "\n";  // cmd is already a valid command name
    return 2;
  }
  try {
    return g.commands[*c].run(argc - 1, argv + 1);
  } catch (const core::InputError& e) {
    std::cerr << "verflixt: " << core::printable(e.what(), 4000) << "\n";
    return 2;
  } catch (const core::Interrupted& e) {
    return finish_unstarted(std::vector<std::string>(argv + 1, argv + argc), e.what(), g.name, false);
  } catch (const std::exception& e) {
    std::cerr << "verflixt: internal error: " << e.what() << "\n";
    return 1;
  }
}

void help_request(std::vector<char*>& args, size_t at) {
  static char help_flag[] = "--help";
  std::vector<char*> kept(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(at));
  std::vector<std::string> options, values;  // the words dropped: named by their options where there are any
  bool words = true;                          // still among the game and command words
  for (size_t a = at + 1; a + 1 < args.size(); ++a) {
    const std::string word = args[a];
    if (word == "--help" || word == "-h") continue;  // asked for already
    if (word.starts_with("--game=") || (word == "--game" && a + 2 == args.size())) {  // the latter: its own error
      kept.push_back(args[a]);
    } else if (word == "--game") {
      kept.insert(kept.end(), {args[a], args[a + 1]});
      ++a;
    } else if (words && !word.starts_with("-")) {
      kept.push_back(args[a]);
    } else {
      words = false;
      (word.starts_with("-") ? options : values).push_back(core::printable(word.substr(0, word.find('=')), 40));
    }
  }
  if (!options.empty() || !values.empty())
    warning(core::changes_nothing(options.empty() ? values : options, "help lists every option of the command"));
  kept.insert(kept.end(), {help_flag, nullptr});
  args = std::move(kept);
}

int game_first(std::vector<char*>& args) {
  const std::vector<std::string> names = game_names();
  const int argc = static_cast<int>(args.size()) - 1;
  if (argc < 2) return -1;
  const std::string first = args[1];
  std::string game;
  int taken = 0;  // arguments the game took before the command
  if (first == "--game") {
    if (argc < 3) {
      std::cerr << "verflixt: --game needs a value; valid: " << core::join(names) << "\n";
      return 2;
    }
    game = args[2], taken = 2;
  } else if (first.rfind("--game=", 0) == 0) {
    game = first.substr(7), taken = 1;
  } else if (core::match_name(first, names)) {
    game = first, taken = 1;
  } else {
    return -1;
  }
  const auto k = core::match_name(game, names);
  if (!k) {
    std::cerr << "verflixt: unknown --game " << verflixt::core::quoted(game) << core::suggest(game, names) << "\n";
    return 2;
  }
  // `verflixt pig help advise` is `verflixt pig advise --help`.
  if (argc > 2 + taken && std::strcmp(args[1 + taken], "help") == 0) {
    help_request(args, static_cast<size_t>(1 + taken));
    return game_first(args);
  }
  const bool no_command = argc <= 1 + taken || std::strcmp(args[1 + taken], "--help") == 0 ||
                          std::strcmp(args[1 + taken], "-h") == 0 || std::strcmp(args[1 + taken], "help") == 0;
  if (no_command) {
    if (*k == 0) {  // the default game: `verflixt --help` lists its commands
      args.erase(args.begin() + 1, args.begin() + 1 + taken);
      if (args.size() == 2) args.insert(args.end() - 1, const_cast<char*>("--help"));
      return -1;
    }
    const games::GameEntry& g = games()[*k - 1];
    std::ostream& out = standard_output();
    out << "verflixt --game " << g.name << ": " << g.description << "\ncommands:";
    for (const auto& c : g.commands) out << " " << c.name;
    out << "\n(verflixt " << g.name << " COMMAND --help for a command's options)\n";
    return 0;
  }
  // `verflixt pig solve --game pig`, the game named again after the command: the same game
  // changes nothing (said, and taken out); another is a contradiction, not a choice to make.
  args.erase(args.begin() + 1, args.begin() + 1 + taken);
  int rest = static_cast<int>(args.size()) - 1;
  for (GameOption again = game_option(rest, args.data()); again.at >= 0; again = game_option(rest, args.data())) {
    const auto other = core::match_name(again.value, names);
    if (!other) {
      std::cerr << "verflixt: unknown --game " << verflixt::core::quoted(again.value)
                << core::suggest(again.value, names) << "\n";
      return 2;
    }
    if (*other != *k) {
      std::cerr << "verflixt: the game is named twice: " << names[*k] << " first, --game " << names[*other]
                << " after the command; name it once\n";
      return 2;
    }
    warning("--game " + again.value + " changes nothing: the game is named before the command");
    args.erase(args.begin() + again.at, args.begin() + again.at + again.width);
    rest -= again.width;
  }
  // The option text lives as long as the program: argv points into it. It goes right after
  // the command, not last, where it would be the value of a last option left without one
  // (`pig evaluate --policy` read the policy '--game=pig').
  static std::string option;
  option = "--game=" + names[*k];
  args.insert(args.begin() + 2, option.data());
  return -1;
}

std::string unknown_command(int argc, char** argv, const std::vector<std::string>& commands) {
  const std::string cmd = argv[1];
  std::vector<std::string> names = commands;
  std::string what = "command";
  const GameOption given = game_option(argc, argv);
  if (const auto k = given.at < 0 ? std::nullopt : core::match_name(given.value, game_names()); k && *k > 0) {
    // `verflixt pig slove`: pig's commands, not the default game's.
    const games::GameEntry& g = games()[*k - 1];
    names = core::command_names(g.commands);
    what = g.name + " command";
  }
  // "--gmae pig solve": an option where the command belongs is a mistyped one of main's own.
  const std::vector<std::string> flags = {"--game", "--help", "--man", "--version"};
  return "unknown " + what + " " + core::quoted(cmd) +
         core::suggest(cmd, cmd.starts_with("--") ? flags : names, core::join(names));
}

}  // namespace verflixt::cli

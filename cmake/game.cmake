# verflixt_add_game(NAME SOURCES...): the library of one game, verflixt::NAME, on the core
# alone. src/ is on its include path privately, for the game's private headers
# (games/NAME/model.h, ...); never publicly, so nothing that links a game sees the command
# line's headers (the ctest tests Layering.GameCannotReachTheCli.* hold it to that).
function(verflixt_add_game name)
  add_library(verflixt_${name} STATIC ${ARGN})
  add_library(verflixt::${name} ALIAS verflixt_${name})
  target_include_directories(verflixt_${name} PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(verflixt_${name} PUBLIC verflixt::core PRIVATE verflixt_options)
  # The registry (src/games/CMakeLists.txt) links every game added here: no list to edit.
  set_property(GLOBAL APPEND PROPERTY VERFLIXT_GAMES ${name})
endfunction()

# verflixt_add_game_commands(NAME SOURCES...): the commands of one game (src/games/NAME/commands/),
# verflixt::NAME_commands, on the game and on the command line's plumbing (verflixt::cli_kit,
# which puts src/ on its include path). The game's library stays below the command line; only
# this target of the game sees it. The registry (src/games/registry.cpp) lists its commands.
function(verflixt_add_game_commands name)
  add_library(verflixt_${name}_commands STATIC ${ARGN})
  add_library(verflixt::${name}_commands ALIAS verflixt_${name}_commands)
  target_link_libraries(verflixt_${name}_commands PUBLIC verflixt::${name} verflixt::cli_kit PRIVATE verflixt_options)
endfunction()

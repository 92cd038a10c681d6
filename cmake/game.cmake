# verflixt_add_game(NAME SOURCES...): the library of one game, verflixt::NAME, on the core
# alone. src/ is on its include path privately, for the game's private headers
# (games/NAME/model.h, ...); never publicly, so nothing that links a game sees the command
# line's headers (the ctest tests Layering.GameCannotReachTheCli.* hold it to that).
function(verflixt_add_game name)
  add_library(verflixt_${name} STATIC ${ARGN})
  add_library(verflixt::${name} ALIAS verflixt_${name})
  target_include_directories(verflixt_${name} PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(verflixt_${name} PUBLIC verflixt::core PRIVATE verflixt_options)
endfunction()

# Checks that the game-free layers include no game: no source or header below the folders
# given includes a game's header ("games/<game>/..." or "verflixt/games/...") other than the
# registry (games/registry.h), which is how those layers reach every game alike.
#   cmake -DSOURCE_DIR=DIR -DFOLDERS=src/core,src/serve -P includes_no_game.cmake
# A game's name in a comment or a string is no dependency and is not looked at.
string(REPLACE "," ";" FOLDERS "${FOLDERS}")
set(found "")
set(scanned 0)
foreach(folder IN LISTS FOLDERS)
  file(GLOB_RECURSE files "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
  foreach(f IN LISTS files)
    math(EXPR scanned "${scanned} + 1")
    file(STRINGS "${f}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](verflixt/)?games/")
    foreach(line IN LISTS includes)
      if(NOT line MATCHES "[<\"]games/registry\\.h[>\"]")
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
        string(APPEND found "\n  ${rel}: ${line}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(scanned EQUAL 0)
  message(FATAL_ERROR "no sources found below ${FOLDERS} in ${SOURCE_DIR}")
endif()
if(NOT found STREQUAL "")
  message(FATAL_ERROR "a game-free layer includes a game:${found}")
endif()
message(STATUS "${scanned} files below ${FOLDERS} include no game")

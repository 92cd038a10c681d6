# Installing verflixt like any Debian tool, and packaging it as a .deb:
#   bin/verflixt
#   share/verflixt/strategies/...                   the shipped policies, found from any directory
#   share/man/man1/verflixt.1.gz                    the manual page
#   share/bash-completion/completions/verflixt      the bash completion
#   share/doc/verflixt/copyright, changelog.gz      what Debian asks of every package
# The man page and the completion are printed by the built binary from the commands' own
# --help texts (src/cli/manual.h), so they cannot drift from the options the commands parse.
# GNUInstallDirs is included by CMakeLists.txt (the data directory is compiled in).

install(TARGETS verflixt RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY strategies/ DESTINATION ${CMAKE_INSTALL_DATADIR}/verflixt/strategies)

# Generated at install time by the binary just built, straight into the destination (so two
# installs into different prefixes never share a file): nothing to keep in step by hand.
install(CODE "
  set(verflixt_dest \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  foreach(what IN ITEMS man completion)
    if(what STREQUAL man)
      set(dir \"\${verflixt_dest}/${CMAKE_INSTALL_MANDIR}/man1\")
      set(file \"\${dir}/verflixt.1\")
      set(args --man)
    else()
      set(dir \"\${verflixt_dest}/${CMAKE_INSTALL_DATADIR}/bash-completion/completions\")
      set(file \"\${dir}/verflixt\")
      set(args completion bash)
    endif()
    message(STATUS \"Installing: \${file}\")
    file(MAKE_DIRECTORY \"\${dir}\")
    execute_process(COMMAND \"$<TARGET_FILE:verflixt>\" \${args} OUTPUT_FILE \"\${file}\" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR \"verflixt: writing \${file} failed (\${result})\")
    endif()
    # Manual pages are installed compressed, as man reads them (gzip -n: no name or time in it).
    if(what STREQUAL man)
      execute_process(COMMAND gzip -9nf \"\${file}\" RESULT_VARIABLE result)
      if(NOT result EQUAL 0)
        message(FATAL_ERROR \"verflixt: compressing \${file} failed (\${result})\")
      endif()
      set(file \"\${file}.gz\")
    endif()
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${file}\")
  endforeach()
")

# The package's copyright statement and its changelog (one entry per version, compressed).
set(VERFLIXT_MAINTAINER "verflixt maintainers <maintainers@verflixt.example>" CACHE STRING
    "The package's maintainer (name <address>), for the .deb and its changelog")
string(TIMESTAMP VERFLIXT_RELEASE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)  # honours SOURCE_DATE_EPOCH
configure_file(${PROJECT_SOURCE_DIR}/cmake/changelog.in ${PROJECT_BINARY_DIR}/doc/changelog @ONLY)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(CODE "
  set(doc \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\")
  file(MAKE_DIRECTORY \"\${doc}\")
  file(COPY \"${PROJECT_BINARY_DIR}/doc/changelog\" DESTINATION \"\${doc}\")
  execute_process(COMMAND gzip -9nf \"\${doc}/changelog\" RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR \"verflixt: compressing the changelog failed (\${result})\")
  endif()
  message(STATUS \"Installing: \${doc}/changelog.gz\")
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${doc}/changelog.gz\")
")

# `cpack -G DEB` in the build directory: a .deb whose dependencies dpkg-shlibdeps reads off
# the binary, so apt installs the libraries it links (Boost, OpenMP, cpp-httplib).
set(CPACK_PACKAGE_NAME verflixt)
set(CPACK_PACKAGE_VENDOR "verflixt")
set(CPACK_PACKAGE_CONTACT "${VERFLIXT_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "strategy lab for push-your-luck dice games (Die verflixte 6, Pig, Schocken, ...)")
set(CPACK_PACKAGE_DESCRIPTION "verflixt answers the questions of push-your-luck dice games: when to
stop, which joker to play, how strong a rule or a joker is. It covers Die
verflixte 6 with its fifteen jokers, Zehntausend, Schocken, En Gingg as Bei,
Pig and Kniffel. Exact figures come from dynamic programming; sampled figures
come with their standard error, and a seed fixes every result bit for bit on
any number of threads. A local web page answers at the table.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# A game analysis tool, not a game to play: Debian's section "games" is for programs in /usr/games.
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The .deb is the command-line tool, the default component alone: the Python module (component
# python, src/python/) would need a package of its own that depends on python3 (lintian says
# so), so `cmake --install` installs it and the package leaves it out.
set(CPACK_INSTALL_CMAKE_PROJECTS "${PROJECT_BINARY_DIR};${PROJECT_NAME};Unspecified;/")
include(CPack)

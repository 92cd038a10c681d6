# Installing verflixt like any Debian tool, and packaging it as a .deb:
#   bin/verflixt
#   share/verflixt/strategies/...                   the shipped policies, found from any directory
#   share/man/man1/verflixt.1.gz                    the manual page
#   share/bash-completion/completions/verflixt      the bash completion
#   share/doc/verflixt/copyright, changelog.gz      what Debian asks of every package
# and, where the Python module is built, a second .deb, python3-verflixt:
#   lib/python3/dist-packages/verflixt.cpython-*.so  the module, where Debian's python3 reads it
#   lib/python3/dist-packages/verflixt-stubs/        its type stub (PEP 561)
#   share/doc/python3-verflixt/copyright, changelog.gz
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

# Every package's copyright statement and changelog (one entry per version, compressed), in
# its own share/doc/PACKAGE: Debian asks them of each package. ARGN: the install component.
set(VERFLIXT_MAINTAINER "verflixt maintainers <maintainers@verflixt.example>" CACHE STRING
    "The package's maintainer (name <address>), for the .deb and its changelog")
string(TIMESTAMP VERFLIXT_RELEASE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)  # honours SOURCE_DATE_EPOCH
configure_file(${PROJECT_SOURCE_DIR}/cmake/changelog.in ${PROJECT_BINARY_DIR}/doc/changelog @ONLY)
function(verflixt_install_package_docs docdir)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${docdir} ${ARGN})
  install(CODE "
    set(doc \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${docdir}\")
    file(MAKE_DIRECTORY \"\${doc}\")
    file(COPY \"${PROJECT_BINARY_DIR}/doc/changelog\" DESTINATION \"\${doc}\")
    execute_process(COMMAND gzip -9nf \"\${doc}/changelog\" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR \"verflixt: compressing the changelog failed (\${result})\")
    endif()
    message(STATUS \"Installing: \${doc}/changelog.gz\")
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${doc}/changelog.gz\")
  " ${ARGN})
endfunction()
verflixt_install_package_docs(${CMAKE_INSTALL_DOCDIR})

# The Python module as the .deb carries it (component python_deb, which `cmake --install`
# leaves out unless asked): in lib/python3/dist-packages, where Debian's python3 reads modules,
# whatever prefix the build was configured for (`cmake --install` installs the component python
# of src/python/ under its prefix instead). lintian allows only modules at the top of that
# directory, so the type stub goes into a stub package, verflixt-stubs/, where type checkers
# look for it (PEP 561).
if(TARGET verflixt_python)
  set(verflixt_deb_python lib/python3/dist-packages)
  install(TARGETS verflixt_python LIBRARY DESTINATION ${verflixt_deb_python} COMPONENT python_deb EXCLUDE_FROM_ALL)
  install(FILES ${PROJECT_SOURCE_DIR}/src/python/verflixt.pyi DESTINATION ${verflixt_deb_python}/verflixt-stubs
          RENAME __init__.pyi COMPONENT python_deb EXCLUDE_FROM_ALL)
  verflixt_install_package_docs(${CMAKE_INSTALL_DATAROOTDIR}/doc/python3-verflixt COMPONENT python_deb EXCLUDE_FROM_ALL)
endif()

# `cpack -G DEB` in the build directory: one .deb per component, verflixt (the command-line
# tool, the default component) and, with the module, python3-verflixt, whose dependencies
# dpkg-shlibdeps reads off the binaries, so apt installs the libraries they link (Boost, OpenMP,
# cpp-httplib). The module is a package of its own because a package with a module must depend
# on python3 (lintian says so), which the tool needs not; it depends on the tool's package for
# the data it reads (the strategies, the shipped solutions).
set(CPACK_PACKAGE_NAME verflixt)
set(CPACK_PACKAGE_VENDOR "verflixt")
set(CPACK_PACKAGE_CONTACT "${VERFLIXT_MAINTAINER}")
# Each package's description opens with its own summary line; an empty shared summary keeps
# CPack from putting the project's in front of both.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_DEBIAN_UNSPECIFIED_DESCRIPTION "strategy lab for push-your-luck dice games (Die verflixte 6, Pig, Schocken, ...)
verflixt answers the questions of push-your-luck dice games: when to
stop, which joker to play, how strong a rule or a joker is. It covers Die
verflixte 6 with its fifteen jokers, Zehntausend, Schocken, En Gingg as Bei,
Pig and Kniffel. Exact figures come from dynamic programming; sampled figures
come with their standard error, and a seed fixes every result bit for bit on
any number of threads. A local web page answers at the table.")
set(CPACK_DEBIAN_UNSPECIFIED_PACKAGE_NAME verflixt)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# A game analysis tool, not a game to play: Debian's section "games" is for programs in /usr/games.
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL Unspecified)
if(TARGET verflixt_python)
  list(APPEND CPACK_COMPONENTS_ALL python_deb)
  set(CPACK_DEBIAN_PYTHON_DEB_PACKAGE_NAME python3-verflixt)
  set(CPACK_DEBIAN_PYTHON_DEB_PACKAGE_SECTION python)
  # The module is built for one interpreter (its file name says which: cpython-311), whose
  # version pybind11 found (PYTHON_VERSION_*, from the interpreter it was given).
  set(verflixt_deb_python3 python3)
  if(DEFINED PYTHON_VERSION_MINOR)
    math(EXPR verflixt_python_next_minor "${PYTHON_VERSION_MINOR} + 1")
    set(verflixt_deb_python3 "python3 (>= ${PYTHON_VERSION_MAJOR}.${PYTHON_VERSION_MINOR}~), python3 (<< ${PYTHON_VERSION_MAJOR}.${verflixt_python_next_minor})")
  endif()
  set(CPACK_DEBIAN_PYTHON_DEB_PACKAGE_DEPENDS "${verflixt_deb_python3}, verflixt (= ${PROJECT_VERSION})")
  set(CPACK_DEBIAN_PYTHON_DEB_DESCRIPTION "verflixt for Python 3: every push-your-luck dice game of verflixt
The Python 3 module verflixt gives Python every game of verflixt (Die
verflixte 6, Pig, Schocken, En Gingg, Zehntausend, Kniffel): its rules, its
model (the states, legal actions and chance outcomes) and its answers
(solve, evaluate, tournament, advise, balance), the numbers of the command
line for the same options and seed.")
endif()
# Every install component of the build is a candidate; CPACK_COMPONENTS_ALL picks the packaged
# ones (not src/python/'s python, which is `cmake --install`'s, under its prefix).
set(CPACK_INSTALL_CMAKE_PROJECTS "${PROJECT_BINARY_DIR};${PROJECT_NAME};ALL;/")
include(CPack)

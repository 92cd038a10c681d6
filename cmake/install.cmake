# Installing verflixt like any Debian tool, and packaging it as a .deb:
#   bin/verflixt
#   share/verflixt/strategies/...                   the shipped policies, found from any directory
#   share/man/man1/verflixt.1                       the manual page
#   share/bash-completion/completions/verflixt      the bash completion
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
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${file}\")
  endforeach()
")

# `cpack -G DEB` in the build directory: a .deb whose dependencies dpkg-shlibdeps reads off
# the binary, so apt installs the libraries it links (Boost, OpenMP, cpp-httplib).
set(CPACK_PACKAGE_NAME verflixt)
set(CPACK_PACKAGE_VENDOR "verflixt")
set(CPACK_PACKAGE_CONTACT "verflixt maintainers <verflixt@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "strategy lab for push-your-luck dice games (Die verflixte 6, Pig, Schocken, ...)")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)

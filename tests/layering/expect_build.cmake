# Builds one target of a build tree and checks the outcome, for the layering tests:
#   cmake -DBUILD_DIR=DIR -DTARGET=NAME -DCONFIG=CFG -DEXPECT=success|failure
#         [-DREASON=REGEX] -P expect_build.cmake
# EXPECT=failure passes only when the build fails with REASON in its output, so a probe that
# breaks for another reason (a typo, a missing file) fails the test instead of passing it.
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}" --config "${CONFIG}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(EXPECT STREQUAL "success")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${TARGET} should build but failed (${result}):\n${output}")
  endif()
  message(STATUS "${TARGET} builds, as it should")
elseif(EXPECT STREQUAL "failure")
  if(result EQUAL 0)
    message(FATAL_ERROR "${TARGET} should not build but did:\n${output}")
  endif()
  if(NOT output MATCHES "${REASON}")
    message(FATAL_ERROR "${TARGET} failed, but not with /${REASON}/:\n${output}")
  endif()
  message(STATUS "${TARGET} does not build, as it should (/${REASON}/)")
else()
  message(FATAL_ERROR "EXPECT must be success or failure, not '${EXPECT}'")
endif()

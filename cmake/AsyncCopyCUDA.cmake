# Finds the CUDA tools the tests use to assemble emitted PTX (ptxas) and to
# inspect binaries (cuobjdump). Both are optional: lit marks the tests that
# need them UNSUPPORTED where they are missing.
find_program(ASYNCCOPY_PTXAS ptxas HINTS /usr/local/cuda/bin ENV CUDA_HOME
             PATH_SUFFIXES bin)
if(ASYNCCOPY_PTXAS)
  get_filename_component(ASYNCCOPY_CUDA_BIN_DIR ${ASYNCCOPY_PTXAS} DIRECTORY)
  message(STATUS "ptxas: ${ASYNCCOPY_PTXAS}")
else()
  set(ASYNCCOPY_CUDA_BIN_DIR "")
  message(STATUS "ptxas not found: PTX assembly tests will be skipped")
endif()

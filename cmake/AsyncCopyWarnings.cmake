# -DASYNCCOPY_WARNINGS_AS_ERRORS=ON makes every warning in our code an error
# for what is defined after this point (lib/, tools/, test/); CI (.ci/run)
# builds with it. The warnings are LLVM's set (HandleLLVMOptions: -Wall
# -Wextra and the rest of LLVM_ENABLE_WARNINGS), which MLIR's own code meets;
# MLIR's and LLVM's headers are system headers, so they do not count.
option(ASYNCCOPY_WARNINGS_AS_ERRORS "Compile our code with -Werror" OFF)

if(ASYNCCOPY_WARNINGS_AS_ERRORS)
  add_compile_options(-Werror)
endif()

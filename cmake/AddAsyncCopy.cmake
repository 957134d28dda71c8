# Product libraries of asynccopy. add_mlir_library would install them into
# MLIR's own export set (MLIRTargets); these go into AsyncCopyTargets, which
# lib/cmake/asynccopy exports as AsyncCopy::<name> (cmake/modules). They keep
# their object library (obj.<name>), from which AsyncCopyPlugin is linked.
function(add_asynccopy_library name)
  add_mlir_library(${ARGV} OBJECT DISABLE_INSTALL)
  install(TARGETS ${name} EXPORT AsyncCopyTargets
    ARCHIVE DESTINATION lib
    LIBRARY DESTINATION lib
    )
  set_property(GLOBAL APPEND PROPERTY ASYNCCOPY_LIBS ${name})
  asynccopy_use_pch(${name})
endfunction()

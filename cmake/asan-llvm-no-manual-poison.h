/* Force-included (-include) into every translation unit of a sanitizer build.
 *
 * LLVM's headers poison and unpoison memory by hand when the including code is
 * built with ASan (llvm/Support/Compiler.h: LLVM_ADDRESS_SANITIZER_BUILD; the
 * BumpPtrAllocator poisons the unused tail of each slab). Our instrumented
 * copies of those inline templates are linked together with the
 * uninstrumented MLIR/LLVM static libraries, and the linker keeps one copy of
 * each: a slab poisoned by our AllocateSlow is then handed out by MLIR's
 * uninstrumented Allocate without being unpoisoned, and every later read is a
 * false "use-after-poison". Turning the manual annotations into no-ops makes
 * both copies agree; ASan's own instrumentation (heap, stack, globals) stays.
 */
#ifndef ASYNCCOPY_ASAN_LLVM_NO_MANUAL_POISON_H
#define ASYNCCOPY_ASAN_LLVM_NO_MANUAL_POISON_H
#if defined(__has_include)
#if __has_include(<sanitizer/asan_interface.h>)
#include <sanitizer/asan_interface.h>
#endif
#endif
#undef __asan_poison_memory_region
#undef __asan_unpoison_memory_region
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
#endif

#!/usr/bin/env bash
# Ahead-of-time compilation: an MLIR module with host code and asynccopy
# kernels -> a native object or executable that needs no MLIR at run time,
# only libAsyncCopyRuntime.so (which loads the CUDA driver with dlopen).
#
#   utils/aot-compile.sh [-p "pipeline options"] [-o out] [--driver main.cpp]...
#                        [-I dir]... [-L dir]... [-l name]... [--ldflags "flags"]
#                        module.mlir...
#
# Each module goes through `ac-opt --asynccopy-to-llvm` (default options
# format=bin), mlir-translate and llc into an object. With -o ending in .o
# and one module, that object is the result; otherwise the objects (and any
# --driver C/C++ sources) are linked into an executable against the runtime,
# which is copied next to it (rpath $ORIGIN). -I adds an include directory
# for the drivers (generated tables, say), -L a library directory,
# -l a library (after the runtime), --ldflags further compiler-driver flags
# for the link (split at spaces, e.g. "-pthread -Wl,-rpath,/opt/lib").
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${ASYNCCOPY_BUILD_DIR:-$here/build}
llvm=/usr/lib/llvm-22/bin
options="format=bin"
out=a.out
drivers=()
includes=()
libdirs=()
libs=()
ldflags=()
modules=()
while [ $# -gt 0 ]; do
  case "$1" in
    -p) options="$2"; shift 2 ;;
    -o) out="$2"; shift 2 ;;
    --driver) drivers+=("$2"); shift 2 ;;
    -I) includes+=("-I$2"); shift 2 ;;
    -L) libdirs+=("-L$2"); shift 2 ;;
    -L*) libdirs+=("$1"); shift ;;
    -l) libs+=("-l$2"); shift 2 ;;
    -l*) libs+=("$1"); shift ;;
    --ldflags) read -r -a flags <<<"$2"; ldflags+=("${flags[@]}"); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) modules+=("$1"); shift ;;
  esac
done
[ ${#modules[@]} -gt 0 ] || { echo "aot-compile: no input module" >&2; exit 1; }
# gpu-module-to-binary{format=bin} runs ptxas from PATH.
export PATH="$PATH:/usr/local/cuda/bin"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objects=()
for m in "${modules[@]}"; do
  name=$(basename "$m" .mlir)
  "$bin/bin/ac-opt" "$m" --asynccopy-to-llvm="$options" -o "$work/$name.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$work/$name.llvm.mlir" -o "$work/$name.ll"
  "$llvm/llc" -O2 -filetype=obj -relocation-model=pic "$work/$name.ll" -o "$work/$name.o"
  objects+=("$work/$name.o")
done
if [[ "$out" == *.o && ${#objects[@]} -eq 1 && ${#drivers[@]} -eq 0 ]]; then
  if [ $((${#libdirs[@]} + ${#libs[@]} + ${#ldflags[@]})) -gt 0 ]; then
    echo "aot-compile: -L, -l and --ldflags apply to a link; -o $out is an object" >&2
    exit 1
  fi
  cp "${objects[0]}" "$out"
  exit 0
fi
runtime="$bin/lib/libAsyncCopyRuntime.so"
[ -f "$runtime" ] || { echo "aot-compile: $runtime not built" >&2; exit 1; }
c++ -O2 -std=c++17 -I"$here/include" ${includes[@]+"${includes[@]}"} "${drivers[@]}" "${objects[@]}" \
  "${libdirs[@]}" -L"$bin/lib" -lAsyncCopyRuntime "${libs[@]}" "${ldflags[@]}" \
  -Wl,-rpath,'$ORIGIN' -o "$out"
cp "$runtime" "$(dirname "$out")/"

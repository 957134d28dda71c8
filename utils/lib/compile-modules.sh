# shellcheck shell=bash
# Sourced by utils/build-gpu-tests.sh and utils/build-multigpu-tests.sh: the
# ahead-of-time compilation of a folder of test modules, each on its own.
#
#   compile_modules TOOL OBJ SKIP_VAR MODULE...
#
# Compiles each MODULE with utils/aot-compile.sh into OBJ/<name>.o (its
# output in OBJ/<name>.log), with the pipeline options that the caller's
# `module_options NAME` prints. Appends the names it compiled to `built`, their
# objects to `objects`. A module that does not compile fails the script,
# unless the variable named SKIP_VAR is 1: then it is skipped with a message
# (TOOL names the script) and appended to `skipped`.
aot_compile="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/aot-compile.sh"

compile_modules() {
  local tool=$1 obj=$2 skip_var=$3 m name
  shift 3
  mkdir -p "$obj"
  for m in "$@"; do
    name=$(basename "$m" .mlir)
    rm -f "$obj/$name.o"
    if "$aot_compile" -p "$(module_options "$name")" \
        -o "$obj/$name.o" "$m" > "$obj/$name.log" 2>&1; then
      objects+=("$obj/$name.o")
      built+=("$name")
    elif [ "${!skip_var:-0}" = 1 ]; then
      echo "$tool: SKIPPED $name: the module does not compile" \
        "($skip_var=1); see $obj/$name.log:" >&2
      head -n 3 "$obj/$name.log" | sed 's/^/    /' >&2
      skipped+=("$name")
    else
      cat "$obj/$name.log" >&2
      echo "$tool: $name does not compile (set $skip_var=1 to skip such" \
        "modules)" >&2
      exit 1
    fi
  done
}

// utils/aot-compile.sh passes -L, -l and --ldflags on to the link.
// The program is not instrumented; in a sanitizer build it loads the
// instrumented runtime with the sanitizer runtime preloaded.
// REQUIRES: plain-host
// RUN: rm -rf %t && split-file %s %t && mkdir %t/libs
// RUN: c++ -c %t/extra.cpp -o %t/extra.o && ar rcs %t/libs/libacextra.a %t/extra.o
// RUN: %aot_compile -p "format=isa" --driver %t/main.cpp -L %t/libs -l acextra \
// RUN:   --ldflags "-Wl,-Map,%t/app.map -Wl,--cref" -o %t/app %t/module.mlir
// RUN: %run_plain_host %t/app
// RUN: FileCheck %s --check-prefix=MAP < %t/app.map
// MAP: libacextra.a(extra.o)
// MAP: Cross Reference Table

// The attached forms, and a library that is not there.
// RUN: not %aot_compile -p "format=isa" --driver %t/main.cpp -L%t/libs -lacextra \
// RUN:   -lasynccopy_no_such_lib -o %t/app2 %t/module.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: cannot find -lasynccopy_no_such_lib
// MISSING-NOT: acExtra

// Link flags without a link.
// RUN: not %aot_compile -p "format=isa" -l acextra -o %t/module.o %t/module.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OBJECT
// OBJECT: aot-compile: -L, -l and --ldflags apply to a link; -o {{.*}}module.o is an object

//--- module.mlir
func.func @host() {
  return
}

//--- extra.cpp
extern "C" int acExtra() { return 42; }

//--- main.cpp
extern "C" int acExtra();
int main() { return acExtra() == 42 ? 0 : 1; }

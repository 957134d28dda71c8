import sys

import asynccopy

src = open(sys.argv[1]).read()
out = asynccopy.compile(src)
print("OK", [l.strip() for l in out.splitlines() if "asynccopy." in l][0])
bad = """
func.func @g(%r: i32, %s: index, %p: i1) {
  %b = asynccopy.barrier.alloc : !asynccopy.barrier<1>
  %v = asynccopy.barrier.remote %b, %r : !asynccopy.barrier<1> -> !asynccopy.barrier<1, remote>
  asynccopy.barrier.wait %v[%s], %p : !asynccopy.barrier<1, remote>
  return
}
"""
try:
    asynccopy.compile(bad)
except asynccopy.CompileError as e:
    print("ERROR", str(e).splitlines()[0])

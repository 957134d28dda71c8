#!/usr/bin/env bash
# Seeds a libFuzzer corpus from the lit tests: every test/**/*.mlir (and
# examples/*.mlir) is split on `// -----` and each piece becomes one file,
# once as it is (ac-fuzz runs asynccopy-to-llvm with default options) and
# once behind a first line `// OPTIONS: ...` that ac-fuzz reads as the
# pipeline's options (a rotation over chips, descriptor modes and opt
# levels the pipeline supports).
#   utils/make-fuzz-corpus.sh build-fuzz/corpus
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: utils/make-fuzz-corpus.sh <corpus-dir>}
mkdir -p "$OUT"
python3 - "$OUT" <<'PY'
import hashlib, itertools, pathlib, re, sys
out = pathlib.Path(sys.argv[1])
options = itertools.cycle([
    "chip=sm_80",
    "descriptor-mode=scratch",
    "chip=sm_90a opt-level=3",
    "chip=sm_75 opt-level=0",
    "chip=sm_90 descriptor-mode=scratch opt-level=1",
    "chip=sm_86 features=+ptx81",
])
n = 0
files = sorted(pathlib.Path("test").rglob("*.mlir")) + sorted(pathlib.Path("examples").glob("*.mlir"))
for f in files:
    for piece in re.split(r"^// -----.*$", f.read_text(), flags=re.M):
        if not piece.strip():
            continue
        for text in (piece.lstrip("\n"), f"// OPTIONS: {next(options)}\n{piece.lstrip(chr(10))}"):
            data = text.encode()
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
            n += 1
print(f"{n} seeds from {len(files)} files in {out}")
PY

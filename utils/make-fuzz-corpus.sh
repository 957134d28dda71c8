#!/usr/bin/env bash
# Seeds a libFuzzer corpus from the lit tests: every test/**/*.mlir (and
# examples/*.mlir) is split on `// -----` and each piece becomes one file.
#   utils/make-fuzz-corpus.sh build-fuzz/corpus
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: utils/make-fuzz-corpus.sh <corpus-dir>}
mkdir -p "$OUT"
python3 - "$OUT" <<'PY'
import hashlib, pathlib, re, sys
out = pathlib.Path(sys.argv[1])
n = 0
files = sorted(pathlib.Path("test").rglob("*.mlir")) + sorted(pathlib.Path("examples").glob("*.mlir"))
for f in files:
    for piece in re.split(r"^// -----.*$", f.read_text(), flags=re.M):
        if not piece.strip():
            continue
        data = piece.encode()
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
        n += 1
print(f"{n} seeds from {len(files)} files in {out}")
PY

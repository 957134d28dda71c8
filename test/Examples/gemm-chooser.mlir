// bench/gemm/chooser.py picks gemm_gen.py's configuration for a GEMM from
// its rules and roofline estimate (docs/performance.md, "Choosing a GEMM
// configuration"), without timing anything.
//
// Square and large: the persistent 128x256 kernel with 4 stages in
// rasterisation groups of 16 rows, no split, no cluster (the ties are
// broken that way).
// RUN: %python %S/../../bench/gemm/chooser.py 4096 4096 4096 --dtype bf16 --explain \
// RUN:   | FileCheck %s --check-prefix=SQUARE
// SQUARE: {{^ *[0-9.]+ us  gemm_4096x4096x4096_128x256_s4_p_g16_bf16_bf16 +tensor-bound, 512 CTAs in 4 wave}}
//
// 16 tokens against a 4096 x 4096 weight: 32 tiles of 64x128 would leave
// most SMs idle, so K is split; the partial tiles are summed through DSMEM
// (`_skc`: deterministic, bf16 C, no zeroing), the SMs' time with the
// exchange above the time to read B from DRAM.
// RUN: %python %S/../../bench/gemm/chooser.py 16 4096 4096 --dtype bf16 --explain \
// RUN:   | FileCheck %s --check-prefix=SKINNY
// SKINNY: {{^ *[0-9.]+ us  gemm_16x4096x4096_64x128_s6_bf16_bf16_skc3 +tensor-bound, 96 CTAs}}
//
// A C of f32 may be split by TMA reduce-add (`_sk`) unless --deterministic:
// every candidate then sums through DSMEM.
// RUN: %python %S/../../bench/gemm/chooser.py 16 4096 4096 --dtype bf16 --out f32 \
// RUN:   --explain | FileCheck %s --check-prefix=REDUCE
// REDUCE: _sk{{[0-9]}}{{ }}
// RUN: %python %S/../../bench/gemm/chooser.py 16 4096 4096 --dtype bf16 --out f32 \
// RUN:   --deterministic --explain | FileCheck %s --check-prefix=DET
// DET-NOT: _sk{{[0-9]}}{{ }}
//
// The kernel it prints compiles (PTX through ptxas, without a word).
// RUN: %python %S/../../bench/gemm/chooser.py 16 4096 4096 --dtype bf16 \
// RUN:   | ac-opt -asynccopy-to-llvm="format=isa" | %extract_ptx --ptxas-messages \
// RUN:   | FileCheck %s --check-prefix=PTX
// PTX: .reqnctapercluster 1, 1, 3
// PTX: mapa.shared::cluster
// PTX: cp.async.bulk.shared::cluster.shared::cta
// PTX-NOT: // ptxas:
//
// Bad input: a clear error, exit code 2 (argparse).
// RUN: not %python %S/../../bench/gemm/chooser.py 0 4096 4096 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// ERR: error: M, N and K must be positive
// RUN: not %python %S/../../bench/gemm/chooser.py 64 64 64 --dtype e4m3 --a-major mn 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-MN
// ERR-MN: error: no configuration of gemm_gen builds this GEMM: --a-major mn needs --dtype f16 or bf16

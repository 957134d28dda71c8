"""Hand-computed cases of the host reference (semantics.py), from the
documented semantics: if these fail, the matrix checks the GPU against a
wrong reference."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import semantics as sem  # noqa: E402


class Semantics(unittest.TestCase):
    def test_swizzle(self):
        # 128-B swizzle: chunk 1 of row 1 lands in chunk 0; row 3's chunk 0 in chunk 3.
        self.assertEqual(sem.swizzle(128 + 16, 128), 128)
        self.assertEqual(sem.swizzle(3 * 128 + 4, 128), 3 * 128 + 3 * 16 + 4)
        # 32-B swizzle only XORs bit 4 with bit 7; 64-B bits 4-5 with 7-8.
        self.assertEqual(sem.swizzle(3 * 128, 32), 3 * 128 + 16)
        self.assertEqual(sem.swizzle(3 * 128, 64), 3 * 128 + 48)
        self.assertEqual(sem.swizzle(8 * 128 + 16, 128), 8 * 128 + 16)
        self.assertEqual(sem.swizzle(77, 0), 77)

    def test_tile(self):
        # Window [16, 64] at (8, 32) tiled by [8, 32] -> (2, 2, 8, 32).
        shape, coords = sem.transformed_window((64, 1), (8, 32), (16, 64), [("tile", (8, 32))])
        self.assertEqual(shape, (2, 2, 8, 32))
        self.assertEqual(coords((1, 0, 3, 5)), (8 + 8 + 3, 32 + 5))
        # rounding = up covers the remainder, down drops it.
        up, _ = sem.transformed_window((64, 1), (0, 0), (12, 64), [("tile", (8, 32), "up")])
        down, _ = sem.transformed_window((64, 1), (0, 0), (12, 64), [("tile", (8, 32), "down")])
        self.assertEqual((up, down), ((2, 2, 8, 32), (1, 2, 8, 32)))

    def test_transpose(self):
        shape, coords = sem.transformed_window((100, 10, 1), (1, 2, 3), (2, 3, 4),
                                               [("transpose", (2, 0, 1))])
        self.assertEqual(shape, (4, 2, 3))
        self.assertEqual(coords((3, 1, 2)), (1 + 1, 2 + 2, 3 + 3))

    def test_collapse_leading(self):
        # Rows of 16: the window's rows 1-2 become elements 16-47 of one dim.
        shape, coords = sem.transformed_window((16, 1), (1, 0), (2, 16),
                                               [("collapse_leading", 2)])
        self.assertEqual(shape, (32,))
        self.assertEqual(coords((20,)), (2, 4))
        # A window narrower than the rows still copies a linear range.
        shape, coords = sem.transformed_window((16, 1), (1, 2), (2, 8),
                                               [("collapse_leading", 2)])
        self.assertEqual([coords((i,)) for i in (0, 13, 15)], [(1, 2), (1, 15), (2, 1)])

    def test_drop_unit_dims(self):
        shape, coords = sem.transformed_window((60, 20, 1), (4, 7, 2), (3, 1, 5),
                                               [("drop_unit_dims", (1,))])
        self.assertEqual(shape, (3, 5))
        self.assertEqual(coords((2, 4)), (6, 7, 6))

    def test_combination(self):
        # drop, then tile: the tile applies to the dims that are left.
        shape, coords = sem.transformed_window((1000, 100, 1), (2, 8, 16), (1, 16, 32),
                                               [("drop_unit_dims", (0,)), ("tile", (8, 16))])
        self.assertEqual(shape, (2, 2, 8, 16))
        self.assertEqual(coords((1, 1, 2, 3)), (2, 8 + 8 + 2, 16 + 16 + 3))

    def test_element_map(self):
        view = {"dtype": "f32", "shape": (3, 5), "strides": (8, 1), "offset": 4}
        shape, addrs = sem.element_map(view, (2, 3), (2, 4), [])
        self.assertEqual(shape, (2, 4))
        self.assertEqual(addrs, [(4 + 16 + 3) * 4, (4 + 16 + 4) * 4, None, None,
                                 None, None, None, None])

    def test_nan(self):
        self.assertEqual(sem.oob_nan("f16"), b"\xf7\x7f")
        self.assertEqual(sem.oob_nan("f64"), bytes.fromhex("f77ff77ff77ff77f"))
        self.assertEqual(sem.oob_nan("f8E4M3FN"), b"\x7f")

    def test_reductions(self):
        self.assertEqual(sem.reduce("min", "i32", -5, 3), -5)
        self.assertEqual(sem.reduce("min", "ui32", 2**32 - 5, 3), 3)
        self.assertEqual(sem.encode("i32", sem.reduce("add", "i32", 2**31 - 1, 1)),
                         (2**31).to_bytes(4, "little"))
        self.assertEqual([sem.reduce("inc", "ui32", old, 5) for old in (3, 5, 9)], [4, 0, 0])
        self.assertEqual([sem.reduce("dec", "ui32", old, 5) for old in (0, 3, 9)], [5, 2, 5])
        self.assertEqual(sem.reduce("xor", "i64", -1, 1), 2**64 - 2)
        self.assertEqual(sem.decode("bf16", sem.encode("bf16", -3.0)), -3.0)

    def test_pattern(self):
        # runner.cpp computes the same bytes (first word of seed 0).
        x = (12345 * 1664525 + 1013904223) & 0xFFFFFFFF
        self.assertEqual(sem.pattern(0, 4), (x ^ (x >> 15)).to_bytes(4, "little"))
        self.assertEqual(len(sem.pattern(7, 13)), 13)


if __name__ == "__main__":
    unittest.main()

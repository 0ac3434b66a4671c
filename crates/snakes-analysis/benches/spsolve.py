"""SciPy's general sparse direct solve of the expected-turns system, for comparison.

Reads the landing table written by the `large` bench (little-endian u32, `faces` entries per
square 0..N-1, each the square a roll lands on, from the move function of the `snakes` crate),
builds (I - Q) x = 1 over the squares 0..N-1 (N absorbs) and times building plus spsolve.

Usage: python3 spsolve.py TABLE N FACES START
"""

import sys
import time

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as spla


def main():
    path, n, faces, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    land = np.fromfile(path, dtype="<u4").astype(np.int64)
    assert land.size == n * faces
    t0 = time.perf_counter()
    rows = np.repeat(np.arange(n), faces)
    keep = land != n  # landing on N leaves the transient states
    q = sp.csr_matrix(
        (np.full(int(keep.sum()), 1.0 / faces), (rows[keep], land[keep])), shape=(n, n)
    )
    a = (sp.identity(n, format="csr") - q).tocsc()
    x = spla.spsolve(a, np.ones(n))
    secs = time.perf_counter() - t0
    print(f"scipy {scipy.__version__}, numpy {np.__version__}")
    print(f"spsolve seconds: {secs:.3f}")
    print(f"spsolve expected turns: {float(x[start])!r}")


if __name__ == "__main__":
    main()

"""SciPy on the expected-turns system, for comparison: a sparse direct solve and GMRES with an
incomplete LU preconditioner.

Reads the landing table written by the Rust benches (little-endian u32, `faces` entries per
square 0..N-1, each the square a roll lands on, from the move function of the `snakes` crate),
builds (I - Q) x = 1 over the squares 0..N-1 (N absorbs) and times, for each method asked,
building the matrix plus solving:

- spsolve: scipy.sparse.linalg.spsolve (SuperLU, COLAMD ordering);
- gmres-ilu: scipy.sparse.linalg.gmres preconditioned by spilu (drop_tol 1e-4, fill_factor 10),
  restart 50, relative tolerance 1e-12 (the incomplete factorisation is part of the time).

Usage: python3 scipy_solve.py TABLE N FACES START [METHOD ...]   (default: spsolve)
Prints, per method, "METHOD seconds: S" and "METHOD expected turns: X" (or "METHOD failed: ...").
"""

import sys
import time

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as spla


def system(land, n, faces):
    rows = np.repeat(np.arange(n), faces)
    keep = land != n  # landing on N leaves the transient states
    q = sp.csr_matrix(
        (np.full(int(keep.sum()), 1.0 / faces), (rows[keep], land[keep])), shape=(n, n)
    )
    return (sp.identity(n, format="csr") - q).tocsc()


def solve(method, land, n, faces):
    a = system(land, n, faces)
    b = np.ones(n)
    if method == "spsolve":
        return spla.spsolve(a, b), None
    if method == "gmres-ilu":
        ilu = spla.spilu(a, drop_tol=1e-4, fill_factor=10)
        m = spla.LinearOperator((n, n), ilu.solve)
        count = [0]

        def each(_):
            count[0] += 1

        x, info = spla.gmres(
            a, b, M=m, rtol=1e-12, atol=0.0, restart=50, maxiter=2000,
            callback=each, callback_type="pr_norm",
        )
        if info != 0:
            raise RuntimeError(f"gmres did not converge (info {info})")
        return x, count[0]
    raise ValueError(f"unknown method {method}")


def main():
    path, n, faces, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    methods = sys.argv[5:] or ["spsolve"]
    land = np.fromfile(path, dtype="<u4").astype(np.int64)
    assert land.size == n * faces
    print(f"scipy {scipy.__version__}, numpy {np.__version__}", flush=True)
    for method in methods:
        t0 = time.perf_counter()
        try:
            x, iterations = solve(method, land, n, faces)
        except (MemoryError, RuntimeError, ValueError) as e:
            print(f"{method} failed: {type(e).__name__}: {e}", flush=True)
            continue
        secs = time.perf_counter() - t0
        print(f"{method} seconds: {secs:.4f}", flush=True)
        if iterations is not None:
            print(f"{method} iterations: {iterations}", flush=True)
        print(f"{method} expected turns: {float(x[start])!r}", flush=True)


if __name__ == "__main__":
    main()

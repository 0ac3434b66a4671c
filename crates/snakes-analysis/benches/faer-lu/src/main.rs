//! faer's sparse LU (`SparseColMat::sp_lu`, one thread) on the expected-turns system `(I - Q) x
//! = 1` built from a landing table written by the `layouts` bench of snakes-analysis, timed
//! like SciPy's in `scipy_solve.py`: building the matrix plus factorising and solving.
//!
//! Usage: faer-lu TABLE N FACES START

use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (path, n, faces, start): (&str, usize, usize, usize) =
        (&a[1], a[2].parse().unwrap(), a[3].parse().unwrap(), a[4].parse().unwrap());
    faer::set_global_parallelism(faer::Par::Seq);
    let bytes = std::fs::read(path).unwrap();
    let land: Vec<usize> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize).collect();
    let t = Instant::now();
    let mut trip = Vec::with_capacity(n * (faces + 1));
    for s in 0..n {
        trip.push(Triplet::new(s, s, 1.0f64));
        for r in 0..faces {
            let to = land[s * faces + r];
            if to != n {
                trip.push(Triplet::new(s, to, -1.0 / faces as f64));
            }
        }
    }
    let m = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &trip).unwrap();
    let lu = match m.sp_lu() { Ok(l) => l, Err(e) => { println!("faer lu failed: {e:?}"); return; } };
    let b = Mat::<f64>::from_fn(n, 1, |_, _| 1.0);
    let x = lu.solve(&b);
    let secs = t.elapsed().as_secs_f64();
    println!("faer seconds: {secs:.6}");
    println!("faer expected turns: {:?}", x[(start, 0)]);
}

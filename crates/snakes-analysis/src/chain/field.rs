//! The numbers a chain is computed in: `f64` for speed, exact fractions for exact answers.

use std::fmt::Debug;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// The numbers a chain is computed in: `f64` or exact rationals.
pub trait Field: Clone + Debug + PartialEq {
    /// Whether arithmetic is exact: then `1 - x` has no rounding error and the elimination
    /// skips the bookkeeping that protects floating point from cancellation.
    const EXACT: bool;
    /// 0.
    fn zero() -> Self;
    /// `n / d`.
    fn ratio(n: u64, d: u64) -> Self;
    /// `self + o`.
    fn add(&self, o: &Self) -> Self;
    /// `self - o`.
    fn sub(&self, o: &Self) -> Self;
    /// `self * o`.
    fn mul(&self, o: &Self) -> Self;
    /// `self / o`.
    fn div(&self, o: &Self) -> Self;
    /// Whether this is exactly zero.
    fn is_zero(&self) -> bool;
    /// The nearest `f64`.
    fn to_f64(&self) -> f64;
    /// `self += o`.
    fn add_assign(&mut self, o: &Self) {
        *self = self.add(o);
    }
    /// Brings the number to its cheapest form (reduces a fraction); the elimination calls it
    /// once per stored coefficient.
    fn normalize(&mut self) {}
}

/// An exact fraction that is reduced only when asked ([`Field::normalize`]): reducing after
/// every operation, as `BigRational` does, spends most of the time in greatest common divisors.
#[derive(Clone, Debug)]
pub struct Frac {
    n: BigInt,
    d: BigInt,
}

impl Frac {
    /// The reduced fraction.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.n.clone(), self.d.clone())
    }
}

impl PartialEq for Frac {
    fn eq(&self, o: &Self) -> bool {
        &self.n * &o.d == &o.n * &self.d
    }
}

impl Field for Frac {
    const EXACT: bool = true;
    fn zero() -> Self {
        Frac {
            n: BigInt::zero(),
            d: BigInt::from(1u8),
        }
    }
    fn ratio(n: u64, d: u64) -> Self {
        Frac {
            n: BigInt::from(n),
            d: BigInt::from(d),
        }
    }
    fn add(&self, o: &Self) -> Self {
        if self.d == o.d {
            Frac {
                n: &self.n + &o.n,
                d: self.d.clone(),
            }
        } else {
            Frac {
                n: &self.n * &o.d + &o.n * &self.d,
                d: &self.d * &o.d,
            }
        }
    }
    fn sub(&self, o: &Self) -> Self {
        if self.d == o.d {
            Frac {
                n: &self.n - &o.n,
                d: self.d.clone(),
            }
        } else {
            Frac {
                n: &self.n * &o.d - &o.n * &self.d,
                d: &self.d * &o.d,
            }
        }
    }
    fn mul(&self, o: &Self) -> Self {
        Frac {
            n: &self.n * &o.n,
            d: &self.d * &o.d,
        }
    }
    fn div(&self, o: &Self) -> Self {
        let (n, d) = (&self.n * &o.d, &self.d * &o.n);
        if d < BigInt::zero() {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }
    fn is_zero(&self) -> bool {
        self.n.is_zero()
    }
    fn to_f64(&self) -> f64 {
        Field::to_f64(&self.to_rational())
    }
    fn normalize(&mut self) {
        let g = num_integer::Integer::gcd(&self.n, &self.d);
        if g != BigInt::from(1u8) && !g.is_zero() {
            self.n /= &g;
            self.d /= &g;
        }
    }
}

impl Field for f64 {
    const EXACT: bool = false;
    fn zero() -> Self {
        0.0
    }
    fn ratio(n: u64, d: u64) -> Self {
        n as f64 / d as f64
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div(&self, o: &Self) -> Self {
        self / o
    }
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn add_assign(&mut self, o: &Self) {
        *self += o;
    }
}

impl Field for BigRational {
    const EXACT: bool = true;
    fn zero() -> Self {
        Zero::zero()
    }
    fn ratio(n: u64, d: u64) -> Self {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div(&self, o: &Self) -> Self {
        self / o
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn to_f64(&self) -> f64 {
        // `ToPrimitive` on big rationals rounds correctly; the fallback only guards an overflow
        // that expected game lengths never reach.
        ToPrimitive::to_f64(self).unwrap_or(f64::INFINITY)
    }
    fn add_assign(&mut self, o: &Self) {
        *self += o;
    }
}

//! Load benchmark.

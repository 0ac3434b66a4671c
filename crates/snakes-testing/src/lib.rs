//! What the tests of the workspace share, written once: a scratch directory removed with the
//! test ([`Scratch`]), the runtime an integration test drives a server on ([`runtime`]), the
//! one wait for a state that nothing announces ([`until`]), and a software passkey
//! authenticator ([`passkey::Soft`]). A test waits for the event it needs when something says
//! it happened (a message, a line of output, a change announced);
//! [`until`] is for the rest, with one ceiling far beyond any run on however busy a machine.
//!
//! A dependency of tests alone (`[dev-dependencies]`, and the fault suite): nothing here is
//! compiled into the shipped binary.

use std::time::Duration;

pub mod passkey;
mod scratch;

pub use scratch::Scratch;

/// The ceiling of any wait: only a broken build gets near it, whatever else the machine runs.
pub const CEILING: Duration = Duration::from_secs(180);

/// A runtime of `workers` threads (at least one) with its clock and I/O, for a test that
/// starts a server and talks to it.
///
/// # Panics
/// When the system cannot start a thread (a test cannot go on without it).
#[must_use]
pub fn runtime(workers: usize) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers.max(1))
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Waits for a state that nothing announces (each caller says why: a row in the database, a
/// count of events heard): looks at `check` again every 10 ms, within [`CEILING`].
///
/// # Panics
/// Naming `what`, when it never happens.
pub async fn until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + CEILING;
    while !check().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never happened: {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_directory_goes_with_its_test_and_until_returns_once_it_holds() {
        let path = {
            let dir = Scratch::new("itself");
            std::fs::write(dir.join("file"), "x").unwrap();
            assert!(dir.join("file").exists());
            dir.to_path_buf()
        };
        assert!(!path.exists(), "removed with everything in it");
        let mut looks = 0;
        runtime(1).block_on(until("the third look", async || {
            looks += 1;
            looks == 3
        }));
        assert_eq!(looks, 3);
    }
}

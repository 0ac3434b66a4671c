//! Locks a panic elsewhere does not take down: a thread that panicked while it held a lock
//! leaves the data as it was, which every lock of this crate can go on with (a count, a map of
//! what is open, a cache), so the guard is taken whatever happened before, never unwrapped.

use std::sync::{Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// A [`Mutex`] taken whatever a panic left.
pub(crate) trait Lock<T> {
    /// The guard.
    fn locked(&self) -> MutexGuard<'_, T>;
}

impl<T> Lock<T> for Mutex<T> {
    fn locked(&self) -> MutexGuard<'_, T> {
        self.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An [`RwLock`] taken whatever a panic left.
pub(crate) trait Shared<T> {
    /// To read.
    fn reading(&self) -> RwLockReadGuard<'_, T>;
    /// To write.
    fn writing(&self) -> RwLockWriteGuard<'_, T>;
}

impl<T> Shared<T> for RwLock<T> {
    fn reading(&self) -> RwLockReadGuard<'_, T> {
        self.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn writing(&self) -> RwLockWriteGuard<'_, T> {
        self.write().unwrap_or_else(PoisonError::into_inner)
    }
}

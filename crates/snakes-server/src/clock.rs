//! The time a server's tables and limits count in.
//!
//! A table's state is pure: it is told the time (`decide(command, now)`). What tells it is
//! this clock, read by the table's actor (its timers: a bot's roll, a grace period, the turn
//! timer, the idle limit), by the connections' rate limits, the allowance of new tables and of
//! HTTP requests, the analyses' budgets of CPU time, and the closing of a WebSocket that asks
//! for nothing.
//! A real server reads Tokio's clock. A test can instead give the server a clock that stands
//! still until the test moves it ([`Clock::manual`], [`Clock::advance`]): a grace period then
//! runs out when the test says so, however slow the machine, and never before. The network's
//! own timeouts (request headers, WebSocket pings) are not the tables' business and keep to
//! the real clock.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

/// The server's clock: the real one, or one a test moves by hand. Cheap to clone; the clones
/// of a manual clock share its time.
#[derive(Clone, Default)]
pub struct Clock {
    manual: Option<Arc<watch::Sender<Instant>>>,
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.manual.is_some() {
            "Clock::manual"
        } else {
            "Clock::system"
        })
    }
}

impl Clock {
    /// The real clock (Tokio's, which a test may also pause).
    pub fn system() -> Clock {
        Clock::default()
    }

    /// A clock that stands still from now on, until [`Clock::advance`] moves it.
    pub fn manual() -> Clock {
        Clock {
            manual: Some(Arc::new(watch::Sender::new(
                tokio::time::Instant::now().into_std(),
            ))),
        }
    }

    /// The time now.
    pub fn now(&self) -> Instant {
        match &self.manual {
            Some(time) => *time.borrow(),
            None => tokio::time::Instant::now().into_std(),
        }
    }

    /// Moves a manual clock on by `by`, waking every timer then due. The real clock cannot be
    /// moved: returns false and does nothing.
    pub fn advance(&self, by: Duration) -> bool {
        match &self.manual {
            Some(time) => {
                time.send_modify(|t| *t += by);
                true
            }
            None => false,
        }
    }

    /// Waits until `deadline` (for ever when there is none).
    pub(crate) async fn sleep_until(&self, deadline: Option<Instant>) {
        let Some(deadline) = deadline else {
            return std::future::pending().await;
        };
        match &self.manual {
            None => tokio::time::sleep_until(tokio::time::Instant::from_std(deadline)).await,
            Some(time) => {
                let mut moved = time.subscribe();
                while *moved.borrow_and_update() < deadline {
                    if moved.changed().await.is_err() {
                        return std::future::pending().await;
                    }
                }
            }
        }
    }
}

/// Seconds since the Unix epoch, by the system's clock (what the store writes as a time).
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_stands_still_until_moved_and_wakes_what_is_due() {
        let clock = Clock::manual();
        let t0 = clock.now();
        assert_eq!(clock.now(), t0);
        let due = t0 + Duration::from_secs(30);
        let waiting = {
            let clock = clock.clone();
            tokio::spawn(async move { clock.sleep_until(Some(due)).await })
        };
        assert!(clock.advance(Duration::from_secs(29)));
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "not due yet");
        assert!(clock.advance(Duration::from_secs(1)));
        waiting.await.unwrap();
        assert_eq!(clock.now(), due);
        // A deadline already passed is no wait at all.
        clock.sleep_until(Some(t0)).await;
        assert!(!Clock::system().advance(Duration::from_secs(1)));
    }
}

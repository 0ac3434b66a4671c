//! The server's secrets: seat tokens and dice seeds, from the operating system's secure source.

use std::fmt;

/// A seat's secret: whoever holds it acts for the seat. It travels inside the server with the
/// `joined` event that gives the seat, but is never written as part of any message or log line
/// (it is not serialized, and its `Debug` hides it); the store keeps it apart from the log.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A secret from its text.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// A new secret: 128 bits from the operating system, as 32 hex digits.
    pub fn random() -> Secret {
        let mut bytes = [0u8; 16];
        fill_random(&mut bytes);
        Secret(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// Whether `token` is this secret.
    pub fn matches(&self, token: &str) -> bool {
        !self.0.is_empty() && self.0 == token
    }

    /// Whether there is no secret (an event read back from the log before its secret is
    /// filled in).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text, for the one who gets the seat and for the store.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() {
            "Secret(none)"
        } else {
            "Secret(..)"
        })
    }
}

/// A new dice seed from the operating system's secure source.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    fill_random(&mut bytes);
    u64::from_le_bytes(bytes)
}

fn fill_random(bytes: &mut [u8]) {
    if let Err(e) = getrandom::fill(bytes) {
        // No secure source means no fair dice and no secret seats: stop rather than cheat.
        panic!("the operating system has no random numbers: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_and_seeds_differ_each_time_and_never_print() {
        let a = Secret::random();
        assert_eq!(a.expose().len(), 32);
        assert!(a.expose().chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, Secret::random());
        assert!(a.matches(a.expose()));
        assert!(!a.matches("nope"));
        assert!(!Secret::default().matches(""), "no secret matches nothing");
        assert_eq!(format!("{a:?}"), "Secret(..)");
        assert_ne!(new_seed(), new_seed());
    }
}

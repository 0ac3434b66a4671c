//! Fair shares: who a client is, and counts per client and per network.
//!
//! Every cap per client counts twice, per address and per network: a client's *address* is its
//! IPv4 address, or for IPv6 its whole /64 (one subscriber: a home or a phone gets a /64 and
//! may use any address in it); its *network* is the /`--ipv4-prefix` (24 by default) or
//! /`--ipv6-prefix` (64) around it. So a crowd of addresses in one network (a small botnet, a
//! cloud provider's block) shares one network's cap, and everyone else keeps theirs.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use std::time::Instant;
use tokio::sync::Notify;

use crate::Config;
use crate::locks::Lock;

/// A client, as the caps count it: its address and its network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client {
    /// The IPv4 address, or the IPv6 /64 (its other bits zero).
    pub address: IpAddr,
    /// The network around it, its other bits zero.
    pub network: IpAddr,
}

impl Client {
    /// The client at `ip` (an IPv4 address written as IPv6, `::ffff:a.b.c.d`, is IPv4).
    pub fn of(ip: IpAddr, config: &Config) -> Client {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        Client {
            address: masked(ip, 32, 64),
            network: masked(ip, config.ipv4_prefix, config.ipv6_prefix),
        }
    }
}

/// `ip` with only its first `v4` (IPv4) or `v6` (IPv6) bits.
pub(crate) fn masked(ip: IpAddr, v4: u8, v6: u8) -> IpAddr {
    match ip {
        IpAddr::V4(a) => {
            let bits = u32::from(a);
            let mask = u32::MAX
                .checked_shl(32 - u32::from(v4.min(32)))
                .unwrap_or(0);
            IpAddr::V4(Ipv4Addr::from(bits & mask))
        }
        IpAddr::V6(a) => {
            let bits = u128::from(a);
            let mask = u128::MAX
                .checked_shl(128 - u32::from(v6.min(128)))
                .unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(bits & mask))
        }
    }
}

/// How many of something each address and each network holds, under two caps.
#[derive(Debug, Default)]
pub struct Shares {
    addresses: HashMap<IpAddr, usize>,
    networks: HashMap<IpAddr, usize>,
}

impl Shares {
    /// Counts one more for `client` if that keeps it within `per_address` and its network
    /// within `per_network`; false (and nothing counted) otherwise.
    pub fn take(&mut self, client: Client, per_address: usize, per_network: usize) -> bool {
        let mine = self.addresses.get(&client.address).copied().unwrap_or(0);
        let ours = self.networks.get(&client.network).copied().unwrap_or(0);
        if mine >= per_address || ours >= per_network {
            return false;
        }
        self.addresses.insert(client.address, mine + 1);
        self.networks.insert(client.network, ours + 1);
        true
    }

    /// Gives back one of `client`'s.
    pub fn give_back(&mut self, client: Client) {
        for (map, key) in [
            (&mut self.addresses, client.address),
            (&mut self.networks, client.network),
        ] {
            if let Some(n) = map.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&key);
                }
            }
        }
    }

    /// What `client`'s address and network hold.
    pub fn held(&self, client: Client) -> (usize, usize) {
        (
            self.addresses.get(&client.address).copied().unwrap_or(0),
            self.networks.get(&client.network).copied().unwrap_or(0),
        )
    }

    /// The network holding the most, and how many it holds (the lowest address of those
    /// holding as many, so that the answer does not depend on the map's order).
    pub fn largest_network(&self) -> Option<(IpAddr, usize)> {
        self.networks
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(network, held)| (*network, *held))
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` saved up; each message costs one.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket at time `now`.
    pub fn new(rate: f64, burst: f64, now: Instant) -> TokenBucket {
        TokenBucket {
            rate,
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Whether the bucket is full at time `now` (nothing taken that has not come back).
    pub fn is_full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * self.rate >= self.burst
    }

    /// Takes `n` tokens at time `now` even beyond what is left, as long as the bucket then owes
    /// at most `debt`; false (nothing taken) otherwise.
    pub fn overdraw(&mut self, n: f64, debt: f64, now: Instant) -> bool {
        self.take_n(0.0, now);
        if self.tokens - n < -debt {
            return false;
        }
        self.tokens -= n;
        true
    }

    /// Gives back `n` tokens taken (never above the burst).
    pub fn give_back(&mut self, n: f64) {
        self.tokens = (self.tokens + n).min(self.burst);
    }

    /// Takes one token at time `now`; false when the bucket is empty.
    pub fn take(&mut self, now: Instant) -> bool {
        self.take_n(1.0, now)
    }

    /// Takes `n` tokens at time `now`; false (nothing taken) when fewer are left. A cost
    /// larger than the burst is taken from a full bucket, leaving it owing: a large answer
    /// costs its whole size, paid back over time before the next one.
    pub fn take_n(&mut self, n: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= n.min(self.burst) {
            self.tokens -= n;
            true
        } else {
            false
        }
    }
}

/// An allowance per key (an address, a network, a place and a network): a [`TokenBucket`]
/// each, of one rate and burst, the full ones forgotten once there are many keys.
#[derive(Debug)]
pub struct Allowances<K> {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, TokenBucket>>,
}

/// Keys an [`Allowances`] holds before it forgets those whose allowance is whole again.
const REMEMBERED: usize = 10_000;

impl<K: Hash + Eq> Allowances<K> {
    /// `rate` a second for each key, at most `burst` saved up.
    pub fn new(rate: f64, burst: f64) -> Allowances<K> {
        Allowances {
            rate,
            burst,
            buckets: Mutex::default(),
        }
    }

    /// Takes one from `key`'s allowance at `now`; false when it is spent.
    pub fn take(&self, key: K, now: Instant) -> bool {
        self.take_n(key, 1.0, now)
    }

    /// Takes `n` from `key`'s allowance at `now` ([`TokenBucket::take_n`]).
    pub fn take_n(&self, key: K, n: f64, now: Instant) -> bool {
        self.with(key, now, |bucket| bucket.take_n(n, now))
    }

    /// What `f` makes of `key`'s allowance at `now`.
    pub fn with<R>(&self, key: K, now: Instant, f: impl FnOnce(&mut TokenBucket) -> R) -> R {
        let mut buckets = self.buckets.locked();
        if buckets.len() > REMEMBERED {
            buckets.retain(|_, b| !b.is_full(now));
        }
        f(buckets
            .entry(key)
            .or_insert_with(|| TokenBucket::new(self.rate, self.burst, now)))
    }
}

/// What the server knows of one connection when it is full: whether it became a WebSocket,
/// whether that holds a seat, and whether it was told to make room.
#[derive(Debug, Default)]
pub struct Standing {
    pub(crate) websocket: AtomicBool,
    pub(crate) seated: AtomicBool,
    pub(crate) yielded: AtomicBool,
    pub(crate) go: Notify,
}

impl Standing {
    /// The connection is a WebSocket from now on: one that may make room.
    pub fn upgraded(&self) {
        self.websocket.store(true, Ordering::Release);
    }

    /// Whether the WebSocket holds a seat (it then never makes room).
    pub fn set_seated(&self, seated: bool) {
        self.seated.store(seated, Ordering::Release);
    }

    /// Resolves once the connection is told to make room for a newcomer.
    pub async fn yielded(&self) {
        self.go.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_bucket_refills_at_its_rate() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(10.0, 3.0, t0);
        assert!(b.take(t0) && b.take(t0) && b.take(t0));
        assert!(!b.take(t0), "a burst of 3 allows 3");
        assert!(!b.take(t0 + Duration::from_millis(50)), "half a token");
        assert!(b.take(t0 + Duration::from_millis(110)));
        assert!(!b.take(t0 + Duration::from_millis(110)));
        // Never more than the burst, however long the pause.
        let later = t0 + Duration::from_secs(60);
        assert!(b.take(later) && b.take(later) && b.take(later));
        assert!(!b.take(later));
    }

    fn client(ip: &str) -> Client {
        Client::of(
            ip.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
            &Config::default(),
        )
    }

    #[test]
    fn an_ipv6_slash_64_is_one_address_and_an_ipv4_slash_24_one_network() {
        // Two addresses of one /64: one subscriber.
        assert_eq!(client("2001:db8:1:2::1"), client("2001:db8:1:2:ffff::9"));
        assert_ne!(
            client("2001:db8:1:2::1").address,
            client("2001:db8:1:3::1").address
        );
        assert_eq!(
            client("2001:db8:1:2::1").address,
            "2001:db8:1:2::"
                .parse::<IpAddr>()
                .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
        );
        // IPv4: the address itself, in its /24.
        let a = client("127.0.0.2");
        let b = client("127.0.0.250");
        assert_ne!(a.address, b.address);
        assert_eq!(a.network, b.network);
        assert_ne!(a.network, client("127.0.1.2").network);
        // An IPv4 address written as IPv6 is that IPv4 address.
        assert_eq!(client("::ffff:127.0.0.2"), a);
        // Other prefixes.
        let config = Config {
            ipv4_prefix: 16,
            ipv6_prefix: 48,
            ..Config::default()
        };
        let ip = |s: &str| s.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        assert_eq!(Client::of(ip("10.1.2.3"), &config).network, ip("10.1.0.0"));
        assert_eq!(
            Client::of(ip("2001:db8:1:2::1"), &config).network,
            ip("2001:db8:1::")
        );
        let all = Config {
            ipv4_prefix: 0,
            ..Config::default()
        };
        assert_eq!(Client::of(ip("10.1.2.3"), &all).network, ip("0.0.0.0"));
    }

    #[test]
    fn shares_are_capped_per_address_and_per_network() {
        let mut shares = Shares::default();
        let (a, b, c) = (
            client("127.0.0.2"),
            client("127.0.0.3"),
            client("127.0.1.2"),
        );
        assert!(shares.take(a, 2, 3) && shares.take(a, 2, 3));
        assert!(!shares.take(a, 2, 3), "the address's cap");
        assert!(shares.take(b, 2, 3));
        assert!(!shares.take(b, 2, 3), "the network's cap");
        assert!(shares.take(c, 2, 3), "another network");
        assert_eq!(shares.held(a), (2, 3));
        shares.give_back(a);
        assert_eq!(shares.held(b), (1, 2));
        assert!(shares.take(b, 2, 3));
    }
}

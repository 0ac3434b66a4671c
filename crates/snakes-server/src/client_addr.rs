//! A request's client address behind reverse proxies: [`Cidr`] (`--trusted-proxy`) and
//! [`client_addr`].
//!
//! Behind a reverse proxy every connection comes from the proxy's address, so the caps per
//! address would count the whole community as one client. A proxy says who it forwards for in
//! `Forwarded: for=...` (RFC 7239) or `X-Forwarded-For`; each proxy on the way appends the
//! address it was reached from. Anyone can write those headers, so they are read only when the
//! connection comes from a proxy the server was told to trust, and then from the right: the
//! right-most address that is not a trusted proxy is the client (what is left of it was written
//! by the client itself, or by a proxy nobody vouches for).

use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;

/// A network: an address and how many of its leading bits count (`10.0.0.0/8`, `::1/128`; a
/// bare address is the network of that address alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    addr: IpAddr,
    prefix: u8,
}

impl Cidr {
    /// Whether `ip` is in this network. An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as
    /// a socket listening on `::` sees IPv4 clients) counts as the IPv4 address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// Why a text is not a network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCidr;

impl FromStr for Cidr {
    type Err = BadCidr;

    /// `ADDRESS/BITS` or a bare `ADDRESS`; the bits after the prefix must be zero
    /// (`10.0.0.1/8` is refused: it is surely not what was meant).
    fn from_str(text: &str) -> Result<Cidr, BadCidr> {
        let (addr, prefix) = match text.trim().split_once('/') {
            Some((addr, bits)) => (addr, Some(bits)),
            None => (text.trim(), None),
        };
        let addr = canonical(addr.parse::<IpAddr>().map_err(|_| BadCidr)?);
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(bits) if !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit()) => {
                bits.parse::<u8>().map_err(|_| BadCidr)?
            }
            Some(_) => return Err(BadCidr),
        };
        if prefix > max {
            return Err(BadCidr);
        }
        let cidr = Cidr { addr, prefix };
        // The host bits must be zero: the network's own address.
        let host_bits_zero = match addr {
            IpAddr::V4(a) => {
                u32::from(a) & u32::MAX.checked_shr(u32::from(prefix)).unwrap_or(0) == 0
            }
            IpAddr::V6(a) => {
                u128::from(a) & u128::MAX.checked_shr(u32::from(prefix)).unwrap_or(0) == 0
            }
        };
        if host_bits_zero {
            Ok(cidr)
        } else {
            Err(BadCidr)
        }
    }
}

/// `ip`, an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) made IPv4.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Whether `ip` is one of the `trusted` proxies.
pub fn is_trusted(ip: IpAddr, trusted: &[Cidr]) -> bool {
    trusted.iter().any(|c| c.contains(ip))
}

/// The client's address of a request that came from `peer`: `peer` itself, unless it is one of
/// the `trusted` proxies; then the right-most address of `X-Forwarded-For` (when there is
/// one), else of the `Forwarded` headers' `for=`, that is not a trusted proxy.
/// `X-Forwarded-For` comes first because it is what nginx, Caddy, HAProxy and Apache write,
/// while they pass a `Forwarded` sent by the client through untouched: read first, a forged
/// one would name anyone. (A proxy that writes only `Forwarded` must drop the client's
/// `X-Forwarded-For`.) An entry that
/// is not an address (`unknown`, an obfuscated name, garbage) ends the walk: the hop to its
/// right, which wrote it, is the client as far as anyone can vouch. When every address is a
/// trusted proxy, the left-most is the client.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let peer = canonical(peer);
    if !is_trusted(peer, trusted) {
        return peer;
    }
    let mut chain = x_forwarded_for(headers);
    if chain.is_empty() {
        chain = forwarded_for(headers).unwrap_or_default();
    }
    let mut client = peer;
    for hop in chain.iter().rev() {
        let Some(ip) = hop else {
            return client;
        };
        client = *ip;
        if !is_trusted(client, trusted) {
            return client;
        }
    }
    client
}

/// The `for=` of every element of every `Forwarded` header, in order (`None` for one that is
/// not an address); `None` when there is no such header.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut chain = Vec::new();
    let mut any = false;
    for value in headers.get_all("forwarded") {
        any = true;
        let Ok(value) = value.to_str() else {
            chain.push(None);
            continue;
        };
        for element in value.split(',') {
            let node = element.split(';').find_map(|pair| {
                let (name, value) = pair.trim().split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| value.trim().trim_matches('"'))
            });
            // An element without `for=` says nothing of the client: it is no hop.
            if let Some(node) = node {
                chain.push(node_addr(node));
            }
        }
    }
    any.then_some(chain)
}

/// The addresses of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|value| match value.to_str() {
            Ok(text) => text
                .split(',')
                .filter(|t| !t.trim().is_empty())
                .map(|t| node_addr(t.trim()))
                .collect(),
            Err(_) => vec![None],
        })
        .collect()
}

/// The address of a node: `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]`, `[2001:db8::1]:5678` or a
/// bare IPv6 address.
fn node_addr(node: &str) -> Option<IpAddr> {
    let node = node.trim();
    let ip = if let Some(rest) = node.strip_prefix('[') {
        rest.split_once(']')?.0.parse().ok()?
    } else if let Ok(ip) = node.parse::<IpAddr>() {
        ip
    } else {
        let (host, port) = node.rsplit_once(':')?;
        port.parse::<u16>().ok()?;
        host.parse::<std::net::Ipv4Addr>().ok()?.into()
    };
    Some(canonical(ip))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or_else(|_| panic!("{text}"))
    }

    fn cidrs(list: &[&str]) -> Vec<Cidr> {
        list.iter()
            .map(|c| c.parse().unwrap_or_else(|_| panic!("{c}")))
            .collect()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, HeaderValue::from_static(value));
        }
        h
    }

    #[test]
    fn networks_read_and_contain() {
        let net: Cidr = "10.0.0.0/8".parse().unwrap();
        assert!(net.contains(ip("10.200.3.4")));
        assert!(!net.contains(ip("11.0.0.1")));
        assert!(
            net.contains(ip("::ffff:10.1.2.3")),
            "IPv4 seen through IPv6"
        );
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert_eq!(one.to_string(), "127.0.0.1/32");
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: Cidr = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")) && !all.contains(ip("::2")));
        for bad in [
            "10.0.0.1/8",
            "10.0.0.0/33",
            "10/8",
            "",
            "x",
            "::1/129",
            "1.2.3.0/",
            "1.2.3.0/+8",
        ] {
            assert_eq!(bad.parse::<Cidr>(), Err(BadCidr), "{bad}");
        }
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_writes() {
        let trusted = cidrs(&["127.0.0.1"]);
        let h = headers(&[("x-forwarded-for", "1.1.1.1"), ("forwarded", "for=2.2.2.2")]);
        assert_eq!(client_addr(ip("9.9.9.9"), &h, &trusted), ip("9.9.9.9"));
        assert_eq!(client_addr(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_right_most_untrusted_address_is_the_client() {
        let trusted = cidrs(&["127.0.0.1", "10.0.0.0/8"]);
        let peer = ip("127.0.0.1");
        // The client wrote 6.6.6.6 itself; the proxy appended the address it saw, 5.5.5.5.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 5.5.5.5")]);
        assert_eq!(client_addr(peer, &h, &trusted), ip("5.5.5.5"));
        // Two proxies: the inner one (10.1.1.1) is trusted too.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6, 5.5.5.5"),
            ("x-forwarded-for", "10.1.1.1"),
        ]);
        assert_eq!(client_addr(peer, &h, &trusted), ip("5.5.5.5"));
        // Every hop trusted: the left-most.
        let h = headers(&[("x-forwarded-for", "10.0.0.7,10.0.0.8")]);
        assert_eq!(client_addr(peer, &h, &trusted), ip("10.0.0.7"));
        // No header: the proxy itself.
        assert_eq!(client_addr(peer, &HeaderMap::new(), &trusted), peer);
        // Garbage to the right of a real address ends the walk at the proxy that wrote it.
        let h = headers(&[("x-forwarded-for", "5.5.5.5, unknown")]);
        assert_eq!(client_addr(peer, &h, &trusted), peer);
        let h = headers(&[("x-forwarded-for", "5.5.5.5:4711")]);
        assert_eq!(client_addr(peer, &h, &trusted), ip("5.5.5.5"));
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let trusted = cidrs(&["127.0.0.0/8", "::1"]);
        let forwarded = "for=6.6.6.6;proto=https, For=\"[2001:db8::5]:4711\";by=10.0.0.1";
        let h = headers(&[("forwarded", forwarded)]);
        assert_eq!(client_addr(ip("::1"), &h, &trusted), ip("2001:db8::5"));
        // nginx appends to X-Forwarded-For and passes the client's Forwarded through.
        let h = headers(&[("x-forwarded-for", "7.7.7.7"), ("forwarded", forwarded)]);
        assert_eq!(client_addr(ip("::1"), &h, &trusted), ip("7.7.7.7"));
        let h = headers(&[("forwarded", "for=_hidden, for=127.0.0.2")]);
        assert_eq!(client_addr(ip("127.0.0.1"), &h, &trusted), ip("127.0.0.2"));
        let h = headers(&[("forwarded", "for=\"198.51.100.7:80\"")]);
        assert_eq!(
            client_addr(ip("::ffff:127.0.0.1"), &h, &trusted),
            ip("198.51.100.7")
        );
    }
}

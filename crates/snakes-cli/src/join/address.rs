//! Where `snakes join` connects: a server's address or a table's page address, as a person
//! copies it from the browser, made into the server's WebSocket address and the table.

use snakes_table::protocol::TableId;

/// A server to connect to, and maybe a table there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// The WebSocket address: `ws://host:port/ws` or `wss://host/ws` (under the page's path).
    pub ws: String,
    /// The page's address as given, without its table (for the lines said and the seats kept).
    pub page: String,
    /// The table named by the address (`#/table/3`).
    pub table: Option<TableId>,
    /// TLS (`https://`, `wss://`).
    pub secure: bool,
    /// The host and port to connect to.
    pub host: String,
    /// The port.
    pub port: u16,
}

impl Address {
    /// Reads `text`: `http://host[:port][/path][#/table/N]`, `https://...`, `ws://` and `wss://`
    /// alike, or `host[:port]` alone (http). `None` when it is none of them.
    pub fn parse(text: &str) -> Option<Address> {
        let text = text.trim();
        let (secure, rest) = match text.split_once("://") {
            Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
                "http" | "ws" => (false, rest),
                "https" | "wss" => (true, rest),
                _ => return None,
            },
            None => (false, text),
        };
        let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
        let rest = rest.split_once('?').map_or(rest, |(before, _)| before);
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        if authority.is_empty()
            || authority.contains('@')
            || authority.contains(char::is_whitespace)
        {
            return None;
        }
        let (host, port) = split_port(authority, if secure { 443 } else { 80 })?;
        let table = match fragment {
            "" => None,
            f => Some(f.strip_prefix("/table/")?.parse::<TableId>().ok()?),
        };
        // The page's scripts connect to "ws" beside the page: a page at /games/ connects to
        // /games/ws, one at /games/index.html too. A last part without a dot is a directory
        // whose slash was left out (/games, as `hello` names a server behind a proxy).
        let last = &path[path.rfind('/').map_or(0, |i| i + 1)..];
        let page_path = match path.strip_suffix("ws").filter(|dir| dir.ends_with('/')) {
            Some(dir) => dir.to_string(),
            None if last.is_empty() || last.contains('.') => {
                path[..path.len() - last.len()].to_string()
            }
            None => format!("{path}/"),
        };
        let scheme = if secure { "wss" } else { "ws" };
        let page_scheme = if secure { "https" } else { "http" };
        Some(Address {
            ws: format!("{scheme}://{authority}{page_path}ws"),
            page: format!("{page_scheme}://{authority}{page_path}"),
            table,
            secure,
            host: host.to_string(),
            port,
        })
    }

    /// The address of another server of the same cluster (`hello`'s `servers`, page
    /// addresses such as `http://10.0.0.2:8080`), with this one's table.
    pub fn other(&self, server: &str) -> Option<Address> {
        // A path alone is on this site (servers behind one proxy).
        let server = match server.strip_prefix('/') {
            Some(path) => {
                let scheme = if self.secure { "https" } else { "http" };
                let authority = self.page.split('/').nth(2)?;
                format!("{scheme}://{authority}/{path}")
            }
            None => server.to_string(),
        };
        let mut other = Address::parse(&server)?;
        other.table = self.table;
        Some(other)
    }
}

/// `host:port` (`[::1]:8080` for IPv6), or the host alone with `default` as its port.
fn split_port(authority: &str, default: u16) -> Option<(&str, u16)> {
    if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        return match after.strip_prefix(':') {
            Some(port) => Some((host, port.parse().ok()?)),
            None if after.is_empty() => Some((host, default)),
            None => None,
        };
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && !host.contains(':') => {
            Some((host, port.parse().ok()?))
        }
        Some(_) => None,
        None => Some((authority, default)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(text: &str) -> Option<(String, Option<TableId>)> {
        Address::parse(text).map(|a| (a.ws, a.table))
    }

    #[test]
    fn a_page_address_is_its_server_and_table() {
        assert_eq!(
            ws("http://127.0.0.1:8080/#/table/3"),
            Some(("ws://127.0.0.1:8080/ws".into(), Some(3)))
        );
        assert_eq!(
            ws("https://games.example.org"),
            Some(("wss://games.example.org/ws".into(), None))
        );
        assert_eq!(
            ws("localhost:8080"),
            Some(("ws://localhost:8080/ws".into(), None))
        );
        assert_eq!(
            ws("https://example.org/snakes/?lang=ko#/table/12"),
            Some(("wss://example.org/snakes/ws".into(), Some(12)))
        );
        assert_eq!(
            ws("http://127.0.0.1:8080/s2"),
            Some(("ws://127.0.0.1:8080/s2/ws".into(), None))
        );
        assert_eq!(
            ws("ws://[::1]:9000/ws"),
            Some(("ws://[::1]:9000/ws".into(), None))
        );
        let a = Address::parse("https://example.org/snakes/index.html").unwrap();
        assert_eq!(
            (a.ws.as_str(), a.page.as_str(), a.host.as_str(), a.port),
            (
                "wss://example.org/snakes/ws",
                "https://example.org/snakes/",
                "example.org",
                443
            )
        );
    }

    #[test]
    fn another_server_keeps_the_table_and_a_path_keeps_the_site() {
        let here = Address::parse("https://example.org/snakes/#/table/7").unwrap();
        let there = here.other("http://10.0.0.2:8080").unwrap();
        assert_eq!(
            (there.ws.as_str(), there.table),
            ("ws://10.0.0.2:8080/ws", Some(7))
        );
        let behind = here.other("/snakes-2/").unwrap();
        assert_eq!(behind.ws, "wss://example.org/snakes-2/ws");
        assert_eq!(here.other("ftp://x"), None);
    }

    #[test]
    fn what_is_no_address_is_refused() {
        for bad in [
            "",
            "ftp://example.org",
            "http://",
            "http://host:port",
            "http://host:99999",
            "http://a@b",
            "http://host/#/table/x",
            "http://host/#/lobby",
            "two words",
        ] {
            assert_eq!(Address::parse(bad), None, "{bad:?}");
        }
    }
}

//! How the server connects to PostgreSQL: the address, and TLS with rustls, read as libpq reads
//! them.
//!
//! The database's address (`--db postgres://user:password@host:port/name?sslmode=...`) may
//! carry libpq's `sslmode` and `sslrootcert`:
//!
//! | `sslmode` | TLS | the database's certificate |
//! | --- | --- | --- |
//! | `disable` | never | - |
//! | `allow`, `prefer` (the default) | when the database offers it | not checked |
//! | `require` | always | not checked, unless `sslrootcert` is given: then as `verify-ca` |
//! | `verify-ca` | always | signed by an authority of `sslrootcert` |
//! | `verify-full` | always | signed by an authority of `sslrootcert`, and for the host named |
//!
//! `sslrootcert` is a PEM file of the authorities to trust, or `system` for the system's own
//! (`/etc/ssl/certs/ca-certificates.crt` and its equivalents); without it, `verify-ca` and
//! `verify-full` read `~/.postgresql/root.crt`, as libpq does. The cryptography is ring's, as
//! for the server's own HTTPS (`tls.rs`): no OpenSSL.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use rustls_pki_types::ServerName;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::SslMode;
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect};
use tokio_rustls::rustls;

use super::StoreError;
use crate::tls_client::{self, Verify, client_config};

/// Where the database is and how to reach it.
pub struct Connect {
    /// The address, without the keys read here.
    pub config: tokio_postgres::Config,
    /// TLS, as `sslmode` asks.
    pub tls: MakeTls,
    /// `host:port`, for messages (never the password).
    pub shown: String,
}

/// Reads `url` (see the module's documentation).
///
/// # Errors
/// When the address cannot be read, `sslmode` is not one of libpq's, or the authorities to
/// trust cannot be read.
pub fn parse(url: &str) -> Result<Connect, StoreError> {
    let bad = |why: String| StoreError::Postgres(format!("the database's address: {why}"));
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut mode = "prefer".to_string();
    let mut root: Option<String> = None;
    // The other pairs are kept as they were written (re-encoding them would turn a space's %20
    // into a + that the address's reader does not take back).
    let mut kept: Vec<&str> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = form_urlencoded::parse(format!("v={value}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default();
        match key {
            "sslmode" => mode = value,
            "sslrootcert" => root = Some(value),
            "sslcert" | "sslkey" => {
                return Err(bad(format!(
                    "{key}: client certificates are not supported (use a password, or the \
                     database's trust of this machine)"
                )));
            }
            _ => kept.push(pair),
        }
    }
    let rest = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    let mut config: tokio_postgres::Config = rest
        .parse()
        .map_err(|e: tokio_postgres::Error| bad(e.to_string()))?;
    // As libpq: a Unix socket is never encrypted, whatever sslmode says.
    #[cfg(unix)]
    if !config.get_hosts().is_empty()
        && config
            .get_hosts()
            .iter()
            .all(|h| matches!(h, tokio_postgres::config::Host::Unix(_)))
    {
        mode = "disable".to_string();
    }
    let verify = match mode.as_str() {
        "disable" => None,
        "allow" | "prefer" => Some(Verify::Nothing),
        "require" if root.is_none() => Some(Verify::Nothing),
        "require" | "verify-ca" => Some(Verify::Authority),
        "verify-full" => Some(Verify::Full),
        other => {
            return Err(bad(format!(
                "sslmode={other}: it is one of disable, allow, prefer, require, verify-ca, verify-full"
            )));
        }
    };
    config.ssl_mode(match mode.as_str() {
        "disable" => SslMode::Disable,
        "allow" | "prefer" => SslMode::Prefer,
        _ => SslMode::Require,
    });
    let shown = shown(&config);
    let tls = match verify {
        None => MakeTls { config: None },
        Some(verify) => {
            let roots = match verify {
                Verify::Nothing => None,
                Verify::Authority | Verify::Full => Some(roots(root.as_deref(), &mode)?),
            };
            MakeTls {
                config: Some(Arc::new(
                    client_config(verify, roots).map_err(StoreError::Postgres)?,
                )),
            }
        }
    };
    Ok(Connect { config, tls, shown })
}

/// `host:port` of the first host the address names.
fn shown(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{host}:{port}")
}

/// The authorities to trust: `sslrootcert`'s file, the system's (`system`), or
/// `~/.postgresql/root.crt`.
fn roots(root: Option<&str>, mode: &str) -> Result<rustls::RootCertStore, StoreError> {
    let bad = |why: String| StoreError::Postgres(format!("sslmode={mode}: {why}"));
    let path = match root {
        Some("system") => tls_client::SYSTEM_ROOTS
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .ok_or_else(|| {
                bad(format!(
                    "sslrootcert=system, but none of {} exists",
                    tls_client::SYSTEM_ROOTS.join(", ")
                ))
            })?,
        Some(file) => PathBuf::from(file),
        None => {
            let home = std::env::var_os("HOME")
                .map(PathBuf::from)
                .unwrap_or_default();
            let default = home.join(".postgresql").join("root.crt");
            if !default.is_file() {
                return Err(bad(format!(
                    "the authority that signed the database's certificate is needed: \
                     sslrootcert=FILE (a PEM file), sslrootcert=system, or {}",
                    default.display()
                )));
            }
            default
        }
    };
    tls_client::read_roots(&path).map_err(|e| bad(format!("sslrootcert {e}")))
}

/// Makes the TLS of each connection (none with `sslmode=disable`).
#[derive(Clone)]
pub struct MakeTls {
    config: Option<Arc<rustls::ClientConfig>>,
}

impl<S> MakeTlsConnect<S> for MakeTls
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = TlsStream<S>;
    type TlsConnect = TlsConnector;
    type Error = std::io::Error;

    // Called for every connection, TLS or not (a Unix socket, `sslmode=disable`): what cannot
    // be made is said only if the handshake is asked for.
    fn make_tls_connect(&mut self, domain: &str) -> std::io::Result<TlsConnector> {
        Ok(TlsConnector {
            config: self.config.clone(),
            name: tls_client::server_name(domain),
        })
    }
}

/// One connection's TLS handshake.
pub struct TlsConnector {
    config: Option<Arc<rustls::ClientConfig>>,
    name: Result<ServerName<'static>, String>,
}

impl<S> TlsConnect<S> for TlsConnector
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = TlsStream<S>;
    type Error = std::io::Error;
    type Future = Pin<Box<dyn Future<Output = std::io::Result<TlsStream<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        Box::pin(async move {
            let config = self
                .config
                .ok_or_else(|| std::io::Error::other("sslmode=disable: no TLS to the database"))?;
            let name = self.name.map_err(std::io::Error::other)?;
            let connector = tokio_rustls::TlsConnector::from(config);
            Ok(TlsStream(connector.connect(name, stream).await?))
        })
    }
}

/// A connection to the database over TLS.
pub struct TlsStream<S>(tokio_rustls::client::TlsStream<S>);

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for TlsStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for TlsStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> tokio_postgres::tls::TlsStream for TlsStream<S> {
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_keeps_what_libpq_would_and_names_its_host() {
        let c = parse(
            "postgres://snakes:secret@db.example.org:6543/games?sslmode=disable&application_name=x",
        )
        .unwrap();
        assert_eq!(c.shown, "db.example.org:6543");
        assert_eq!(c.config.get_ssl_mode(), SslMode::Disable);
        assert_eq!(c.config.get_application_name(), Some("x"));
        assert_eq!(c.config.get_password(), Some(&b"secret"[..]));
        assert!(c.tls.config.is_none());
        let c = parse("postgres://snakes@db/games").unwrap();
        assert_eq!(c.config.get_ssl_mode(), SslMode::Prefer);
        assert_eq!(c.shown, "db:5432");
        let c = parse("postgres://snakes@db/games?sslmode=require").unwrap();
        assert_eq!(c.config.get_ssl_mode(), SslMode::Require);
        // A Unix socket: no TLS, as with libpq.
        let c = parse("postgres://postgres@%2Frun%2Fpostgresql/games?sslmode=require").unwrap();
        assert_eq!(c.config.get_ssl_mode(), SslMode::Disable);
        assert_eq!(c.shown, "/run/postgresql:5432");
    }

    #[test]
    fn a_bad_mode_or_a_missing_authority_is_named() {
        let e = parse("postgres://db/x?sslmode=sometimes")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("sslmode=sometimes"), "{e}");
        assert!(e.contains("verify-full"), "{e}");
        let e = parse("postgres://db/x?sslmode=verify-full&sslrootcert=/nowhere/ca.pem")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("/nowhere/ca.pem"), "{e}");
        let e = parse("postgres://db/x?sslcert=/a.pem")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("client certificates"), "{e}");
    }
}

//! HTTPS: [`Tls`], a certificate chain and its key (PEM files, `--tls-cert` and `--tls-key`)
//! served with rustls (ring's cryptography; no OpenSSL), HTTP/1.1 and WebSockets alike.
//!
//! Certificates are renewed every few weeks, so the files are read again, without dropping a
//! connection, on SIGHUP and when either file changes (looked at every [`POLL`]); a pair that
//! does not load then (a key written before its certificate, say) is logged and the old one
//! kept until the next change. Each new handshake takes the certificate in force.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime};

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;
use tokio_rustls::rustls::{self, ServerConfig};

use crate::locks::{Lock, Shared};

/// How often the files are looked at for a change.
pub const POLL: Duration = Duration::from_secs(10);

/// Why a certificate and key cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file cannot be read.
    #[error("cannot read the TLS {what} {path}: {source}", path = path.display())]
    Read {
        /// `certificate` or `key`.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The certificate file holds no certificate.
    #[error(
        "the TLS certificate {path} holds no certificate (PEM: -----BEGIN CERTIFICATE-----)",
        path = path.display()
    )]
    NoCertificate {
        /// The file.
        path: PathBuf,
    },
    /// The key file holds no private key.
    #[error(
        "the TLS key {path} holds no private key (PEM: -----BEGIN PRIVATE KEY-----, or an RSA or EC key)",
        path = path.display()
    )]
    NoKey {
        /// The file.
        path: PathBuf,
    },
    /// The key cannot be used, or is not the certificate's.
    #[error("the TLS key {key} cannot serve the certificate {cert}: {detail}", key = key.display(), cert = cert.display())]
    Mismatch {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// What rustls says.
        detail: String,
    },
}

/// What a file looked like when last read: its time, size and inode (a renewal that swaps the
/// file for another changes at least one).
type Stamp = Option<(SystemTime, u64, u64)>;

fn stamp(path: &Path) -> Stamp {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some((m.modified().ok()?, m.len(), m.ino()))
}

/// The certificate in force, which each handshake asks for.
#[derive(Debug)]
struct Current(RwLock<Arc<CertifiedKey>>);

impl ResolvesServerCert for Current {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.0.reading().clone())
    }
}

/// A certificate and key served with rustls, reloadable. Cheap to clone: every clone is the
/// same.
#[derive(Clone)]
pub struct Tls {
    inner: Arc<Inner>,
}

struct Inner {
    cert: PathBuf,
    key: PathBuf,
    current: Arc<Current>,
    config: Arc<ServerConfig>,
    stamps: Mutex<(Stamp, Stamp)>,
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Reads the chain of `cert` and the key of `key`, checking that they belong together.
fn load(cert: &Path, key: &Path) -> Result<CertifiedKey, TlsError> {
    let read = |what, path: &Path| {
        std::fs::read(path).map_err(|source| TlsError::Read {
            what,
            path: path.to_path_buf(),
            source,
        })
    };
    let cert_pem = read("certificate", cert)?;
    let key_pem = read("key", key)?;
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert_pem)
        .filter_map(Result::ok)
        .collect();
    if chain.is_empty() {
        return Err(TlsError::NoCertificate {
            path: cert.to_path_buf(),
        });
    }
    let private = PrivateKeyDer::from_pem_slice(&key_pem).map_err(|_| TlsError::NoKey {
        path: key.to_path_buf(),
    })?;
    let certified =
        CertifiedKey::from_der(chain, private, &provider()).map_err(|e| TlsError::Mismatch {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            detail: e.to_string(),
        })?;
    Ok(certified)
}

impl Tls {
    /// Reads the certificate chain at `cert` and the private key at `key` (PEM).
    ///
    /// # Errors
    /// A file that cannot be read or holds no certificate or key, or a key that is not the
    /// certificate's, each naming the file.
    pub fn load(cert: &Path, key: &Path) -> Result<Tls, TlsError> {
        let stamps = (stamp(cert), stamp(key));
        let current = Arc::new(Current(RwLock::new(Arc::new(load(cert, key)?))));
        let mut config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Mismatch {
                cert: cert.to_path_buf(),
                key: key.to_path_buf(),
                detail: e.to_string(),
            })?
            .with_no_client_auth()
            .with_cert_resolver(current.clone());
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Tls {
            inner: Arc::new(Inner {
                cert: cert.to_path_buf(),
                key: key.to_path_buf(),
                current,
                config: Arc::new(config),
                stamps: Mutex::new(stamps),
            }),
        })
    }

    /// What accepts TLS connections with the certificate in force.
    pub fn acceptor(&self) -> TlsAcceptor {
        TlsAcceptor::from(self.inner.config.clone())
    }

    /// Reads the files again; new handshakes take the new certificate. On an error the one in
    /// force stays.
    ///
    /// # Errors
    /// As [`Tls::load`].
    pub fn reload(&self) -> Result<(), TlsError> {
        let inner = &self.inner;
        let stamps = (stamp(&inner.cert), stamp(&inner.key));
        // Noted before reading: a change made meanwhile is seen next time.
        *inner.stamps.locked() = stamps;
        let certified = load(&inner.cert, &inner.key)?;
        *inner.current.0.writing() = Arc::new(certified);
        Ok(())
    }

    /// Whether either file changed since it was last read.
    fn changed(&self) -> bool {
        let inner = &self.inner;
        let now = (stamp(&inner.cert), stamp(&inner.key));
        *inner.stamps.locked() != now
    }

    /// Reloads, logging the outcome; `why` says what asked for it.
    fn reload_logged(&self, why: &'static str) {
        let cert = self.inner.cert.display().to_string();
        match self.reload() {
            Ok(()) => tracing::info!(%cert, why, "TLS certificate reloaded"),
            Err(e) => tracing::warn!(
                error = %e,
                why,
                "TLS certificate not reloaded; the one in force stays"
            ),
        }
    }

    /// Reloads on SIGHUP and whenever a file changes (looked at every `every`; zero: never),
    /// until `stop` turns true. The signal's handler is in place when this returns (the
    /// future does the rest).
    pub fn keep_fresh(
        self,
        every: Duration,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        #[cfg(unix)]
        let mut hangup =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok();
        async move {
            loop {
                let hup = async {
                    #[cfg(unix)]
                    if let Some(h) = hangup.as_mut() {
                        h.recv().await;
                        return;
                    }
                    std::future::pending::<()>().await;
                };
                let tick = async {
                    if every.is_zero() {
                        std::future::pending::<()>().await;
                    }
                    tokio::time::sleep(every).await;
                };
                tokio::select! {
                    () = hup => self.reload_logged("SIGHUP"),
                    () = tick => {
                        if self.changed() {
                            self.reload_logged("the files changed");
                        }
                    }
                    _ = stop.wait_for(|s| *s) => return,
                }
            }
        }
    }
}

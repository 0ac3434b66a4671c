//! TLS for `wss://` (a server's `https://` address): the system's trusted authorities and the
//! host's name checked, as a browser would; with `--insecure`, any certificate (a test server's
//! own, self-signed), the connection encrypted but not authenticated.

use std::sync::Arc;

use snakes_server::tls_client::{Verify, client_config, server_name, system_roots};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::ClientConfig;

/// How `wss://` connections are made.
#[derive(Clone)]
pub struct Tls {
    /// The configuration, or why there is none (said when a `wss://` connection is tried).
    config: Result<Arc<ClientConfig>, String>,
}

impl Tls {
    /// The system's authorities, or any certificate when `insecure`.
    pub fn new(insecure: bool) -> Tls {
        let config = if insecure {
            client_config(Verify::Nothing, None)
        } else {
            system_roots().and_then(|roots| client_config(Verify::Full, Some(roots)))
        };
        Tls {
            config: config.map(Arc::new),
        }
    }

    /// The TLS handshake with `host` over `tcp`.
    ///
    /// # Errors
    /// Why the handshake failed, in rustls's words (an unknown authority, a certificate for
    /// another name, ...).
    pub async fn connect(
        &self,
        host: &str,
        tcp: TcpStream,
    ) -> Result<TlsStream<TcpStream>, String> {
        let config = self.config.clone()?;
        TlsConnector::from(config)
            .connect(server_name(host)?, tcp)
            .await
            .map_err(|e| e.to_string())
    }
}

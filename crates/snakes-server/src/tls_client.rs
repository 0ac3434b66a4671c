//! A client's TLS, for the server's connections to PostgreSQL (`store/pg_tls.rs`) and for
//! `snakes join`'s to a server over `wss://`: rustls with ring's cryptography (no OpenSSL),
//! the authorities to trust read from a PEM file or from the system's bundle, and what is
//! checked of the other side's certificate.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, ServerName, UnixTime};
use tokio_rustls::rustls;
use tokio_rustls::rustls::client::danger::{
    HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier,
};
use tokio_rustls::rustls::{DigitallySignedStruct, SignatureScheme};

/// What is checked of the other side's certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verify {
    /// Nothing (the connection is encrypted, not authenticated).
    Nothing,
    /// Signed by a trusted authority.
    Authority,
    /// Signed by a trusted authority, and for the host named.
    Full,
}

/// The system's bundles of trusted authorities, the first that exists read.
pub const SYSTEM_ROOTS: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/cert.pem",
    "/etc/ssl/ca-bundle.pem",
];

/// The system's bundle of trusted authorities: the first of [`SYSTEM_ROOTS`] that exists.
///
/// # Errors
/// When none exists, or the one found cannot be read.
pub fn system_roots() -> Result<rustls::RootCertStore, String> {
    let path = SYSTEM_ROOTS
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| format!("none of {} exists", SYSTEM_ROOTS.join(", ")))?;
    read_roots(&path)
}

/// The authorities of a PEM file.
///
/// # Errors
/// When it cannot be read, a certificate in it is not one, or it holds none; said with the
/// file's name.
pub fn read_roots(path: &Path) -> Result<rustls::RootCertStore, String> {
    let mut store = rustls::RootCertStore::empty();
    let certs =
        CertificateDer::pem_file_iter(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for cert in certs {
        let cert = cert.map_err(|e| format!("{}: {e}", path.display()))?;
        store
            .add(cert)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if store.is_empty() {
        return Err(format!("{}: no certificate in it", path.display()));
    }
    Ok(store)
}

/// The name a certificate is checked against: a host's name or its address.
///
/// # Errors
/// When `host` is neither.
pub fn server_name(host: &str) -> Result<ServerName<'static>, String> {
    ServerName::try_from(host.to_string()).map_err(|e| format!("{host}: {e}"))
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A client's TLS: `verify` says what is checked of the server's certificate, against the
/// authorities of `roots` (none for [`Verify::Nothing`]).
///
/// # Errors
/// When rustls cannot be set up with them (said in rustls's words).
pub fn client_config(
    verify: Verify,
    roots: Option<rustls::RootCertStore>,
) -> Result<rustls::ClientConfig, String> {
    let provider = provider();
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?;
    let webpki = match roots {
        Some(roots) => Some(
            rustls::client::WebPkiServerVerifier::builder_with_provider(
                Arc::new(roots),
                provider.clone(),
            )
            .build()
            .map_err(|e| format!("TLS: {e}"))?,
        ),
        None => None,
    };
    let verifier: Arc<dyn ServerCertVerifier> = Arc::new(Verifier {
        verify,
        webpki,
        provider,
    });
    Ok(builder
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

/// Checks a server's certificate as [`Verify`] says; the handshake's signatures are always
/// checked.
#[derive(Debug)]
struct Verifier {
    verify: Verify,
    webpki: Option<Arc<rustls::client::WebPkiServerVerifier>>,
    provider: Arc<rustls::crypto::CryptoProvider>,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(webpki) = &self.webpki else {
            return Ok(ServerCertVerified::assertion());
        };
        match webpki.verify_server_cert(end_entity, intermediates, server_name, ocsp, now) {
            // verify-ca: any name, so long as a trusted authority signed it.
            Err(rustls::Error::InvalidCertificate(
                rustls::CertificateError::NotValidForName
                | rustls::CertificateError::NotValidForNameContext { .. },
            )) if self.verify == Verify::Authority => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

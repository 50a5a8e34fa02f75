//! TLS for tables on the internet (rustls with ring; no OpenSSL).
//!
//! - The host: [`ServerIdentity::load`] reads a PEM certificate chain and its private key and
//!   names what is wrong with them ([`TlsError`]); its [`ServerIdentity::fingerprint`] (the
//!   SHA-256 of the certificate, hex) goes into the join link for a self-signed certificate.
//! - The client: [`client_config`] trusts exactly the certificate whose fingerprint the join
//!   link pinned, or, without a pin, the system's root certificates (a host behind a reverse
//!   proxy with a certificate from a public authority). A pin is the whole trust: a link with a
//!   fingerprint names one certificate and nothing else will do, whoever signed it.

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, RootCertStore, SignatureScheme};
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What is wrong with the host's certificate or key files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsError {
    /// The file cannot be read.
    Read { file: PathBuf, error: String },
    /// The certificate file holds no PEM `CERTIFICATE` (or a damaged one).
    NoCertificate { file: PathBuf, error: String },
    /// The key file holds no PEM private key (PKCS#8, PKCS#1 or SEC1; or a damaged one).
    NoKey { file: PathBuf, error: String },
    /// rustls refuses the pair: the key does not belong to the certificate, or is of a kind
    /// it does not support.
    Refused {
        cert: PathBuf,
        key: PathBuf,
        error: String,
    },
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TlsError::Read { file, error } => {
                write!(f, "cannot read {}: {error}", file.display())
            }
            TlsError::NoCertificate { file, error } => write!(
                f,
                "{} holds no PEM certificate (-----BEGIN CERTIFICATE-----): {error}",
                file.display()
            ),
            TlsError::NoKey { file, error } => write!(
                f,
                "{} holds no PEM private key (-----BEGIN PRIVATE KEY-----): {error}",
                file.display()
            ),
            TlsError::Refused { cert, key, error } => write!(
                f,
                "the key in {} does not fit the certificate in {}: {error}",
                key.display(),
                cert.display()
            ),
        }
    }
}

impl std::error::Error for TlsError {}

/// ring, explicitly: the process needs no default provider installed.
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The SHA-256 of a certificate (its DER bytes), lower-case hex: what a join link pins.
pub fn fingerprint(der: &[u8]) -> String {
    crate::fair::to_hex(&Sha256::digest(der))
}

/// The host's certificate and key, ready to serve.
#[derive(Clone)]
pub struct ServerIdentity {
    pub config: Arc<rustls::ServerConfig>,
    /// [`fingerprint`] of the end-entity certificate.
    pub fingerprint: String,
}

impl fmt::Debug for ServerIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "certificate {}", self.fingerprint)
    }
}

impl ServerIdentity {
    /// Reads a PEM certificate chain (the host's certificate first) and its PEM private key.
    ///
    /// # Errors
    /// Which file cannot be read or holds nothing usable, or the pair is refused.
    pub fn load(cert: &Path, key: &Path) -> Result<ServerIdentity, TlsError> {
        let read = |file: &Path| {
            std::fs::read(file).map_err(|e| TlsError::Read {
                file: file.to_owned(),
                error: e.to_string(),
            })
        };
        let (cert_pem, key_pem) = (read(cert)?, read(key)?);
        let chain = CertificateDer::pem_slice_iter(&cert_pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| TlsError::NoCertificate {
                file: cert.to_owned(),
                error: e.to_string(),
            })?;
        if chain.is_empty() {
            return Err(TlsError::NoCertificate {
                file: cert.to_owned(),
                error: "no certificate found".into(),
            });
        }
        let private = PrivateKeyDer::from_pem_slice(&key_pem).map_err(|e| TlsError::NoKey {
            file: key.to_owned(),
            error: e.to_string(),
        })?;
        let fingerprint = fingerprint(&chain[0]);
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .and_then(|b| b.with_no_client_auth().with_single_cert(chain, private))
            .map_err(|e| TlsError::Refused {
                cert: cert.to_owned(),
                key: key.to_owned(),
                error: e.to_string(),
            })?;
        Ok(ServerIdentity {
            config: Arc::new(config),
            fingerprint,
        })
    }
}

/// A fingerprint as a link carries it: 64 hex digits (`:` between pairs allowed, as tools
/// print them), any case; `None` when it is not one.
pub fn parse_fingerprint(text: &str) -> Option<String> {
    let hex: String = text.chars().filter(|&c| c != ':').collect();
    (hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit())).then(|| hex.to_lowercase())
}

/// Trusts the pinned certificate only, or the system's roots without a pin; remembers the
/// fingerprint of the certificate the host showed, so that a refusal can say what it was.
#[derive(Debug)]
struct Verifier {
    pin: Option<String>,
    roots: Option<Arc<WebPkiServerVerifier>>,
    algorithms: WebPkiSupportedAlgorithms,
    seen: Arc<Mutex<Option<String>>>,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let found = fingerprint(end_entity);
        if let Ok(mut seen) = self.seen.lock() {
            *seen = Some(found.clone());
        }
        match (&self.pin, &self.roots) {
            (Some(pin), _) if *pin == found => Ok(ServerCertVerified::assertion()),
            (Some(_), _) => Err(rustls::Error::General(
                "the certificate is not the one the link names".into(),
            )),
            (None, Some(roots)) => {
                roots.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
            }
            (None, None) => Err(rustls::Error::General(
                "no system root certificates to check the host's against".into(),
            )),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// The system's root certificates (those it can read; none is not an error here: only a
/// host without a pinned certificate needs them).
fn system_roots(provider: &Arc<CryptoProvider>) -> Option<Arc<WebPkiServerVerifier>> {
    let mut roots = RootCertStore::empty();
    for cert in rustls_native_certs::load_native_certs().certs {
        let _ = roots.add(cert);
    }
    WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
        .build()
        .ok()
}

/// The client's TLS settings for a host: `pin` (a [`parse_fingerprint`]ed fingerprint) or the
/// system's roots. `seen` receives the fingerprint of the certificate the host shows.
///
/// # Errors
/// The provider supports no protocol version (never with ring).
pub fn client_config(
    pin: Option<String>,
    seen: Arc<Mutex<Option<String>>>,
) -> Result<Arc<rustls::ClientConfig>, rustls::Error> {
    let provider = provider();
    let roots = if pin.is_none() {
        system_roots(&provider)
    } else {
        None
    };
    let verifier = Verifier {
        pin,
        roots,
        algorithms: provider.signature_verification_algorithms,
        seen,
    };
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_parse_with_or_without_colons() {
        let hex = "AB".repeat(32);
        let colons = vec!["ab"; 32].join(":");
        assert_eq!(parse_fingerprint(&hex), Some("ab".repeat(32)));
        assert_eq!(parse_fingerprint(&colons), Some("ab".repeat(32)));
        assert_eq!(parse_fingerprint("abc"), None);
        assert_eq!(parse_fingerprint(&"zz".repeat(32)), None);
    }
}

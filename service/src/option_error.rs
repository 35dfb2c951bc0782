//! The error of an option that cannot be used, named with its flag: what
//! [`options`](crate::options) answers for a flag out of range or a file it cannot
//! read, and what [`tls`](crate::tls) answers for a PEM file it cannot use. A
//! module of its own so that `tls` (which `server` and `options` use) needs neither.

use thiserror::Error;

/// An option that cannot be used, named with the flag.
#[derive(Debug, Error)]
pub enum OptionsError {
    /// A flag's value is out of its range.
    #[error("{flag}: {why}")]
    Invalid {
        /// The flag, e.g. `--request-timeout-ms`.
        flag: &'static str,
        /// What is wrong with its value.
        why: String,
    },
    /// A file a flag names could not be read.
    #[error("{flag} {path}: cannot read it: {source}")]
    Unreadable {
        /// The flag.
        flag: &'static str,
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

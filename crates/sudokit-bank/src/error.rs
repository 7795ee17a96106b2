//! [`BankError`]: why a bank could not be opened, read or written, naming
//! the file.

use std::fmt;

use rusqlite::ErrorCode;
use sudokit::generate::GenerateError;

/// Why a bank operation failed. Every variant names the bank's file.
#[derive(Debug)]
#[non_exhaustive]
pub enum BankError {
    /// The file is an SQLite database of another application (or not a
    /// database at all).
    Foreign {
        /// The file.
        path: String,
    },
    /// The bank was written by a later sudokit, with a schema this build
    /// does not know.
    TooNew {
        /// The file.
        path: String,
        /// Its schema version.
        version: u32,
        /// The latest version this build knows.
        supported: u32,
    },
    /// The file may not be written (its permissions, or a read-only file
    /// system), and writing was asked for.
    ReadOnly {
        /// The file.
        path: String,
        /// What says so.
        reason: String,
    },
    /// No bank file is there to read (reading never creates one).
    Missing {
        /// The path asked for.
        path: String,
    },
    /// The file does not exist and cannot be created where it is.
    CannotCreate {
        /// The file.
        path: String,
        /// Why: the folder is missing or not writable.
        reason: String,
    },
    /// The disk (or the bank's size limit) is full; the transaction that
    /// met it was rolled back.
    Full {
        /// The file.
        path: String,
    },
    /// Another process held the bank locked for longer than the busy
    /// timeout.
    Busy {
        /// The file.
        path: String,
    },
    /// A stored row does not read back as what the schema promises.
    BadRow {
        /// The file.
        path: String,
        /// The row's id.
        id: i64,
        /// What is wrong with it.
        what: String,
    },
    /// A fill skipped so many repeated or failed items that its key seems
    /// to have too few distinct puzzles for the target.
    TooFewDistinct {
        /// The file.
        path: String,
        /// The rules' compact name.
        rules: String,
        /// What the fill makes, as a phrase ([`Target`](crate::Target)'s
        /// `Display`: `medium puzzles`, `puzzles that need X-Wing`).
        target: String,
        /// Puzzles of the key held.
        held: usize,
        /// Items skipped in this run.
        skipped: usize,
    },
    /// A fill could not start (its options cannot make any puzzle).
    Generate(GenerateError),
    /// Any other SQLite error.
    Sql {
        /// The file.
        path: String,
        /// SQLite's error.
        source: rusqlite::Error,
    },
}

impl BankError {
    /// The error of `source` met on the bank `path`, with the common
    /// causes (full, busy, read-only) named.
    pub(crate) fn sql(path: &str, source: rusqlite::Error) -> BankError {
        let path = path.to_string();
        match source.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => BankError::Full { path },
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => BankError::Busy { path },
            Some(ErrorCode::ReadOnly) => BankError::ReadOnly {
                path,
                reason: "SQLite cannot write it (a read-only file, folder or file system)".into(),
            },
            Some(ErrorCode::NotADatabase) => BankError::Foreign { path },
            _ => BankError::Sql { path, source },
        }
    }
}

impl fmt::Display for BankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BankError::Foreign { path } => write!(
                f,
                "{path}: not a sudokit bank (another SQLite database, or not a database); \
                 give a new file name or an existing bank"
            ),
            BankError::TooNew { path, version, supported } => write!(
                f,
                "{path}: the bank has schema version {version}, newer than this sudokit \
                 knows (up to {supported}); use a newer sudokit"
            ),
            BankError::ReadOnly { path, reason } => {
                write!(f, "{path}: cannot write the bank: {reason}")
            }
            BankError::Missing { path } => {
                write!(f, "{path}: no bank there (`sudokit bank fill --db {path} ...` makes one)")
            }
            BankError::CannotCreate { path, reason } => {
                write!(f, "{path}: cannot create the bank: {reason}")
            }
            BankError::Full { path } => write!(
                f,
                "{path}: the disk or the bank's size limit is full; the last batch was not \
                 stored (everything committed before it is kept)"
            ),
            BankError::Busy { path } => {
                write!(f, "{path}: the bank stayed locked by another process past the busy timeout")
            }
            BankError::BadRow { path, id, what } => write!(f, "{path}: puzzle {id}: {what}"),
            BankError::TooFewDistinct { path, rules, target, held, skipped } => write!(
                f,
                "{path}: the bank holds {held} {target} of {rules} and {skipped} more tries \
                 gave repeats or nothing: this board seems to have too few distinct such \
                 puzzles; ask for fewer"
            ),
            BankError::Generate(e) => write!(f, "cannot fill: {e}"),
            BankError::Sql { path, source } => write!(f, "{path}: {source}"),
        }
    }
}

impl std::error::Error for BankError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BankError::Sql { source, .. } => Some(source),
            BankError::Generate(e) => Some(e),
            _ => None,
        }
    }
}

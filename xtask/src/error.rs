//! Why a task stopped, and the exit status that says so.

/// Why a task stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// The request itself is wrong (an unknown name, an unwritable file, a
    /// missing folder): the user can fix it. Exit status 2.
    #[error("{0}")]
    BadInput(String),
    /// Something failed while the task ran. Exit status 1.
    #[error("{0}")]
    Failed(String),
    /// The output could not be written: stdout closed or failing, or a file
    /// after the work. Exit status 74, as in every tool
    /// ([`queens_toolkit::files::EXIT_IO`]).
    #[error("{0}")]
    Output(String),
    /// A program the task ran has said what went wrong and exited with this
    /// status, which the task passes on.
    #[error("")]
    Reported(u8),
}

impl Error {
    /// The process exit status for this error.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            Error::BadInput(_) => 2,
            Error::Failed(_) => 1,
            Error::Output(_) => queens_toolkit::files::EXIT_IO,
            Error::Reported(code) => *code,
        }
    }
}

/// A measurement of the lab that stopped: the same two causes.
impl From<queens_lab::Error> for Error {
    fn from(error: queens_lab::Error) -> Self {
        match error {
            queens_lab::Error::BadInput(message) => Error::BadInput(message),
            queens_lab::Error::Failed(message) => Error::Failed(message),
        }
    }
}

//! Why a measurement stopped: the lab's one error type. The tool that
//! calls the lab turns it into its own failure and exit status.

/// Why a measurement stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request itself is wrong (a solver that cannot answer the mode, a
    /// board past every solver, a missing folder or compiler): the user can
    /// fix it.
    #[error("{0}")]
    BadInput(String),
    /// Something failed while the measurement ran: a wrong count, a C
    /// program that failed, a drawing or a table that could not be made.
    #[error("{0}")]
    Failed(String),
}

//! Waiting on the store or a search from within a task, without holding up the others.

/// Runs `work` that waits on the store or a search without holding up other tasks: on
/// the multi-threaded runtime the worker hands its other tasks on while this one waits.
pub(crate) fn blocking<T>(work: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

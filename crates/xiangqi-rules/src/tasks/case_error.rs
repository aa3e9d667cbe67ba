//! A case that breaks a task's promises: which case, and what is wrong.

/// A case's input that breaks the judge's promises: which case, and what is
/// wrong with it (`P`, the task's `CaseProblem`). Where in the text comes
/// with it in the task's `InputError`. Each task names its own, and writes
/// it in its own words: `checkmate::CaseError` is a `CaseError` of that
/// task's `CaseProblem`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError<P> {
    /// The case's number, from 1 (for the horse task, the board's).
    pub case: u64,
    /// What is wrong.
    pub problem: P,
}

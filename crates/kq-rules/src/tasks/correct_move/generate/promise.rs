//! The promises a generated case keeps, checked: with this task there is
//! nothing to check beyond the type.

use core::fmt;

use super::Case;

/// A promise of the judge that a case breaks: there is none to break. The
/// judge promises three places from 0 to 63 on a line, and every [`Case`]
/// is made of three [`Place`](crate::Place)s, so a case that breaks the
/// promise cannot be built; the generator makes no promise of its own about
/// a single case (it promises that its first lines show every verdict the
/// options allow, a promise about the stream, pinned by its tests). The
/// enum has no values, so a `Result<(), BrokenPromise>` is always `Ok`, as
/// the type itself says; it is here so that code written for the other
/// tasks' `check_promises` reads the same for this one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BrokenPromise {}

impl fmt::Display for BrokenPromise {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl std::error::Error for BrokenPromise {}

/// Whether `case` keeps the judge's promises: always, as its type already
/// says (see [`BrokenPromise`]).
///
/// ```
/// use kq_rules::tasks::correct_move::Case;
/// use kq_rules::tasks::correct_move::generate::check_promises;
///
/// let case: Case = "17 17 49".parse()?;
/// assert_eq!(check_promises(&case), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// None: [`BrokenPromise`] has no values.
pub fn check_promises(case: &Case) -> Result<(), BrokenPromise> {
    let _ = case;
    Ok(())
}

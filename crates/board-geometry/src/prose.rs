//! Lists in words, for the messages of every game: `a0, b1 and c2`, `first; second`.

use core::fmt::{self, Display};

/// Writes `items` one after another with `separator` between them.
///
/// ```
/// use board_geometry::prose::separated;
///
/// assert_eq!(separated(&["too many chariots", "no general"], "; ").to_string(), "too many chariots; no general");
/// ```
pub fn separated<'a, T: Display>(items: &'a [T], separator: &'a str) -> impl Display + 'a {
    Separated { items, separator }
}

struct Separated<'a, T> {
    items: &'a [T],
    separator: &'a str,
}

impl<T: Display> Display for Separated<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str(self.separator)?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

/// Lists `items` as a sentence does: `a`, `a and b`, `a, b and c` (with
/// `conjunction` for `and`); `none` when there are no items.
///
/// ```
/// use board_geometry::prose::listed;
///
/// assert_eq!(listed(["a0", "b1", "c2"], "and", "nothing"), "a0, b1 and c2");
/// assert_eq!(listed(["d0", "f0"], "or", "nothing"), "d0 or f0");
/// assert_eq!(listed(Vec::<String>::new(), "and", "nothing"), "nothing");
/// ```
pub fn listed<T: Display>(items: impl IntoIterator<Item = T>, conjunction: &str, none: &str) -> String {
    let names: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    match names.as_slice() {
        [] => none.to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

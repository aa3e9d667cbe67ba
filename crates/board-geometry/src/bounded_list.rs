//! Lists of bounded length kept inline, for move lists that must not allocate.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{Deref, DerefMut};

/// A value that fills the unused places of a [`BoundedList`], which keeps
/// all `N` of them from the start: without `unsafe`, an array cannot hold
/// nothing. The filler is never read, so any value of the type will do.
///
/// Every `Copy + Default` type is one, its default the filler. A type with
/// no sensible default (a move) implements it with any value: the game
/// crates fill their move lists with the move from the first point to
/// itself, which is never legal and which no list ever hands out.
// Plumbing of the game crates of this workspace, hidden from the docs.
#[doc(hidden)]
pub trait Filler: Copy {
    /// The value unused places hold.
    fn filler() -> Self;
}

impl<T: Copy + Default> Filler for T {
    fn filler() -> T {
        T::default()
    }
}

/// A list of at most `N` values of `T`, stored inline without heap
/// allocation; it dereferences to a slice and iterates by value or by reference.
///
/// Games use it for move lists: a game knows the most moves any of its
/// positions can have, and generating moves into a `BoundedList` of that
/// capacity costs no allocation per node.
///
/// ```
/// use board_geometry::BoundedList;
///
/// let mut list: BoundedList<u8, 3> = BoundedList::new();
/// list.push(7);
/// list.push(5);
/// list.sort();
/// assert_eq!(&*list, &[5, 7]);
/// assert_eq!(list.len(), 2);
/// assert_eq!(list.try_push(9), Ok(()));
/// assert_eq!(list.try_push(1), Err(1), "full");
/// let doubled: Vec<u8> = list.into_iter().map(|v| v * 2).collect();
/// assert_eq!(doubled, [10, 14, 18]);
/// ```
#[derive(Copy, Clone)]
pub struct BoundedList<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Filler, const N: usize> BoundedList<T, N> {
    /// An empty list.
    #[must_use]
    pub fn new() -> Self {
        BoundedList { items: [T::filler(); N], len: 0 }
    }
}

impl<T: Copy, const N: usize> BoundedList<T, N> {
    /// The most values the list can hold.
    pub const CAPACITY: usize = N;

    /// Appends `value`.
    ///
    /// # Panics
    /// If the list is full. A game sizes its move lists for the most moves
    /// any position can have, so this is a bug, not a position; use
    /// [`BoundedList::try_push`] where a full list is expected.
    #[inline]
    pub fn push(&mut self, value: T) {
        assert!(self.try_push(value).is_ok(), "a BoundedList of capacity {N} is full");
    }

    /// Appends `value`, or gives it back if the list is full.
    ///
    /// # Errors
    /// The value, when the list already holds `N` values.
    #[inline]
    pub fn try_push(&mut self, value: T) -> Result<(), T> {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = value;
                self.len += 1;
                Ok(())
            }
            None => Err(value),
        }
    }

    /// Keeps only the values for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The values as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Filler, const N: usize> Default for BoundedList<T, N> {
    fn default() -> Self {
        BoundedList::new()
    }
}

impl<T: Copy, const N: usize> Deref for BoundedList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy, const N: usize> DerefMut for BoundedList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a BoundedList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy, const N: usize> IntoIterator for BoundedList<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter { list: self, next: 0 }
    }
}

/// The values of a [`BoundedList`], by value, in order.
#[derive(Copy, Clone, Debug)]
pub struct IntoIter<T: Copy, const N: usize> {
    list: BoundedList<T, N>,
    next: usize,
}

impl<T: Copy, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let value = self.list.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(value)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len - self.next;
        (left, Some(left))
    }
}

impl<T: Copy, const N: usize> ExactSizeIterator for IntoIter<T, N> {}
impl<T: Copy, const N: usize> FusedIterator for IntoIter<T, N> {}

impl<T: Filler, const N: usize> FromIterator<T> for BoundedList<T, N> {
    /// Collects the values.
    ///
    /// # Panics
    /// If there are more than `N`, as [`BoundedList::push`] does.
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut list = BoundedList::new();
        for value in values {
            list.push(value);
        }
        list
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for BoundedList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Eq, const N: usize> Eq for BoundedList<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for BoundedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_refuses_more_values() {
        let mut list: BoundedList<u32, 2> = BoundedList::new();
        assert_eq!(list.try_push(1), Ok(()));
        assert_eq!(list.try_push(2), Ok(()));
        assert_eq!(list.try_push(3), Err(3));
        assert_eq!(&*list, &[1, 2]);
        let pushed = std::panic::catch_unwind(move || {
            let mut list = list;
            list.push(3);
        });
        assert!(pushed.is_err(), "push onto a full list panics rather than dropping the value");
        let collected = std::panic::catch_unwind(|| (10..20).collect::<BoundedList<u32, 3>>());
        assert!(collected.is_err());
    }

    #[test]
    fn iteration_by_value_and_by_reference_agree() {
        let list: BoundedList<i32, 8> = [5, -1, 4].into_iter().collect();
        let by_reference: Vec<i32> = (&list).into_iter().copied().collect();
        let mut by_value = list.into_iter();
        assert_eq!(by_value.len(), 3);
        assert_eq!(by_value.next(), Some(5));
        assert_eq!(by_value.size_hint(), (2, Some(2)));
        assert_eq!(by_value.collect::<Vec<_>>(), [-1, 4]);
        assert_eq!(by_reference, [5, -1, 4]);
        let same: BoundedList<i32, 8> = [5, -1, 4].into_iter().collect();
        assert_eq!(list, same);
        let other: BoundedList<i32, 8> = [5, -1].into_iter().collect();
        assert_ne!(list, other);
    }

    #[test]
    fn retain_sort_and_clear() {
        let mut list: BoundedList<i32, 8> = [5, -1, 4, -3, 2].into_iter().collect();
        list.retain(|&v| v > 0);
        list.sort_unstable();
        assert_eq!(&*list, &[2, 4, 5]);
        assert_eq!(format!("{list:?}"), "[2, 4, 5]");
        list.clear();
        assert!(list.is_empty());
        assert_eq!(BoundedList::<i32, 8>::CAPACITY, 8);
    }

    #[test]
    fn a_type_without_a_default_fills_its_list_with_its_filler() {
        /// An odd number: no default makes sense.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        struct Odd(u8);
        impl Filler for Odd {
            fn filler() -> Odd {
                Odd(1)
            }
        }
        let mut list: BoundedList<Odd, 4> = BoundedList::new();
        assert!(list.is_empty(), "the filler is never handed out");
        list.push(Odd(7));
        assert_eq!(&*list, &[Odd(7)]);
        let collected: BoundedList<Odd, 4> = [Odd(3), Odd(5)].into_iter().collect();
        assert_eq!(collected.into_iter().collect::<Vec<_>>(), [Odd(3), Odd(5)]);
        assert_eq!(BoundedList::<Odd, 4>::default(), BoundedList::new());
    }
}

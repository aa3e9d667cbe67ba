//! Lists of bounded length kept inline, for move lists that must not allocate.

use core::fmt;
use core::ops::{Deref, DerefMut};

/// A list of at most `N` values of `T`, stored inline without heap
/// allocation; it dereferences to a slice.
///
/// Games use it for move lists: a game knows the most moves any of its
/// positions can have, and generating moves into a `BoundedList` of that
/// capacity costs no allocation per node. Pushing onto a full list keeps
/// the first `N` values rather than panicking.
///
/// ```
/// use board_geometry::BoundedList;
///
/// let mut list: BoundedList<u8, 3> = BoundedList::new();
/// list.push(7);
/// list.push(5);
/// list.sort();
/// assert_eq!(&*list, &[5, 7]);
/// ```
#[derive(Copy, Clone)]
pub struct BoundedList<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> BoundedList<T, N> {
    /// An empty list.
    #[must_use]
    pub fn new() -> Self {
        BoundedList { items: [T::default(); N], len: 0 }
    }
}

impl<T: Copy, const N: usize> BoundedList<T, N> {
    /// The most values the list can hold.
    pub const CAPACITY: usize = N;

    /// Appends `value`; a full list stays as it is.
    pub fn push(&mut self, value: T) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = value;
            self.len += 1;
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

impl<T: Copy + Default, const N: usize> Default for BoundedList<T, N> {
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

impl<T: Copy + Default, const N: usize> FromIterator<T> for BoundedList<T, N> {
    /// Collects at most `N` values; the rest are dropped.
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut list = BoundedList::new();
        for value in values.into_iter().take(N) {
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
    fn a_full_list_keeps_its_first_values() {
        let mut list: BoundedList<u32, 2> = BoundedList::new();
        for value in 1..=5 {
            list.push(value);
        }
        assert_eq!(&*list, &[1, 2]);
        let collected: BoundedList<u32, 3> = (10..20).collect();
        assert_eq!(&*collected, &[10, 11, 12]);
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
}

//! What files, ranks and squares share: each is a number below one of its
//! grid's counts (`G::FILES`, `G::RANKS`, `G::SQUARES`), kept in a byte,
//! with the grid as a marker that keeps the types of different boards apart.

/// Declares such a type of grid `G`: the struct, a checked constructor from
/// the number (named `$new`), `index`, the mirror image (the number counted
/// from the other end, named `$mirror`) and `all` (every value, in order),
/// each with the docs given; and for a type written as one of its methods
/// (`written as letter`), `Display` as that and `Debug` as `File(a)`.
///
/// The struct's fields are `index` and `grid`, for the rest of its file.
macro_rules! grid_index {
    (
        $(#[$doc:meta])*
        $name:ident below $count:ident $(, written as $written:ident)?;
        $(#[$new_doc:meta])* $new:ident;
        $(#[$index_doc:meta])* index;
        $(#[$mirror_doc:meta])* $mirror:ident;
        $(#[$all_doc:meta])* all;
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name<G: Grid> {
            index: u8,
            grid: PhantomData<G>,
        }

        impl<G: Grid> $name<G> {
            $(#[$new_doc])*
            #[must_use]
            pub const fn $new(index: u8) -> Option<Self> {
                if index < G::$count { Some($name { index, grid: PhantomData }) } else { None }
            }

            $(#[$index_doc])*
            #[must_use]
            pub const fn index(self) -> u8 {
                self.index
            }

            $(#[$mirror_doc])*
            #[must_use]
            pub const fn $mirror(self) -> Self {
                $name { index: G::$count - 1 - self.index, grid: PhantomData }
            }

            $(#[$all_doc])*
            pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
                (0..G::$count).map(|index| $name { index, grid: PhantomData })
            }
        }

        $(
            impl<G: Grid> fmt::Display for $name<G> {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "{}", self.$written())
                }
            }

            impl<G: Grid> fmt::Debug for $name<G> {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "{}({})", stringify!($name), self.$written())
                }
            }
        )?
    };
}

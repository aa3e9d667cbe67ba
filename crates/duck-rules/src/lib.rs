//! Duck chess (鸭棋), the xiangqi-like game of the THUPC 2019 task "duck
//! chess" (Luogu P5380): its rules, a position string, move generation and
//! perft, and the judge that replays a game log.
//!
//! ```
//! use duck_rules::{Position, Verdict};
//!
//! // The judge: a log of attempted moves in, one answer per command out.
//! let log = "4\n0 0 7 0\n0 3 1 2\n9 4 8 4\n3 2 2 3\n";
//! let mut answers = Vec::new();
//! duck_rules::judge(log.as_bytes(), &mut answers)?;
//! assert_eq!(
//!     String::from_utf8(answers)?,
//!     "Invalid command\nred guard;NA;no;no\nblue captain;NA;no;no\nred soldier;NA;no;no\n"
//! );
//!
//! // The rules, move by move.
//! let mut position = Position::initial();
//! assert_eq!(position.moves().len(), 43);
//! let verdict = Verdict::from(position.play("0,0-7,0".parse()?));
//! assert_eq!(verdict.to_string(), "Invalid command");
//! if let Verdict::Invalid(reason) = verdict {
//!     assert_eq!(reason.to_string(), "the red car on 0,0 cannot reach 7,0: the piece on 2,0 is in the way");
//! }
//! assert_eq!(position.play("0,3-1,2".parse()?)?.to_string(), "red guard;NA;no;no");
//!
//! // Positions as strings, and perft.
//! assert_eq!(position.to_string(), "rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/2G6/RHE1KGEHR b");
//! assert_eq!(Position::initial().perft(3), 80_066);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The game
//!
//! Two sides, `red` and `blue`, on the 10 x 9 points of a xiangqi board.
//! A [`Point`] is `(x, y)` = (row, column), `(0,0)` being the bottom-left point on
//! red's side; red starts on rows 0..3 and moves first. Each [`PieceKind`] moves
//! as its [`movement`](PieceKind::movement) says, in the shared vocabulary of
//! `board-geometry`: the captain, guard and soldier step (orthogonally,
//! diagonally, to all eight neighbours), the elephant, horse and duck leap past
//! blocking points ([`Leap::ELEPHANT`](board_geometry::Leap::ELEPHANT),
//! [`Leap::HORSE`](board_geometry::Leap::HORSE),
//! [`Leap::DUCK`](board_geometry::Leap::DUCK)), and the car slides along rows and
//! columns. A move may land on an enemy piece, which is removed, never on a
//! friendly one; there is no palace, no river and no flying-captain rule. The
//! game ends when a captain is removed. After a move that does not end it, the
//! position is a *check* if some piece of either side could move onto the other
//! side's captain. [`Position`] holds the rules; [`Position::play`] makes a move and
//! returns its [`MoveReport`], or the [`InvalidMove`] reason.
//!
//! # Notation
//!
//! - A move is written `xs,ys-xt,yt` in the task's rows and columns, such as
//!   `0,3-1,4` (see [`Move`]); the judge's command `0 3 1 4` is the same move.
//! - A position is written as a position string (see [`Setup`]), such as
//!   [`INITIAL_POSITION`]: `rhegkgehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEGKGEHR r`,
//!   rows 9 down to 0 separated by `/`, `K G E H R D S` for red's captain, guard,
//!   elephant, horse, car, duck and soldier (lower case for blue), digits for
//!   runs of empty points, then `r` or `b` for the side to move. A [`Setup`] is
//!   what a string says; a [`Position`] is a setup checked to be reachable.
//!
//! # The replay task
//!
//! [`judge`] reads the log (`Q`, then `Q` lines `xs ys xt yt`) line by line from any
//! [`BufRead`](std::io::BufRead) and writes each answer as the judge does.
//! Invalid commands change nothing and the same side stays to move; after the
//! game ends every command is invalid. Blank lines are skipped anywhere; a
//! coordinate off the board, a line without exactly four numbers, a
//! non-number, fewer than `Q` commands or more lines after them stop the judge
//! with a [`LogError`] naming the line, column and field, after the answers to
//! every command before it.
//!
//! # Perft
//!
//! [`Position::perft`] counts the positions exactly `depth` valid moves away;
//! a move that removes a captain counts at its depth and ends its branch.
//! From the initial position: 43, 1,849, 80,066 for depths 1 to 3.

#![forbid(unsafe_code)]

mod color;
mod invalid;
mod judge;
mod log;
mod movement;
mod moves;
mod perft;
mod piece;
mod point;
mod position;
mod position_file;
mod problem;
mod setup;
mod status;
mod tables;
mod verdict;

pub use color::{Color, ParseColorError};
pub use invalid::InvalidMove;
pub use judge::{JudgeError, judge, replay};
pub use log::{LogError, LogField, LogReader, parse_command};
pub use movement::Movement;
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use piece::{ParsePieceKindError, Piece, PieceKind};
pub use point::{ParsePointError, Point};
pub use position::{ParsePositionError, Position};
pub use position_file::{PositionFileError, read_position, read_setup};
pub use problem::{PositionError, Problem};
pub use setup::{INITIAL_POSITION, Setup, SetupError};
pub use status::Status;
pub use verdict::{MoveReport, Verdict};

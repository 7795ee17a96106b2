/*!
A puzzle bank for sudokit: rated puzzles in an SQLite file, filled ahead of
time and served at once.

Generating a rated puzzle of the hardest levels takes tens of milliseconds
to seconds; an app that wants one *now*, never the same one twice, keeps a
bank of them. This crate holds that bank. The engine (`sudokit`) knows
nothing of it: SQLite (bundled, through `rusqlite`) is linked only here.

# Overview
- [`Bank`]: an open bank file. [`Bank::open`] creates or migrates one (WAL
  mode, a busy timeout) and refuses a foreign or newer file with a message;
  [`Bank::claim`] hands a client the next puzzle it has not had;
  [`Place`] is a client's place in that walk, which a server keeps in
  memory ([`Bank::places`], [`Bank::save_places`], [`Bank::puzzles_after`]);
  [`Bank::daily`] the puzzle of a date; [`Bank::counts`] what it holds.
- [`Fill`] and [`fill`]: generating puzzles in parallel into a bank,
  resumably and deterministically per seed, without duplicates by
  canonical form, of a level or a [`Target`] (techniques the path needs,
  the hardest one); [`Bank::count`] counts every stored puzzle meeting a
  target.
- [`Entry`] and [`Stored`]: a puzzle with its solution, rating, level,
  techniques, symmetry, canonical form and seed, going in and coming out.
- [`Date`] and [`daily_seed`]: the daily puzzle's date and the number that
  fixes it.
- [`schema`]: the versioned schema and its migrations (`docs/bank.md`
  describes every table).
- [`BankError`]: every failure, naming the file.

# Example
```
use sudokit::logic::Level;
use sudokit::{Rules, Shape};
use sudokit_bank::{Bank, Claim, Fill, fill};

let dir = tempfile::tempdir()?;
let mut bank = Bank::open(dir.path().join("bank.sqlite"))?;
let plan = Fill::new(Rules::classic(Shape::new(2, 2)?), Level::Easy, 1, 3).jobs(1);
let done = fill(&mut bank, &plan, &mut |_| {}, &|| false)?;
assert_eq!(done.held, 3);
let Claim::Puzzle(first) = bank.claim("alice", "4", Level::Easy)? else { panic!() };
let Claim::Puzzle(second) = bank.claim("alice", "4", Level::Easy)? else { panic!() };
assert_ne!(first.id, second.id);
# Ok::<(), Box<dyn std::error::Error>>(())
```
*/

// Every public item is documented: this crate is a library others build on.
#![deny(missing_docs)]
// Public types implement `Debug`, so callers can log them.
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

mod bank;
mod daily;
mod entry;
mod error;
mod fill;
mod place;
pub mod schema;
mod target;

pub use bank::{Bank, Claim, Count, DEFAULT_BUSY_TIMEOUT, PlaceRecord};
pub use daily::{Date, daily_seed};
pub use entry::{Entry, Stored};
pub use error::BankError;
pub use fill::{Fill, Progress, fill};
pub use place::{Place, Step};
pub use target::Target;

//! A record of the exact search, move by move, for replaying it (the web
//! page's solve animation): [`Solver::trace`].
//!
//! The record is of the general search, the one every board but classic
//! 9x9 uses for counting and solving (9x9 has a faster specialisation that
//! keeps no per-cell moves): naked and hidden singles propagated after each
//! decision, the cell with the fewest candidates decided first, digits
//! tried in increasing order, and a backtrack that empties every cell
//! filled since the decision it returns to.
//!
//! Invariants: replaying the moves from the puzzle (placing each digit,
//! emptying each cell with no digit) never touches a given and passes
//! through exactly the boards the search visited; when the search found a
//! solution within its limits and the record was not cut, the replay ends
//! on that solution.

use super::Solver;
use super::general::{Next, Search};
use crate::digit::Digit;
use crate::grid::Grid;
use crate::shape::Cell;

/// One move of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TraceMove {
    /// The cell.
    pub cell: Cell,
    /// The digit placed, or `None` when a backtrack empties the cell.
    pub digit: Option<Digit>,
    /// Whether the digit is a decision (a guess) rather than forced by
    /// singles.
    pub guess: bool,
}

/// The moves of one search, up to a cap, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Trace {
    /// The moves, in order.
    pub moves: Vec<TraceMove>,
    /// Whether the search made more moves than the cap (the rest are not
    /// recorded; the search still ran to its end).
    pub cut: bool,
    /// The first solution the search found, if it found one within the
    /// solver's limits.
    pub solution: Option<Grid>,
    /// Whether the search ended within the solver's limits (it found a
    /// solution or proved there is none).
    pub finished: bool,
}

impl Solver {
    /// Runs the general search on `puzzle` until its first solution,
    /// recording up to `cap` moves (placements and backtracks), under this
    /// solver's limits.
    ///
    /// # Example
    /// ```
    /// use sudokit::{Grid, Shape, solve::Solver};
    ///
    /// let values = [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    /// let puzzle = Grid::from_values(Shape::new(2, 2).unwrap(), values).unwrap();
    /// let trace = Solver::new().trace(&puzzle, 1000);
    /// let mut board = puzzle.values().to_vec();
    /// for m in &trace.moves {
    ///     board[m.cell.index()] = m.digit.map_or(0, |d| d.get());
    /// }
    /// assert_eq!(Some(&board[..]), trace.solution.as_ref().map(|s| s.values()));
    /// ```
    pub fn trace(&mut self, puzzle: &Grid, cap: usize) -> Trace {
        let rules = puzzle.rules();
        let mut search = Search::new(rules);
        search.record(cap.saturating_add(puzzle.clue_count()));
        let mut solution = None;
        let ended = search.run(
            &puzzle.candidate_masks(),
            self.limits.max_nodes,
            self.limits.watch(),
            |values| {
                solution = Some(
                    Grid::from_values_with(rules.clone(), values.to_vec())
                        .expect("solver values fit"),
                );
                Next::Stop
            },
        );
        self.last_nodes = search.nodes;
        let (moves, mut cut) = search.moves();
        // Propagation first places the givens themselves: not moves.
        let given = puzzle.values();
        let mut out = Vec::with_capacity(moves.len().min(cap));
        for m in moves.iter().filter(|m| given[m.cell as usize] == 0) {
            if out.len() == cap {
                cut = true;
                break;
            }
            out.push(TraceMove {
                cell: Cell::from_index(m.cell as usize),
                digit: Digit::new_checked(m.digit),
                guess: m.guess,
            });
        }
        let finished = ended == super::general::Ended::Finished;
        Trace { moves: out, cut, solution, finished }
    }
}

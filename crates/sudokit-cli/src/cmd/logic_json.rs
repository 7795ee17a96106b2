//! Ratings and steps as the JSON of `rate`, `hint` and `explain`.
//!
//! The fields are those of the service's `/api/v1/rate`, `/hint` and
//! `/explain` answers (`sudokit_server::api::logic`), so the two faces print
//! the same thing; the CLI keeps its own serialisable structs so that a build
//! without the `serve` feature has no HTTP stack. The test below holds the
//! two to the same JSON. Cells are named `rXcY` from 1.

use serde::Serialize;
use sudokit::Shape;
use sudokit::logic::{Rating, Step};

/// A rating: `er`, `ep`, `ed` (one decimal), `level`, `hardest`, `guessed`.
#[derive(Debug, Serialize)]
pub struct RatingJson {
    er: f64,
    ep: f64,
    ed: f64,
    level: &'static str,
    /// `-` for a grid already solved.
    hardest: String,
    guessed: bool,
}

impl RatingJson {
    /// The JSON fields of a rating.
    pub fn new(r: &Rating) -> RatingJson {
        RatingJson {
            er: r.er.as_f64(),
            ep: r.ep.as_f64(),
            ed: r.ed.as_f64(),
            level: r.level.name(),
            hardest: r.hardest.map_or("-".to_string(), |t| t.name().to_string()),
            guessed: r.guessed,
        }
    }
}

/// One logical step: technique, rating, placements (`r1c2=5`), eliminations
/// (`r4c6<>7`), evidence cells, digits, units, the sentence, and whether it
/// is a guess.
#[derive(Debug, Serialize)]
pub struct StepJson {
    technique: &'static str,
    rating: f64,
    pub placements: Vec<String>,
    pub eliminations: Vec<String>,
    pub cells: Vec<String>,
    digits: Vec<u8>,
    units: Vec<String>,
    explanation: String,
    guess: bool,
}

impl StepJson {
    /// The JSON fields of a step on a board of `shape`.
    pub fn new(step: &Step, shape: Shape) -> StepJson {
        let name = |c: sudokit::Cell| c.display(shape).to_string();
        StepJson {
            technique: step.technique.name(),
            rating: step.difficulty.as_f64(),
            placements: step.placements.iter().map(|&(c, d)| format!("{}={d}", name(c))).collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", name(c)))
                .collect(),
            cells: step.cells.iter().map(|&c| name(c)).collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            units: step.units.iter().map(ToString::to_string).collect(),
            explanation: step.explanation.clone(),
            guess: step.technique.is_guess(),
        }
    }
}

#[cfg(all(test, feature = "serve"))]
mod tests {
    use sudokit::Shape;
    use sudokit::logic::{LogicSolver, State};
    use sudokit_server::api::logic as service;

    use super::{RatingJson, StepJson};

    /// The rating and every step of a puzzle whose path goes beyond singles
    /// serialise exactly as the service's structs do.
    #[test]
    fn same_json_as_the_service() {
        // top1465 #1 (data/top1465.txt).
        let grid = sudokit::format::parse_grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap();
        let path = LogicSolver::new().solve_state(State::from_grid(&grid)).unwrap();
        let rating = path.rating();
        assert!(rating.er.as_f64() > 2.5, "a path beyond singles: {}", rating.er);
        assert_eq!(
            serde_json::to_value(RatingJson::new(&rating)).unwrap(),
            serde_json::to_value(service::RatingJson::new(&rating)).unwrap()
        );
        for step in &path.steps {
            assert_eq!(
                serde_json::to_value(StepJson::new(step, Shape::CLASSIC)).unwrap(),
                serde_json::to_value(service::StepJson::new(step, Shape::CLASSIC)).unwrap()
            );
        }
    }
}

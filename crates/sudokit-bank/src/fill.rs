//! Filling a bank: [`Fill`] (what to make) and [`fill`] (making and
//! storing it).
//!
//! A fill is keyed by its rules, [`Target`] (a level, or techniques the
//! path needs or the hardest one, with or without a level), symmetry and
//! seed. Item `i` of the fill is `Generator::puzzle(i)` for that seed, the
//! same puzzle `sudokit generate --seed S` makes as its item `i` with the
//! same options (`--difficulty`, `--needs`, `--hardest`). Items are made in order of
//! index, in chunks: each chunk is generated in parallel (rayon, `jobs`
//! threads) while one writer thread stores the previous chunk in one
//! transaction, in index order, together with the fill's cursor (the next
//! index). Storing stops at the index where the bank reaches the target
//! count of puzzles of the rules meeting the target, counting every stored
//! puzzle that meets it, whichever fill stored it.
//!
//! Invariants:
//! - Resumable and deterministic: a fill that is stopped (or killed)
//!   and run again continues at its committed cursor, so it stores exactly
//!   the puzzles one uninterrupted run would have stored from the same
//!   bank.
//! - Whole puzzles only: an item is stored with its solution, rating,
//!   level and techniques in the same transaction, or not at all.
//! - Only puzzles meeting the target are stored: each item is rated again
//!   ([`Entry::make`]) and one whose level, path or hardest step misses
//!   the target is skipped as failed.
//! - A puzzle whose canonical form is stored already (from any fill) is
//!   skipped and counted as a duplicate; an index the generator gives up
//!   on (no candidate in the level within its counted tries) is skipped
//!   and counted as failed. A run that skips more than `100 + 20 *
//!   target` items ends with [`BankError::TooFewDistinct`] (what it
//!   stored is kept).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use rayon::prelude::*;
use sudokit::Rules;
use sudokit::generate::{Generator, Method, Options, Symmetry};
use sudokit::logic::{Level, LogicSolver, Technique};

use crate::bank::Bank;
use crate::entry::Entry;
use crate::error::BankError;
use crate::target::Target;

/// What a fill makes: rules, target, symmetry, seed, how many puzzles the
/// bank should hold, and on how many threads.
#[derive(Clone, Debug)]
pub struct Fill {
    rules: Rules,
    target: Target,
    symmetry: Symmetry,
    seed: u64,
    count: usize,
    jobs: usize,
}

impl Fill {
    /// A fill of `rules` at `level` until the bank holds `count` such
    /// puzzles, from `seed`; no symmetry, one thread per core.
    pub fn new(rules: Rules, level: Level, seed: u64, count: usize) -> Fill {
        Fill::of(rules, Target::level(level), seed, count)
    }

    /// A fill of `rules` until the bank holds `count` puzzles meeting
    /// `target`, from `seed`; no symmetry, one thread per core.
    pub fn of(rules: Rules, target: Target, seed: u64, count: usize) -> Fill {
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        Fill { rules, target, symmetry: Symmetry::None, seed, count, jobs }
    }

    /// The clue symmetry (default none).
    pub fn symmetry(mut self, symmetry: Symmetry) -> Fill {
        self.symmetry = symmetry;
        self
    }

    /// Threads generating at once (default: the number of cores; at least
    /// 1). One thread generates on the caller's thread, without rayon.
    pub fn jobs(mut self, jobs: usize) -> Fill {
        self.jobs = jobs.max(1);
        self
    }

    /// The rules.
    pub fn get_rules(&self) -> &Rules {
        &self.rules
    }

    /// What the puzzles must meet.
    pub fn get_target(&self) -> &Target {
        &self.target
    }

    /// How many puzzles meeting the target the bank should hold.
    pub fn get_count(&self) -> usize {
        self.count
    }

    /// The generator options of this fill: the rules, the level's rating
    /// range, the techniques and the symmetry, with the default full-grid
    /// method.
    pub fn options(&self) -> Options {
        self.target.options(self.rules.clone(), self.symmetry)
    }
}

/// Where a fill stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Puzzles of the fill's rules meeting its target in the bank.
    pub held: usize,
    /// The target.
    pub target: usize,
    /// Puzzles stored by this run.
    pub added: usize,
    /// Items skipped by this run because their canonical form was stored.
    pub duplicates: usize,
    /// Items skipped by this run because the generator gave up on them.
    pub failed: usize,
    /// The fill's next index (committed).
    pub next_index: u64,
}

/// A chunk of made items: each index with its entry, or `None` when the
/// generator gave up on it.
type Chunk = Vec<(u64, Option<Entry>)>;

/// Runs `plan` on `bank` until it holds the target count, `stop()` says to
/// stop (checked between chunks; what is committed stays), or an error.
/// `progress` is called on the writer thread after each commit.
pub fn fill(
    bank: &mut Bank,
    plan: &Fill,
    progress: &mut (dyn FnMut(&Progress) + Send),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Progress, BankError> {
    let rules_name = plan.rules.to_string();
    let target_name = plan.target.name();
    let symmetry = plan.symmetry.name();
    let generator = Generator::new(plan.options(), plan.seed).map_err(BankError::Generate)?;
    let start = bank.fill_cursor(&rules_name, plan.target.clone(), symmetry, plan.seed)?;
    let held = bank.count(&rules_name, plan.target.clone())?;
    let first = Progress { held, target: plan.count, next_index: start, ..Progress::default() };
    if held >= plan.count {
        return Ok(first);
    }
    let pool = if plan.jobs > 1 {
        Some(rayon::ThreadPoolBuilder::new().num_threads(plan.jobs).build().map_err(|e| {
            BankError::Generate(sudokit::generate::GenerateError::Impossible {
                reason: format!("cannot start {} threads: {e}", plan.jobs),
            })
        })?)
    } else {
        None
    };
    // A key with few distinct puzzles (4x4) could never reach its target.
    let max_skips = plan.count.saturating_mul(20).saturating_add(100);
    let held_now = AtomicUsize::new(held);
    let done = AtomicBool::new(false);
    let key = (rules_name.as_str(), target_name.as_str(), symmetry, plan.seed);
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::sync_channel::<Chunk>(1);
        let writer = s.spawn(|| -> Result<Progress, BankError> {
            let mut p = first.clone();
            for chunk in rx {
                if stop() {
                    break;
                }
                let path = bank.path().to_string();
                let sql = |e| BankError::sql(&path, e);
                let t = bank.write()?;
                // Another process may fill the same key: count inside the
                // write lock, so the target is never overshot.
                p.held = Bank::count_in(&t, &rules_name, &plan.target).map_err(sql)?;
                for (index, entry) in &chunk {
                    if p.held >= p.target {
                        break;
                    }
                    match entry {
                        Some(e) if Bank::store(&t, e).map_err(sql)? => {
                            p.added += 1;
                            p.held += 1;
                        }
                        Some(_) => p.duplicates += 1,
                        None => p.failed += 1,
                    }
                    p.next_index = index + 1;
                }
                Bank::set_fill_cursor(&t, key, p.next_index).map_err(sql)?;
                t.commit().map_err(sql)?;
                held_now.store(p.held, Ordering::Relaxed);
                progress(&p);
                if p.held >= p.target {
                    done.store(true, Ordering::Relaxed);
                    break;
                }
                if p.duplicates + p.failed > max_skips {
                    done.store(true, Ordering::Relaxed);
                    return Err(BankError::TooFewDistinct {
                        path,
                        rules: rules_name.clone(),
                        target: plan.target.to_string(),
                        held: p.held,
                        skipped: p.duplicates + p.failed,
                    });
                }
            }
            Ok(p)
        });
        let mut next = start;
        let mut solver = LogicSolver::new();
        while !done.load(Ordering::Relaxed) && !stop() {
            let missing = plan.count.saturating_sub(held_now.load(Ordering::Relaxed));
            let len = missing.clamp(plan.jobs, 8 * plan.jobs) as u64;
            let indices = next..next + len;
            next += len;
            let make = |solver: &mut LogicSolver, i: u64| {
                let entry = generator.puzzle(i).ok().and_then(|made| {
                    Entry::make(&made, plan.seed, Method::default(), plan.symmetry, solver)
                });
                (i, entry.filter(|e| meets(&plan.target, e)))
            };
            let chunk: Chunk = match &pool {
                Some(pool) => pool
                    .install(|| indices.into_par_iter().map_init(LogicSolver::new, make).collect()),
                None => indices.map(|i| make(&mut solver, i)).collect(),
            };
            if tx.send(chunk).is_err() {
                break;
            }
        }
        drop(tx);
        writer.join().expect("the writer thread does not panic")
    })
}

/// Whether `entry` meets `target`, by its level, hardest step and path.
fn meets(target: &Target, entry: &Entry) -> bool {
    let hardest = entry.hardest.as_deref().and_then(|name| name.parse::<Technique>().ok());
    target
        .is_met(entry.level, hardest, |t| entry.techniques.iter().any(|(name, _)| name == t.name()))
}

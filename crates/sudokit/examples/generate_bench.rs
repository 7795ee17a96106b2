//! Generator throughput without building the CLI, for profiling (callgrind)
//! and for the long measurements (large shapes, low clue counts):
//!
//! `cargo run --release -p sudokit --example generate_bench -- WORK COUNT [SEED]`
//!
//! WORK is `grids` (9x9 backtrack) or `grids:N` (`N`x`N`), `minimal` (9x9), `rot180` (9x9 minimal,
//! half-turn symmetry), `size:N` (an `N`x`N` puzzle, `N` a square), or
//! `clues:A-B` (9x9 with a clue target, searched under a 10-minute limit),
//! `jigsaw:N` (an `N`x`N` minimal puzzle on random jigsaw regions), or
//! `regions:N` (random jigsaw regions alone, `Rules::random_jigsaw` with
//! seeds `SEED..SEED + COUNT`), or `variant:N:LIST` (an `N`x`N` puzzle of
//! the comma-separated variants, as `--variant` takes them, plus
//! `killer-givens` for killer cages with givens and `kropki-some` for a
//! random half of the dots).
//! Items are the consecutive indices `0..COUNT` of `SEED` (default 1); it
//! prints items per second, the median and the slowest time, and a digest
//! of the outputs (equal digests mean identical puzzles). With `size:N` and
//! at most 20 items it also times each item's first full grid alone (the
//! fill's share; a puzzle whose carving misses a target fills again).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use sudokit::generate::{Cages, ClueRange, Dots, Generator, Options, Symmetry};
use sudokit::variant::{Variant, Variants};
use sudokit::{Rules, Shape};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: generate_bench grids|grids:N|minimal|rot180|size:N|clues:A-B|jigsaw:N|\
                 regions:N|variant:N:LIST COUNT [SEED]";
    let work = args.get(1).expect(usage).as_str();
    let count: u64 = args.get(2).expect(usage).parse().expect("COUNT");
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("SEED"));
    if let Some(n) = work.strip_prefix("regions:") {
        let shape = Shape::from_size(n.parse().expect("size")).expect("a size with boxes");
        let start = Instant::now();
        let mut digest = DefaultHasher::new();
        for i in 0..count {
            let rules = Rules::random_jigsaw(shape, seed + i).expect("regions");
            rules.regions().hash(&mut digest);
            if i == 0 {
                println!("{rules}");
            }
        }
        let total = start.elapsed().as_secs_f64();
        println!("{work}: {count} layouts, {:.0}/s, digest {:016x}", count as f64 / total, {
            digest.finish()
        });
        return;
    }
    let mut options = Options::new(Shape::CLASSIC);
    let grids = work == "grids" || work.starts_with("grids:");
    match work {
        "grids" | "minimal" => {}
        "rot180" => options = options.symmetry(Symmetry::Rot180),
        _ => {
            if let Some(n) = work.strip_prefix("size:").or(work.strip_prefix("grids:")) {
                let n: usize = n.parse().expect("size");
                let k = (1..=8).find(|k| k * k == n).expect("a square size up to 64");
                options = Options::new(Shape::new(k, k).expect("shape"));
            } else if let Some(n) = work.strip_prefix("jigsaw:") {
                let shape = Shape::from_size(n.parse().expect("size")).expect("a size with boxes");
                options = Options::new(shape).random_regions(true);
            } else if let Some(spec) = work.strip_prefix("variant:") {
                options = variant_options(spec);
            } else if let Some(range) = work.strip_prefix("clues:") {
                options = options
                    .clues(Some(range.parse::<ClueRange>().expect("clue range")))
                    .time_limit(Some(Duration::from_secs(600)));
            } else {
                panic!("{usage}");
            }
        }
    }
    let generator = Generator::new(options, seed).expect("options");
    let mut times = Vec::new();
    let mut cpu_times = Vec::new();
    let mut digest = DefaultHasher::new();
    let mut clues = 0;
    let start = Instant::now();
    for i in 0..count {
        let t = Instant::now();
        let cpu = cpu_time();
        if grids {
            generator.grid(i).expect("grid").values().hash(&mut digest);
        } else {
            match generator.puzzle(i) {
                Ok(g) => {
                    clues += g.clues();
                    g.puzzle.values().hash(&mut digest);
                }
                Err(e) => println!("item {i}: {e}"),
            }
        }
        times.push(t.elapsed());
        cpu_times.push(cpu_time().saturating_sub(cpu));
        if count <= 20 {
            print!(
                "item {i}: {:.3} s (cpu {:.3} s)",
                times[times.len() - 1].as_secs_f64(),
                cpu_times[cpu_times.len() - 1].as_secs_f64()
            );
            if work.starts_with("size:") {
                // The puzzle's first full grid, timed alone (its share).
                let t = Instant::now();
                generator.grid(i).expect("grid");
                print!(" (full grid {:.3} s)", t.elapsed().as_secs_f64());
            }
            println!();
        }
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_unstable();
    cpu_times.sort_unstable();
    println!(
        "{work}: {count} items, {:.0}/s, median {:.3} ms, slowest {:.3} ms, cpu median {:.3} ms, \
         cpu slowest {:.3} ms, mean clues {:.2}, digest {:016x}",
        count as f64 / total,
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        cpu_times[cpu_times.len() / 2].as_secs_f64() * 1e3,
        cpu_times[cpu_times.len() - 1].as_secs_f64() * 1e3,
        clues as f64 / count as f64,
        digest.finish()
    );
}

/// The options of `variant:N:LIST`: the board of side `N`, the rules and
/// drawn constraints of the variants named, `killer-givens` and
/// `kropki-some` as the page's "with some givens" and "some dots"; 60 s
/// an item.
fn variant_options(spec: &str) -> Options {
    let (n, list) = spec.split_once(':').expect("variant:N:LIST");
    let shape = Shape::from_size(n.parse().expect("size")).expect("a size with boxes");
    let mut names: Vec<&str> = list.split(',').collect();
    let givens = take(&mut names, "killer-givens");
    let some = take(&mut names, "kropki-some");
    let mut joined = names.join(",");
    if givens {
        joined = if joined.is_empty() { "killer".into() } else { format!("{joined},killer") };
    }
    if some {
        joined = if joined.is_empty() { "kropki".into() } else { format!("{joined},kropki") };
    }
    let variants: Variants = joined.parse().expect("variants");
    let rules = variants.apply(Rules::classic(shape)).expect("rules");
    let mut extras = variants.extras();
    if givens {
        extras = extras.cages(Cages::WithGivens);
    }
    if some {
        extras = extras.dots(Dots::Some);
    }
    // A limit, so a variant that does not generate reports it and goes on.
    Options::new(rules)
        .extras(extras)
        .random_regions(variants.contains(Variant::Jigsaw))
        .time_limit(Some(Duration::from_secs(60)))
}

/// Whether `names` held `name`, which it no longer does.
fn take(names: &mut Vec<&str>, name: &str) -> bool {
    let len = names.len();
    names.retain(|&n| n != name);
    names.len() < len
}

/// The CPU time this thread has run (Linux: `/proc/thread-self/schedstat`;
/// zero where that cannot be read), so figures on a loaded machine count
/// the work and not the wait.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

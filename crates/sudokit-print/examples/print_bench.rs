//! Times a printed book: `cargo run --release -p sudokit-print --example print_bench [FILE] [N]`.
//!
//! Reads the first `N` puzzles (default 100) of `FILE` (default
//! `data/top1465.txt`, relative to the repository root), then times,
//! over several runs, building the book with solutions (the engine solves each
//! puzzle, six puzzles per page, A4) and writing it as PDF, as SVG pages and as
//! PNG pages (150 dpi). Prints the median of each step in milliseconds.

use std::fs::File;
use std::io::BufReader;
use std::time::Instant;

use sudokit::format::{ReadOptions, Reader};
use sudokit_print::{Book, PerPage, PrintItem, PrintOptions};

const RUNS: usize = 5;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build; use --release for real figures");
    }
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "data/top1465.txt".to_string());
    let n: usize = args.next().map_or(Ok(100), |s| s.parse())?;
    let file = File::open(&path).map_err(|e| format!("cannot open {path}: {e}"))?;
    let mut items = Vec::new();
    for (i, rec) in Reader::new(BufReader::new(file), ReadOptions::default()).take(n).enumerate() {
        items.push(PrintItem::new(rec?.grid, i as u64 + 1));
    }
    let options = PrintOptions {
        per_page: PerPage::Six,
        solutions: true,
        title: Some("sudokit benchmark book".into()),
        ..PrintOptions::default()
    };
    let mut layout_ms = Vec::new();
    let mut pdf_ms = Vec::new();
    let mut svg_ms = Vec::new();
    let mut png_ms = Vec::new();
    let (mut pages, mut pdf_bytes) = (0, 0);
    for _ in 0..RUNS {
        let t = Instant::now();
        let book = Book::new(&items, &options)?;
        layout_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let pdf = book.to_pdf();
        pdf_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let svg = book.to_svg();
        svg_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let png = book.to_png(150)?;
        png_ms.push(t.elapsed().as_secs_f64() * 1e3);
        pages = svg.len();
        pdf_bytes = pdf.len();
        assert_eq!(png.len(), pages);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (l, p) = (median(&mut layout_ms), median(&mut pdf_ms));
    println!(
        "{} puzzles from {path}, with solutions: {pages} pages, PDF {pdf_bytes} bytes",
        items.len()
    );
    println!("solve + layout  {l:8.1} ms");
    println!("PDF             {p:8.1} ms   (book to PDF total {:.1} ms)", l + p);
    println!("SVG (all pages) {:8.1} ms", median(&mut svg_ms));
    println!("PNG 150 dpi     {:8.1} ms", median(&mut png_ms));
    Ok(())
}

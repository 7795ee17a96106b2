//! A small HTTP load generator for the service (not part of CI).
//!
//! ```text
//! sudokit serve --addr 127.0.0.1:8080 &
//! cargo run --release -p sudokit-server --example load -- \
//!     http://127.0.0.1:8080 solve data/17-clue.txt 64 10
//! cargo run --release -p sudokit-server --example load -- \
//!     http://127.0.0.1:8080 generate medium 64 10
//! ```
//!
//! Arguments: base URL, `solve PUZZLE_FILE` or `generate DIFFICULTY`,
//! concurrent clients, seconds. Each client keeps one connection alive and
//! sends requests back to back; the report gives requests per second,
//! latency percentiles and every failure (non-200 or transport error).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Body;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

enum Work {
    Solve(Vec<String>),
    Generate(String),
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 5 {
        eprintln!("usage: load BASE_URL (solve PUZZLES|generate DIFFICULTY) CLIENTS SECONDS");
        std::process::exit(2);
    }
    let base = args[0].trim_end_matches('/').to_string();
    let work = match args[1].as_str() {
        "solve" => {
            let text = std::fs::read_to_string(&args[2]).expect("a puzzle file");
            let puzzles: Vec<String> = text
                .lines()
                .filter_map(|l| l.split_whitespace().next())
                .filter(|l| !l.starts_with('#'))
                .map(|p| serde_json::json!({ "puzzle": p }).to_string())
                .collect();
            assert!(!puzzles.is_empty(), "no puzzles in {}", args[2]);
            Work::Solve(puzzles)
        }
        "generate" => Work::Generate(args[2].clone()),
        other => panic!("unknown work {other:?}"),
    };
    let clients: usize = args[3].parse().expect("a client count");
    let seconds: f64 = args[4].parse().expect("seconds");
    let work = Arc::new(work);
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let client: Client<HttpConnector, Body> =
        Client::builder(TokioExecutor::new()).pool_max_idle_per_host(clients).build(connector);
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for id in 0..clients {
        let (client, work, stop, base) = (client.clone(), work.clone(), stop.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut failures: Vec<String> = Vec::new();
            let mut k = id;
            while !stop.load(Ordering::Relaxed) {
                let req = match &*work {
                    Work::Solve(puzzles) => hyper::Request::post(format!("{base}/api/v1/solve"))
                        .header("content-type", "application/json")
                        .body(Body::from(puzzles[k % puzzles.len()].clone())),
                    Work::Generate(level) => hyper::Request::get(format!(
                        "{base}/api/v1/generate?difficulty={level}&seed={k}"
                    ))
                    .body(Body::empty()),
                }
                .unwrap();
                k += clients;
                let t = Instant::now();
                match client.request(req).await {
                    Ok(res) => {
                        let status = res.status();
                        let body = res.into_body().collect().await.map(|b| b.to_bytes());
                        match body {
                            Ok(_) if status == 200 => latencies.push(t.elapsed()),
                            Ok(b) => {
                                failures.push(format!("{status}: {}", String::from_utf8_lossy(&b)))
                            }
                            Err(e) => failures.push(e.to_string()),
                        }
                    }
                    Err(e) => failures.push(e.to_string()),
                }
            }
            (latencies, failures)
        }));
    }
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    for t in tasks {
        let (l, f) = t.await.unwrap();
        latencies.extend(l);
        failures.extend(f);
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{} {} clients {:.1} s: {} ok, {} failed, {:.0} req/s, latency ms p50 {:.2} p90 {:.2} \
         p99 {:.2} max {:.2}",
        args[1],
        clients,
        elapsed,
        latencies.len(),
        failures.len(),
        latencies.len() as f64 / elapsed,
        pct(0.50),
        pct(0.90),
        pct(0.99),
        latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    );
    for f in failures.iter().take(5) {
        println!("failure: {f}");
    }
}

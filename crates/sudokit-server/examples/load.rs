//! A load generator for the service (not part of CI): a mix of requests
//! from keep-alive clients, while idle and slowloris clients hold
//! connections open, for a bounded time.
//!
//! ```text
//! sudokit serve --addr 127.0.0.1:8080 &
//! cargo run --release -p sudokit-server --example load -- http://127.0.0.1:8080 \
//!     --work solve=data/17-clue.txt --work generate=medium \
//!     --clients 64 --seconds 10 --idle 200 --slowloris 20
//! ```
//!
//! `--work KIND=ARG` (repeatable) names what the clients ask: `solve=FILE`
//! (POST /api/v1/solve with the file's puzzles in turn) or
//! `generate=LEVEL` (GET /api/v1/generate?difficulty=LEVEL, a new seed per
//! request), or `bank=LEVEL` (the same without a seed and with one of 97
//! `client` keys, which a service with `--bank` answers from its bank), or
//! `needs=TECHNIQUE` (GET /api/v1/generate?needs=TECHNIQUE with one of 97
//! `client` keys: from the bank's puzzles that need it, or made live).
//! With several, `--clients` are split evenly between them. Each
//! client keeps one connection alive and sends requests back to back.
//! `--idle N` connections are opened and never send; `--slowloris N` send
//! a request head one byte a second, forever. Both reopen when the server
//! closes them.
//!
//! `--rate R` offers R requests a second in all instead (open loop): each
//! client sends on a fixed schedule of `clients / R` seconds apart, and a
//! request's latency counts from its scheduled time, so a server that falls
//! behind is charged for the wait (no coordinated omission).
//!
//! `--rss-pid PID` (Linux) samples that process's resident memory (the
//! server's) every 100 ms and reports it before the run, at its peak, and
//! `--settle` seconds (default 5) after the clients have gone.
//! `--work` may be left out to only hold idle and slow connections (a
//! connection burst).
//!
//! The report gives, per kind, requests per second, latency percentiles
//! and every failure (a non-200 answer or a transport error), and what the
//! idle and slow clients met.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::Body;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What a client asks.
#[derive(Debug)]
enum Work {
    Solve(Vec<String>),
    Generate(String),
    Bank(String),
    Needs(String),
}

impl Work {
    fn parse(spec: &str) -> Work {
        match spec.split_once('=') {
            Some(("solve", file)) => {
                let text = std::fs::read_to_string(file)
                    .unwrap_or_else(|e| fail(&format!("--work solve={file}: {e}")));
                let puzzles: Vec<String> = text
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .filter_map(|l| l.split_whitespace().next())
                    .map(|p| serde_json::json!({ "puzzle": p }).to_string())
                    .collect();
                if puzzles.is_empty() {
                    fail(&format!("--work solve={file}: no puzzles"));
                }
                Work::Solve(puzzles)
            }
            Some(("generate", level)) => Work::Generate(level.to_string()),
            Some(("bank", level)) => Work::Bank(level.to_string()),
            Some(("needs", technique)) => Work::Needs(technique.to_string()),
            _ => fail(&format!(
                "--work {spec}: expected solve=FILE, generate=LEVEL, bank=LEVEL or needs=TECHNIQUE"
            )),
        }
    }

    fn name(&self) -> String {
        match self {
            Work::Solve(_) => "solve".to_string(),
            Work::Generate(level) => format!("generate {level}"),
            Work::Bank(level) => format!("bank {level}"),
            Work::Needs(technique) => format!("needs {technique}"),
        }
    }

    fn request(&self, base: &str, k: usize) -> hyper::Request<Body> {
        match self {
            Work::Solve(puzzles) => hyper::Request::post(format!("{base}/api/v1/solve"))
                .header("content-type", "application/json")
                .body(Body::from(puzzles[k % puzzles.len()].clone())),
            Work::Generate(level) => {
                hyper::Request::get(format!("{base}/api/v1/generate?difficulty={level}&seed={k}"))
                    .body(Body::empty())
            }
            Work::Bank(level) => hyper::Request::get(format!(
                "{base}/api/v1/generate?difficulty={level}&client=c{}",
                k % 97
            ))
            .body(Body::empty()),
            Work::Needs(technique) => hyper::Request::get(format!(
                "{base}/api/v1/generate?needs={technique}&client=c{}",
                k % 97
            ))
            .body(Body::empty()),
        }
        .expect("a valid request")
    }
}

/// The command line.
#[derive(Debug)]
struct Args {
    base: String,
    work: Vec<Work>,
    clients: usize,
    seconds: f64,
    idle: usize,
    slowloris: usize,
    rss_pid: Option<u32>,
    settle: f64,
    rate: Option<f64>,
}

fn fail(message: &str) -> ! {
    eprintln!("load: {message}");
    eprintln!(
        "usage: load BASE_URL --work (solve=FILE|generate=LEVEL|bank=LEVEL|needs=T)... [--clients N] \
         [--seconds S] [--rate R] [--idle N] [--slowloris N] [--rss-pid PID [--settle S]]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = std::env::args().skip(1);
    let base = args.next().unwrap_or_else(|| fail("no base URL"));
    let mut parsed = Args {
        base: base.trim_end_matches('/').to_string(),
        work: Vec::new(),
        clients: 64,
        seconds: 10.0,
        idle: 0,
        slowloris: 0,
        rss_pid: None,
        settle: 5.0,
        rate: None,
    };
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_else(|| fail(&format!("{flag}: no value")));
        let number = || value.parse::<f64>().unwrap_or_else(|_| fail(&format!("{flag} {value}")));
        match flag.as_str() {
            "--work" => parsed.work.push(Work::parse(&value)),
            "--clients" => parsed.clients = number() as usize,
            "--seconds" => parsed.seconds = number(),
            "--idle" => parsed.idle = number() as usize,
            "--slowloris" => parsed.slowloris = number() as usize,
            "--rss-pid" => parsed.rss_pid = Some(number() as u32),
            "--settle" => parsed.settle = number(),
            "--rate" => parsed.rate = Some(number()).filter(|&r| r > 0.0),
            _ => fail(&format!("unknown flag {flag}")),
        }
    }
    if parsed.work.is_empty() {
        parsed.clients = 0;
    } else if parsed.clients < parsed.work.len() {
        fail("give at least one client per --work");
    }
    parsed
}

/// How long an idle or slow client waits to connect (a full listen backlog
/// makes the kernel retry for minutes).
const CONNECT: Duration = Duration::from_secs(1);

/// What the idle and slowloris clients met.
#[derive(Debug, Default)]
struct Holders {
    /// Connections opened (first ones and reopened ones).
    opened: AtomicU64,
    /// Connections the server closed, with or without an answer.
    closed: AtomicU64,
    /// Answers of 408 (slowloris cut off).
    timeouts: AtomicU64,
    /// Connections that could not be opened.
    refused: AtomicU64,
}

/// A new connection to `addr`, counted in `stats`; `None` (after a pause)
/// when it is refused or not made within [`CONNECT`].
async fn open(addr: SocketAddr, stats: &Holders) -> Option<TcpStream> {
    match tokio::time::timeout(CONNECT, TcpStream::connect(addr)).await {
        Ok(Ok(stream)) => {
            stats.opened.fetch_add(1, Ordering::Relaxed);
            Some(stream)
        }
        _ => {
            stats.refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(100)).await;
            None
        }
    }
}

/// Holds one connection open that never sends, reopening it when closed.
async fn idle_client(addr: SocketAddr, stop: Arc<AtomicBool>, stats: Arc<Holders>) {
    while !stop.load(Ordering::Relaxed) {
        let Some(mut stream) = open(addr, &stats).await else { continue };
        let mut buf = [0u8; 512];
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            match tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buf)).await {
                Err(_) => {}
                Ok(_) => {
                    stats.closed.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
        }
    }
}

/// Sends a request head one byte a second, reopening when cut off.
async fn slowloris_client(addr: SocketAddr, stop: Arc<AtomicBool>, stats: Arc<Holders>) {
    let head = b"GET /healthz HTTP/1.1\r\nhost: load\r\nx-slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    while !stop.load(Ordering::Relaxed) {
        let Some(mut stream) = open(addr, &stats).await else { continue };
        let mut k = 0;
        let mut answer = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let byte = head[k.min(head.len() - 1)];
            k += 1;
            if stream.write_all(&[byte]).await.is_err() {
                let _ = stream.read_to_end(&mut answer).await;
                break;
            }
            match tokio::time::timeout(Duration::from_secs(1), stream.read_to_end(&mut answer))
                .await
            {
                Err(_) => {}
                Ok(_) => break,
            }
        }
        stats.closed.fetch_add(1, Ordering::Relaxed);
        if answer.starts_with(b"HTTP/1.1 408") {
            stats.timeouts.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The resident memory of process `pid` in MiB (Linux).
fn rss_mib(pid: u32) -> f64 {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .unwrap_or_else(|e| fail(&format!("--rss-pid {pid}: {e}")));
    let pages: f64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

/// One client's results.
#[derive(Debug, Default)]
struct Results {
    latencies: Vec<Duration>,
    failures: Vec<String>,
}

#[tokio::main]
async fn main() {
    let args = parse_args();
    let addr: SocketAddr = args
        .base
        .trim_start_matches("http://")
        .parse()
        .unwrap_or_else(|_| fail("the base URL must be http://IP:PORT"));
    let stop = Arc::new(AtomicBool::new(false));
    let rss_before = args.rss_pid.map(rss_mib);
    let peak = Arc::new(std::sync::Mutex::new(0.0f64));
    if let Some(pid) = args.rss_pid {
        let (peak, stop) = (peak.clone(), stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let now = rss_mib(pid);
                {
                    let mut p = peak.lock().unwrap();
                    *p = p.max(now);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
    }
    let holders = Arc::new(Holders::default());
    let mut background = Vec::new();
    for _ in 0..args.idle {
        background.push(tokio::spawn(idle_client(addr, stop.clone(), holders.clone())));
    }
    let slow = Arc::new(Holders::default());
    for _ in 0..args.slowloris {
        background.push(tokio::spawn(slowloris_client(addr, stop.clone(), slow.clone())));
    }
    // Let the idle and slow clients connect first.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let client: Client<HttpConnector, Body> =
        Client::builder(TokioExecutor::new()).pool_max_idle_per_host(args.clients).build(connector);
    let work = Arc::new(args.work);
    let base = Arc::new(args.base);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for id in 0..args.clients {
        let (client, work, stop, base) = (client.clone(), work.clone(), stop.clone(), base.clone());
        let kind = id % work.len();
        let clients = args.clients as f64;
        let gap = args.rate.map(|r| Duration::from_secs_f64(clients / r));
        tasks.push(tokio::spawn(async move {
            let mut results = Results::default();
            let mut k = id;
            // Clients start spread over one gap, not all at once.
            let mut due = start + gap.map_or(Duration::ZERO, |g| g.mul_f64(id as f64 / clients));
            while !stop.load(Ordering::Relaxed) {
                let req = work[kind].request(&base, k);
                k += 1000;
                let t = match gap {
                    Some(gap) => {
                        tokio::time::sleep_until(due.into()).await;
                        let t = due;
                        due += gap;
                        t
                    }
                    None => Instant::now(),
                };
                let outcome = match client.request(req).await {
                    Ok(res) => {
                        let status = res.status();
                        match res.into_body().collect().await {
                            Ok(_) if status == 200 => Ok(()),
                            Ok(b) => {
                                Err(format!("{status}: {}", String::from_utf8_lossy(&b.to_bytes())))
                            }
                            Err(e) => Err(e.to_string()),
                        }
                    }
                    Err(e) => Err(format!("{e:?}")),
                };
                match outcome {
                    Ok(()) => results.latencies.push(t.elapsed()),
                    Err(e) => results.failures.push(e),
                }
            }
            (kind, results)
        }));
    }
    tokio::time::sleep(Duration::from_secs_f64(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut by_kind: Vec<Results> = work.iter().map(|_| Results::default()).collect();
    for t in tasks {
        let (kind, r) = t.await.expect("a client task");
        by_kind[kind].latencies.extend(r.latencies);
        by_kind[kind].failures.extend(r.failures);
    }
    let elapsed = start.elapsed().as_secs_f64();
    for b in background {
        b.abort();
    }

    println!(
        "{} clients, {:.1} s, {} idle and {} slowloris connections held",
        args.clients, elapsed, args.idle, args.slowloris
    );
    for (w, r) in work.iter().zip(&mut by_kind) {
        r.latencies.sort();
        let ms = |p: f64| {
            let n = r.latencies.len();
            r.latencies
                .get(((n as f64 * p) as usize).min(n.saturating_sub(1)))
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        println!(
            "{:<16} {:>8} ok {:>5} errors {:>9.0} req/s  latency ms p50 {:.2} p90 {:.2} p99 {:.2} \
             p999 {:.2} max {:.2}",
            w.name(),
            r.latencies.len(),
            r.failures.len(),
            r.latencies.len() as f64 / elapsed,
            ms(0.50),
            ms(0.90),
            ms(0.99),
            ms(0.999),
            r.latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        );
        for f in r.failures.iter().take(3) {
            println!("  failure: {f}");
        }
    }
    let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
    println!(
        "idle: {} opened, {} closed by the server, {} refused",
        get(&holders.opened),
        get(&holders.closed),
        get(&holders.refused)
    );
    println!(
        "slowloris: {} opened, {} cut off ({} with 408), {} refused",
        get(&slow.opened),
        get(&slow.closed),
        get(&slow.timeouts),
        get(&slow.refused)
    );
    if let (Some(pid), Some(before)) = (args.rss_pid, rss_before) {
        let peak = peak.lock().unwrap().max(rss_mib(pid));
        tokio::time::sleep(Duration::from_secs_f64(args.settle)).await;
        println!(
            "server RSS MiB: {before:.1} before, {peak:.1} at peak, {:.1} {} s after",
            rss_mib(pid),
            args.settle
        );
    }
    let errors: usize = by_kind.iter().map(|r| r.failures.len()).sum();
    if errors > 0 {
        std::process::exit(1);
    }
}

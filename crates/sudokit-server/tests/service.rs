//! The service over real TCP connections, as hostile and careless clients
//! meet it: slow and idle clients, the connection cap, oversized heads and
//! bodies, error bodies and security headers on every answer, graceful
//! shutdown, fairness between board sizes, and memory after a burst.
//!
//! Each test starts its own server on port 0 with small limits so that the
//! timeouts are quick; timing assertions leave wide slack (2 noisy cores).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::Value;
use sudokit_server::{Config, serve_until};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A running server: its address, its stop switch and its task.
struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    async fn start(config: Config) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve_until(listener, config, async {
            let _ = stopped.await;
        }));
        Server { addr, stop: Some(stop), task }
    }

    /// Stops the server and waits for it, returning how long that took.
    async fn stop(mut self) -> Duration {
        let t = Instant::now();
        self.stop.take().unwrap().send(()).unwrap();
        self.task.await.unwrap().unwrap();
        t.elapsed()
    }
}

/// A config with timeouts short enough for tests.
fn quick() -> Config {
    Config {
        idle_timeout: Duration::from_millis(600),
        header_timeout: Duration::from_millis(600),
        body_timeout: Duration::from_millis(600),
        shutdown_grace: Duration::from_secs(5),
        ..Config::default()
    }
}

/// An answer read off the wire.
#[derive(Debug)]
struct Raw {
    status: u16,
    head: String,
    body: String,
}

impl Raw {
    fn parse(bytes: &[u8]) -> Raw {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        Raw { status, head: head.to_ascii_lowercase(), body: body.to_string() }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            (n.trim() == name).then(|| v.trim())
        })
    }

    /// Asserts a JSON error of `status` with `code`, and the security
    /// headers.
    fn assert_error(&self, status: u16, code: &str) {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(self.header("content-type"), Some("application/json"), "{self:?}");
        let json: Value =
            serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {self:?}"));
        assert_eq!(json["error"]["code"], code, "{self:?}");
        assert!(json["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert_security_headers(self);
    }
}

fn assert_security_headers(raw: &Raw) {
    let csp = raw.header("content-security-policy").expect("a CSP");
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(!csp.contains("unsafe"), "{csp}");
    assert_eq!(raw.header("x-content-type-options"), Some("nosniff"), "{raw:?}");
    assert_eq!(raw.header("x-frame-options"), Some("deny"), "{raw:?}");
    assert_eq!(raw.header("referrer-policy"), Some("no-referrer"), "{raw:?}");
}

/// Sends `request` on a new connection and reads until the server closes
/// it (or 10 s pass).
async fn exchange(addr: SocketAddr, request: &[u8]) -> Raw {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    read_all(&mut stream).await
}

async fn read_all(stream: &mut TcpStream) -> Raw {
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut bytes));
    match read.await {
        Ok(Ok(_)) | Ok(Err(_)) => {}
        Err(_) => panic!("the server kept the connection open: {:?}", Raw::parse(&bytes)),
    }
    Raw::parse(&bytes)
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nhost: t\r\nconnection: close\r\n\r\n").into_bytes()
}

fn post(path: &str, content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nhost: t\r\nconnection: close\r\ncontent-type: {content_type}\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Whether the server has closed `stream` (reads end) within `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
            Err(_) => return false,
        }
    }
}

// ---- slow and idle clients ----

#[tokio::test]
async fn a_slowloris_client_is_cut_off_with_408_within_the_header_timeout() {
    let server = Server::start(quick()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let started = Instant::now();
    let mut sent = Vec::new();
    // One byte every 50 ms: the head would take minutes to complete.
    let head = b"GET /healthz HTTP/1.1\r\nhost: t\r\nx-slow: ".iter().chain([b'a'; 4000].iter());
    for &b in head {
        if stream.write_all(&[b]).await.is_err() {
            break;
        }
        sent.push(b);
        if started.elapsed() > Duration::from_secs(5) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let cut = started.elapsed();
    assert!(cut < Duration::from_secs(3), "the slow client was served for {cut:?}");
    let answer = read_all(&mut stream).await;
    answer.assert_error(408, "request_timeout");
    assert!(answer.body.contains("head"), "{answer:?}");
    server.stop().await;
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let server = Server::start(quick()).await;
    // A new connection that never sends.
    let mut fresh = TcpStream::connect(server.addr).await.unwrap();
    // A kept-alive connection after one answer.
    let mut kept = TcpStream::connect(server.addr).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nhost: t\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 4096];
    let n = kept.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&buf[..n]));
    let t = Instant::now();
    assert!(closed_within(&mut fresh, Duration::from_secs(3)).await, "fresh stayed open");
    assert!(closed_within(&mut kept, Duration::from_secs(3)).await, "kept stayed open");
    assert!(
        t.elapsed() >= Duration::from_millis(300),
        "closed before the timeout: {:?}",
        t.elapsed()
    );
    server.stop().await;
}

#[tokio::test]
async fn a_slow_body_answers_408_within_the_body_timeout() {
    let server = Server::start(quick()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/v1/solve HTTP/1.1\r\nhost: t\r\ncontent-type: application/json\r\n\
                content-length: 100\r\n\r\n{\"puzzle\":";
    stream.write_all(head.as_bytes()).await.unwrap();
    let t = Instant::now();
    let answer = read_all(&mut stream).await;
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    answer.assert_error(408, "request_timeout");
    assert!(answer.body.contains("body"), "{answer:?}");
    assert_eq!(answer.header("connection"), Some("close"));
    server.stop().await;
}

#[tokio::test]
async fn idle_clients_at_the_connection_cap_make_room_for_a_new_one() {
    let config = Config { max_connections: 4, idle_timeout: Duration::from_secs(30), ..quick() };
    let server = Server::start(config).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        let mut s = TcpStream::connect(server.addr).await.unwrap();
        s.write_all(b"GET /healthz HTTP/1.1\r\nhost: t\r\n\r\n").await.unwrap();
        let mut buf = [0u8; 4096];
        assert!(s.read(&mut buf).await.unwrap() > 0);
        idle.push(s);
    }
    // The cap is reached by four kept-alive, idle connections; a fifth
    // client is served once the idle ones have been idle for a second
    // (long before their own 30 s timeout).
    let t = Instant::now();
    let answer = exchange(server.addr, &get("/healthz")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let waited = t.elapsed();
    assert!(waited < Duration::from_secs(6), "the new client waited {waited:?}");
    let mut evicted = 0;
    for s in &mut idle {
        evicted += usize::from(closed_within(s, Duration::from_millis(200)).await);
    }
    assert!(evicted >= 1, "no idle connection was closed");
    server.stop().await;
}

// ---- every error is JSON, every answer has the security headers ----

#[tokio::test]
async fn oversized_heads_answer_414_and_431_as_json() {
    let server = Server::start(quick()).await;
    let addr = server.addr;
    // Longer than the service's request line (8 KiB) and than hyper's own
    // URI limit (64 KiB).
    for len in [10_000, 70_000] {
        let long =
            format!("GET /api/v1/generate?seed={} HTTP/1.1\r\nhost: t\r\n\r\n", "1".repeat(len));
        exchange(addr, long.as_bytes()).await.assert_error(414, "uri_too_long");
    }
    let many: String = (0..200).map(|i| format!("x-h{i}: {i}\r\n")).collect();
    let many = format!("GET /healthz HTTP/1.1\r\nhost: t\r\n{many}\r\n");
    exchange(addr, many.as_bytes()).await.assert_error(431, "headers_too_large");
    for len in [20_000, 500_000] {
        let big = format!("GET /healthz HTTP/1.1\r\nhost: t\r\nx-big: {}\r\n\r\n", "b".repeat(len));
        exchange(addr, big.as_bytes()).await.assert_error(431, "headers_too_large");
    }
    server.stop().await;
}

#[tokio::test]
async fn every_error_status_has_the_json_error_body_and_security_headers() {
    let config = Config {
        workers: 1,
        queue: 1,
        time_budget: Duration::from_secs(2),
        queue_wait: Duration::from_millis(10),
        ..quick()
    };
    let server = Server::start(config).await;
    let addr = server.addr;
    exchange(addr, &get("/nowhere")).await.assert_error(404, "not_found");
    exchange(addr, &get("/api/v1/solve")).await.assert_error(405, "method_not_allowed");
    let json = "application/json";
    let solve = format!("{{\"puzzle\": \"{HARD}\"}}");
    exchange(addr, &post("/api/v1/solve", "text/plain", &solve))
        .await
        .assert_error(415, "unsupported_media_type");
    exchange(addr, &post("/api/v1/solve", json, "{\"puzzle\": \"12\"}"))
        .await
        .assert_error(422, "invalid_puzzle");
    exchange(addr, &post("/api/v1/solve", json, "{")).await.assert_error(400, "malformed_json");
    let huge = format!("{{\"puzzle\": \"{}\"}}", ".".repeat(100_000));
    exchange(addr, &post("/api/v1/solve", json, &huge)).await.assert_error(413, "body_too_large");
    // 503: three 25x25 puzzles asked at once of a large lane with one
    // worker and a queue of one; each takes up to its 2 s budget.
    let mut tries = Vec::new();
    for seed in 1..=3 {
        let request = get(&format!("/api/v1/generate?size=25&carving=exact&seed={seed}"));
        tries.push(tokio::spawn(async move { exchange(addr, &request).await }));
    }
    let mut answers = Vec::new();
    for t in tries {
        answers.push(t.await.unwrap());
    }
    let busy = answers.iter().find(|a| a.status == 503).expect("one answer is 503");
    busy.assert_error(503, "busy");
    assert_eq!(busy.header("retry-after"), Some("1"));
    server.stop().await;
}

#[tokio::test]
async fn the_page_its_files_and_api_answers_carry_the_security_headers() {
    let server = Server::start(quick()).await;
    for path in ["/", "/app.js", "/app.css", "/healthz", "/api/v1/openapi.json"] {
        let answer = exchange(server.addr, &get(path)).await;
        assert_eq!(answer.status, 200, "{path}: {answer:?}");
        assert_security_headers(&answer);
    }
    let solve = format!("{{\"puzzle\": \"{HARD}\"}}");
    let answer = exchange(server.addr, &post("/api/v1/solve", "application/json", &solve)).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_security_headers(&answer);
    server.stop().await;
}

// ---- shutdown ----

#[tokio::test]
async fn shutdown_answers_the_request_in_flight_then_stops_listening() {
    let config = Config { time_budget: Duration::from_millis(1500), ..quick() };
    let server = Server::start(config).await;
    let addr = server.addr;
    let mut idle = TcpStream::connect(addr).await.unwrap();
    // A 25x25 generate runs for up to its 1.5 s budget.
    let request = get("/api/v1/generate?size=25&carving=exact&seed=3");
    let in_flight = tokio::spawn(async move { exchange(addr, &request).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let took = server.stop().await;
    let answer = in_flight.await.unwrap();
    assert!(matches!(answer.status, 200 | 422), "{answer:?}");
    assert!(took < Duration::from_secs(5), "shutdown took {took:?}");
    assert!(closed_within(&mut idle, Duration::from_millis(500)).await, "idle stayed open");
    assert!(TcpStream::connect(addr).await.is_err(), "still listening after shutdown");
}

// ---- fairness and memory (release) ----

/// Latency of `request` (a whole exchange on a new connection), the median
/// of `n`.
async fn median_latency(addr: SocketAddr, request: &[u8], n: usize) -> Duration {
    let mut times = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        let answer = exchange(addr, request).await;
        assert_eq!(answer.status, 200, "{answer:?}");
        times.push(t.elapsed());
    }
    times.sort();
    times[n / 2]
}

/// A 16x16 puzzle with a unique solution (generated by the engine).
fn puzzle_16() -> String {
    use sudokit::generate::{Generator, Options};
    let options = Options::new(sudokit::Shape::new(4, 4).unwrap());
    let made = Generator::new(options, 7).unwrap().puzzle(0).expect("a 16x16 puzzle");
    sudokit::format::to_line(&made.puzzle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "runs 25x25 generators for several seconds; run in release"]
async fn slow_25x25_requests_do_not_delay_9x9_and_16x16_ones() {
    let server = Server::start(Config::default()).await;
    let addr = server.addr;
    let solve_9 = post("/api/v1/solve", "application/json", &format!("{{\"puzzle\": \"{HARD}\"}}"));
    let body_16 = format!("{{\"puzzle\": \"{}\"}}", puzzle_16());
    let solve_16 = post("/api/v1/solve", "application/json", &body_16);
    let gen_9 = get("/api/v1/generate?size=9&seed=5");
    let quiet = [
        median_latency(addr, &solve_9, 21).await,
        median_latency(addr, &solve_16, 21).await,
        median_latency(addr, &gen_9, 21).await,
    ];
    // Eight clients keep slow 25x25 requests running (generate with exact
    // carving and count on a nearly empty board), back to back.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut slow = Vec::new();
    for k in 0..8u64 {
        let stop = stop.clone();
        slow.push(tokio::spawn(async move {
            let mut answers = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let request = if k % 2 == 0 {
                    get(&format!("/api/v1/generate?size=25&carving=exact&seed={k}"))
                } else {
                    let empty = format!(
                        "{{\"puzzle\": \"{}\", \"limit\": 1000}}",
                        "1".to_string() + &".".repeat(624)
                    );
                    post("/api/v1/count", "application/json", &empty)
                };
                let answer = exchange(addr, &request).await;
                assert!(matches!(answer.status, 200 | 422 | 503), "{answer:?}");
                answers += 1;
            }
            answers
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let loaded = [
        median_latency(addr, &solve_9, 21).await,
        median_latency(addr, &solve_16, 21).await,
        median_latency(addr, &gen_9, 21).await,
    ];
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for s in slow {
        s.await.unwrap();
    }
    eprintln!("median latency quiet {quiet:?}, with slow 25x25 load {loaded:?}");
    for (q, l) in quiet.iter().zip(&loaded) {
        // Two cores shared with eight busy 25x25 jobs' threads: allow the
        // CPU share to slow a request several times, never to queue it
        // behind a 25x25 job (which takes seconds).
        assert!(*l < *q * 10 + Duration::from_millis(50), "quiet {q:?}, loaded {l:?}");
    }
    server.stop().await;
}

/// This process's resident set in bytes (Linux).
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// A burst against `addr`: 1,800 connections held open at once, each after
/// sending half a head (the cap admits 1,000; the rest wait in the
/// backlog of 1,024), while 200 clients send requests; returns the RSS at
/// the peak.
async fn burst(addr: SocketAddr) -> u64 {
    let mut held = Vec::new();
    for _ in 0..1800 {
        if let Ok(mut s) = TcpStream::connect(addr).await {
            let _ = s.write_all(b"GET /healthz HTTP/1.1\r\nhost: t\r\nx-pad: ").await;
            held.push(s);
        }
    }
    let mut clients = Vec::new();
    for _ in 0..200 {
        clients.push(tokio::spawn(async move {
            let solve = format!("{{\"puzzle\": \"{HARD}\"}}");
            exchange(addr, &post("/api/v1/solve", "application/json", &solve)).await.status
        }));
    }
    let peak = rss();
    drop(held);
    for c in clients {
        assert_eq!(c.await.unwrap(), 200);
    }
    peak
}

/// The RSS once a burst is over: looked at every 100 ms until it is back
/// within `margin` of `start`, for at most 6 s (the closed connections'
/// tasks end, then the server's next look at its connections, once a
/// second, gives the memory back).
async fn settled_rss(start: u64, margin: u64) -> u64 {
    let mut now = rss();
    for _ in 0..60 {
        if now < start + margin {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        now = rss();
    }
    now
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "opens thousands of connections; run in release"]
async fn memory_is_bounded_by_the_connection_cap_and_returned_after_a_burst() {
    let config = Config { max_connections: 1000, ..Config::default() };
    let server = Server::start(config).await;
    let addr = server.addr;
    let solve = post("/api/v1/solve", "application/json", &format!("{{\"puzzle\": \"{HARD}\"}}"));
    for _ in 0..50 {
        exchange(addr, &solve).await;
    }
    let start = rss();
    let margin = 8 * 1024 * 1024;
    let peak1 = burst(addr).await;
    let after1 = settled_rss(start, margin).await;
    let peak2 = burst(addr).await;
    let after2 = settled_rss(start, margin).await;
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    eprintln!(
        "RSS (server and clients) MiB: start {:.1}; burst 1 peak {:.1}, after {:.1}; \
         burst 2 peak {:.1}, after {:.1}",
        mib(start),
        mib(peak1),
        mib(after1),
        mib(peak2),
        mib(after2)
    );
    // Bounded by the cap: 1,800 clients cost what 1,000 connections do.
    assert!(peak1 < start + 96 * 1024 * 1024, "peak {:.1} MiB", mib(peak1));
    // Freed memory is reused: a second burst does not grow the process.
    assert!(after2 < after1 + margin, "after {:.1}, then {:.1}", mib(after1), mib(after2));
    // And it goes back to the system once a burst is over: the process
    // returns close to where it started.
    for after in [after1, after2] {
        assert!(after < start + margin, "start {:.1}, after {:.1}", mib(start), mib(after));
    }
    server.stop().await;
}

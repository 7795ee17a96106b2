//! One connection: the guard on its request heads and the tracking of its
//! answers.
//!
//! [`Guarded`] wraps the socket hyper reads from and watches the bytes of
//! every request head before hyper parses them:
//! - a connection waiting for the first byte of a request (new, or kept
//!   alive after an answer) longer than `idle` is closed quietly;
//! - a head not complete `header` after its first byte answers 408, a
//!   request line over its limit 414, a head over its byte or line limit
//!   431: each a whole JSON answer written by the guard, after which the
//!   connection closes (the guard reads and drops what the client still
//!   sends for a moment, so the answer is not lost to a reset).
//!
//! The guard's limits are below hyper's own, so hyper's bodiless errors for
//! oversized heads are not reached; a malformed head (not HTTP) still gets
//! hyper's bare 400. Bytes of a head pipelined behind a request still in
//! flight are not counted (hyper's own limits and header timeout bound
//! them).
//!
//! The guard learns that an answer is finished from [`Tracked`], the body
//! wrapper of every answer: dropping it counts the answer in [`Shared`].
//! Invariant: the guard is in its head phases only between an answer's end
//! and the next head's end, so body bytes are never counted as head bytes
//! (bodies are bounded by [`crate::layers::read_body`]).

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use http_body::{Frame, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

use crate::error::ApiError;
use crate::layers::SECURITY_HEADERS;

/// The limits on request heads.
#[derive(Clone, Copy, Debug)]
pub struct HeadLimits {
    /// The wait for a request's first byte.
    pub idle: Duration,
    /// The time from a head's first byte to its end.
    pub header: Duration,
    /// The longest request line in bytes.
    pub request_line: usize,
    /// The largest head in bytes.
    pub head_bytes: usize,
    /// The most header lines.
    pub headers: usize,
}

/// How long a refused connection is kept to write its answer and read what
/// the client still sends.
const LINGER: Duration = Duration::from_secs(1);
/// How much a refused connection reads and drops at most while lingering.
const LINGER_BYTES: usize = 256 * 1024;

/// What the guard and the answers of one connection share.
#[derive(Debug)]
pub struct Shared {
    /// Answers whose body is done (written or dropped).
    finished: AtomicU64,
    /// Whether an answer said `Connection: close`: hyper reads no further
    /// request, so what follows is not a head (it may be an unread body).
    closing: AtomicBool,
    /// Milliseconds after `start` since which the connection is idle
    /// (waiting for a request's first byte); `u64::MAX` while it is not.
    idle_since: AtomicU64,
    start: Instant,
}

impl Shared {
    /// The state of a new connection: idle from now.
    pub fn new() -> Shared {
        Shared {
            finished: AtomicU64::new(0),
            closing: AtomicBool::new(false),
            idle_since: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    /// How long the connection has been waiting for a request's first
    /// byte; `None` while it is reading or serving a request.
    pub fn idle_for(&self) -> Option<Duration> {
        let since = self.idle_since.load(Ordering::Relaxed);
        (since != u64::MAX).then(|| {
            let now = self.start.elapsed().as_millis() as u64;
            Duration::from_millis(now.saturating_sub(since))
        })
    }

    fn set_idle(&self, idle: bool) {
        let since = if idle { self.start.elapsed().as_millis() as u64 } else { u64::MAX };
        self.idle_since.store(since, Ordering::Relaxed);
    }
}

impl Default for Shared {
    fn default() -> Shared {
        Shared::new()
    }
}

/// An answer's body that counts the answer as finished when dropped.
#[derive(Debug)]
pub struct Tracked {
    body: Body,
    shared: Arc<Shared>,
    closes: bool,
}

impl Tracked {
    /// `body`, counted in `shared` when dropped; `closes` when its answer
    /// says `Connection: close`.
    pub fn new(body: Body, shared: Arc<Shared>, closes: bool) -> Tracked {
        Tracked { body, shared, closes }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        if self.closes {
            self.shared.closing.store(true, Ordering::Relaxed);
        }
        self.shared.finished.fetch_add(1, Ordering::Release);
    }
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Where a connection is, as the guard sees it.
#[derive(Debug)]
enum Phase {
    /// Waiting for a request's first byte.
    Idle,
    /// Reading a request head.
    Head(HeadScan),
    /// The head is complete; the request is served until more than `seen`
    /// answers are finished (for good when its answer closes the
    /// connection: the guard then passes reads through until hyper closes).
    Request { seen: u64 },
    /// Refusing the request: writing `answer` from `written`, then reading
    /// and dropping input (`drained` bytes so far) until the linger ends.
    Refusing { answer: Vec<u8>, written: usize, shut: bool, drained: usize },
    /// Closed quietly (idle too long): every read is the end.
    Closed,
}

/// Counts of a request head read so far.
#[derive(Debug, Default)]
struct HeadScan {
    bytes: usize,
    /// Complete lines, the request line included.
    lines: usize,
    /// Whether only `\r` was read since the last line break (or the start).
    at_line_start: bool,
}

/// What a scan of new bytes found.
#[derive(Debug, PartialEq, Eq)]
enum Scanned {
    /// The head goes on.
    More,
    /// The head ends within the bytes.
    End,
    /// The head breaks a limit.
    Refuse(Breach),
}

/// The limit a request head breaks.
#[derive(Debug, PartialEq, Eq)]
enum Breach {
    RequestLine,
    Head,
}

impl HeadScan {
    fn new() -> HeadScan {
        HeadScan { at_line_start: true, ..HeadScan::default() }
    }

    fn feed(&mut self, bytes: &[u8], limits: &HeadLimits) -> Scanned {
        for &b in bytes {
            self.bytes += 1;
            match b {
                b'\n' if self.at_line_start && self.lines > 0 => return Scanned::End,
                // Empty lines before the request line are allowed.
                b'\n' if self.at_line_start => {}
                b'\n' => {
                    self.lines += 1;
                    self.at_line_start = true;
                }
                b'\r' => {}
                _ => self.at_line_start = false,
            }
            if self.lines == 0 && self.bytes > limits.request_line {
                return Scanned::Refuse(Breach::RequestLine);
            }
            if self.bytes > limits.head_bytes || self.lines > limits.headers + 1 {
                return Scanned::Refuse(Breach::Head);
            }
        }
        Scanned::More
    }
}

/// A socket whose request heads are bounded in time and size (see the
/// module documentation).
#[derive(Debug)]
pub struct Guarded<S> {
    io: S,
    limits: HeadLimits,
    shared: Arc<Shared>,
    phase: Phase,
    timer: Pin<Box<Sleep>>,
}

impl<S> Guarded<S> {
    /// `io` guarded by `limits`, its answers tracked in `shared`.
    pub fn new(io: S, limits: HeadLimits, shared: Arc<Shared>) -> Guarded<S> {
        shared.set_idle(true);
        let timer = Box::pin(tokio::time::sleep(limits.idle));
        Guarded { io, limits, shared, phase: Phase::Idle, timer }
    }

    fn refuse(&mut self, err: ApiError) {
        self.shared.set_idle(false);
        self.timer.as_mut().reset(Instant::now() + LINGER);
        self.phase =
            Phase::Refusing { answer: raw_answer(err), written: 0, shut: false, drained: 0 };
    }
}

/// `err` as the bytes of a whole HTTP/1.1 answer that closes the
/// connection: its JSON body and the security headers.
fn raw_answer(err: ApiError) -> Vec<u8> {
    let status = err.status;
    let body = serde_json::to_vec(&sudokit::wire::ErrorAnswer::from(err.body))
        .expect("an error serializes");
    let mut out = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    for (name, value) in &SECURITY_HEADERS {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("\r\n");
    let mut out = out.into_bytes();
    out.extend_from_slice(&body);
    out
}

impl<S: AsyncRead + AsyncWrite + Unpin> Guarded<S> {
    /// Writes the refusal, shuts the write side, drains input until the
    /// linger ends, then fails the read so hyper drops the connection.
    fn poll_refuse(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Phase::Refusing { answer, written, shut, drained } = &mut self.phase else {
            unreachable!("poll_refuse outside Refusing")
        };
        let expired = self.timer.as_mut().poll(cx).is_ready();
        let gone =
            || Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, "request refused")));
        if expired {
            return gone();
        }
        while *written < answer.len() {
            match Pin::new(&mut self.io).poll_write(cx, &answer[*written..]) {
                Poll::Ready(Ok(0)) | Poll::Ready(Err(_)) => return gone(),
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Pending => return Poll::Pending,
            }
        }
        if !*shut {
            match Pin::new(&mut self.io).poll_shutdown(cx) {
                Poll::Ready(_) => *shut = true,
                Poll::Pending => return Poll::Pending,
            }
        }
        let mut scratch = [0u8; 4096];
        while *drained < LINGER_BYTES {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.io).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) if !buf.filled().is_empty() => *drained += buf.filled().len(),
                Poll::Ready(_) => return gone(),
                Poll::Pending => return Poll::Pending,
            }
        }
        gone()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match &this.phase {
                Phase::Refusing { .. } => return this.poll_refuse(cx),
                Phase::Closed => return Poll::Ready(Ok(())),
                Phase::Request { seen } => {
                    let finished = this.shared.finished.load(Ordering::Acquire) > *seen;
                    if finished && !this.shared.closing.load(Ordering::Relaxed) {
                        this.phase = Phase::Idle;
                        this.shared.set_idle(true);
                        this.timer.as_mut().reset(Instant::now() + this.limits.idle);
                    }
                }
                Phase::Idle | Phase::Head(_) => {}
            }
            let before = buf.filled().len();
            match Pin::new(&mut this.io).poll_read(cx, buf) {
                Poll::Ready(Ok(())) => {
                    let new = &buf.filled()[before..];
                    if new.is_empty() {
                        return Poll::Ready(Ok(()));
                    }
                    if let Phase::Idle = this.phase {
                        this.phase = Phase::Head(HeadScan::new());
                        this.shared.set_idle(false);
                        this.timer.as_mut().reset(Instant::now() + this.limits.header);
                    }
                    let Phase::Head(scan) = &mut this.phase else {
                        return Poll::Ready(Ok(()));
                    };
                    match scan.feed(new, &this.limits) {
                        Scanned::More => {}
                        Scanned::End => {
                            let seen = this.shared.finished.load(Ordering::Acquire);
                            this.phase = Phase::Request { seen };
                        }
                        Scanned::Refuse(kind) => {
                            buf.set_filled(before);
                            let limits = &this.limits;
                            this.refuse(match kind {
                                Breach::RequestLine => ApiError::uri_too_long(limits.request_line),
                                Breach::Head => {
                                    ApiError::headers_too_large(limits.head_bytes, limits.headers)
                                }
                            });
                            continue;
                        }
                    }
                    return Poll::Ready(Ok(()));
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    let waiting = matches!(this.phase, Phase::Idle | Phase::Head(_));
                    if !waiting || this.timer.as_mut().poll(cx).is_pending() {
                        return Poll::Pending;
                    }
                    if let Phase::Idle = this.phase {
                        this.phase = Phase::Closed;
                        return Poll::Ready(Ok(()));
                    }
                    this.refuse(ApiError::request_timeout("head", this.limits.header));
                }
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: HeadLimits = HeadLimits {
        idle: Duration::from_secs(1),
        header: Duration::from_secs(1),
        request_line: 20,
        head_bytes: 60,
        headers: 2,
    };

    fn scan(chunks: &[&[u8]]) -> Scanned {
        let mut s = HeadScan::new();
        for c in chunks {
            match s.feed(c, &LIMITS) {
                Scanned::More => {}
                other => return other,
            }
        }
        Scanned::More
    }

    #[test]
    fn a_head_ends_at_its_empty_line_in_any_split() {
        assert_eq!(scan(&[b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"]), Scanned::End);
        assert_eq!(scan(&[b"GET / HTTP/1.1\r", b"\nHost: a\r\n\r", b"\n"]), Scanned::End);
        assert_eq!(scan(&[b"\r\nGET / HTTP/1.1\n\n"]), Scanned::End);
        assert_eq!(scan(&[b"GET / HTTP/1.1\r\nHost: a\r\n"]), Scanned::More);
    }

    #[test]
    fn heads_over_a_limit_are_refused_by_kind() {
        let long_line = [b"GET /".as_slice(), &[b'a'; 30]].concat();
        assert_eq!(scan(&[&long_line]), Scanned::Refuse(Breach::RequestLine));
        let many = b"GET / HTTP/1.1\r\na: 1\r\nb: 2\r\nc: 3\r\n\r\n";
        assert_eq!(scan(&[many]), Scanned::Refuse(Breach::Head));
        let big = [b"GET / HTTP/1.1\r\na: ".as_slice(), &[b'x'; 60]].concat();
        assert_eq!(scan(&[&big]), Scanned::Refuse(Breach::Head));
    }

    #[test]
    fn a_raw_answer_is_whole_json_with_the_security_headers() {
        let raw = String::from_utf8(raw_answer(ApiError::uri_too_long(20))).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains(&format!("content-length: {}\r\n", body.len())), "{head}");
        assert!(head.contains("connection: close"), "{head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "uri_too_long");
    }
}

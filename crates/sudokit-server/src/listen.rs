//! Accepting connections: a cap on open connections, each connection
//! served by hyper behind its head guard, and a graceful shutdown.
//!
//! - At most `max_connections` connections are open. When one more client
//!   is accepted at the cap, it waits for a slot, and connections idle
//!   (waiting for a request) for at least [`EVICT_IDLE`] are closed to make
//!   room; other clients wait in the listen backlog. So idle clients cannot
//!   lock others out for longer than about a second.
//! - Each connection is served by hyper's HTTP/1.1 server with keep-alive,
//!   its reads passing through [`Guarded`] (idle and head timeouts, head
//!   limits) and its answers through [`Tracked`].
//! - Each accepted connection raises the recorded peak of open connections;
//!   every [`TRIM_EVERY`] the open connections are counted, and when they
//!   fell far below the peak since the last look (a burst ended, however
//!   short), free memory goes back to the operating system (`memory`).
//! - On shutdown the listener closes at once, idle connections close, and
//!   requests in flight are finished and answered (with
//!   `Connection: close`) for at most `shutdown_grace`; then the serving
//!   future returns whatever is left.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::header;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tower::ServiceExt;

use crate::config::Config;
use crate::conn::{Guarded, HeadLimits, Shared, Tracked};

/// How long a connection must have been idle to be closed for a client
/// waiting at the connection cap.
pub const EVICT_IDLE: Duration = Duration::from_secs(1);

/// How often the open connections are counted for giving back memory.
pub const TRIM_EVERY: Duration = Duration::from_secs(1);

/// What every connection is served with.
#[derive(Clone, Debug)]
struct Serving {
    app: Router,
    limits: HeadLimits,
    stop: watch::Receiver<bool>,
    pressure: Arc<Notify>,
}

/// Serves `config`'s application on `listener` until `shutdown` completes,
/// then shuts down gracefully (see the module documentation).
pub async fn serve_until(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let max = config.max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let grace = config.shutdown_grace;
    let limits = HeadLimits {
        idle: config.idle_timeout,
        header: config.header_timeout,
        request_line: config.max_request_line,
        head_bytes: config.max_head_bytes,
        headers: config.max_headers,
    };
    let (stop_tx, stop) = watch::channel(false);
    let app = crate::try_router(config)?;
    let serving = Serving { app, limits, stop, pressure: Arc::new(Notify::new()) };
    let slots = Arc::new(Semaphore::new(max));
    let peak = Arc::new(AtomicUsize::new(0));
    tokio::spawn(trim_after_bursts(slots.clone(), max, peak.clone(), serving.stop.clone()));
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors or a connection reset before
                    // it was accepted: wait a moment rather than spin.
                    if !is_per_connection(&e) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
        };
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = free_slot(&slots, &serving.pressure) => slot,
        };
        peak.fetch_max(max.saturating_sub(slots.available_permits()), Ordering::Relaxed);
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(stream, serving.clone(), slot));
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(grace, slots.acquire_many(all)).await;
    Ok(())
}

/// Gives free memory back to the operating system after each burst of
/// connections, until the server stops. `peak` is the most connections open
/// at once since the last look, raised by the accept loop.
async fn trim_after_bursts(
    slots: Arc<Semaphore>,
    max: usize,
    peak: Arc<AtomicUsize>,
    mut stop: watch::Receiver<bool>,
) {
    let mut watch = crate::memory::BurstWatch::default();
    let mut tick = tokio::time::interval(TRIM_EVERY);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let open = max.saturating_sub(slots.available_permits());
                let seen = peak.swap(open, Ordering::Relaxed).max(open);
                if watch.trim_now(seen, open) {
                    // A blocking call of a few milliseconds: off the async threads.
                    let _ = tokio::task::spawn_blocking(crate::memory::release_free_memory).await;
                }
            }
            () = stopped(&mut stop) => break,
        }
    }
}

/// Whether an accept error concerns only the connection being accepted.
fn is_per_connection(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(e.kind(), ConnectionAborted | ConnectionReset | ConnectionRefused | Interrupted)
}

/// A connection slot: at once when one is free, else after idle
/// connections were asked to close (again every quarter of [`EVICT_IDLE`]).
async fn free_slot(slots: &Arc<Semaphore>, pressure: &Notify) -> OwnedSemaphorePermit {
    loop {
        if let Ok(slot) = slots.clone().try_acquire_owned() {
            return slot;
        }
        pressure.notify_waiters();
        let wait = tokio::time::timeout(EVICT_IDLE / 4, slots.clone().acquire_owned());
        if let Ok(Ok(slot)) = wait.await {
            return slot;
        }
    }
}

/// Completes when the server stops (or is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}

/// Serves one connection until it ends, the server stops, or it is idle
/// when a client waits at the cap; `slot` is held until then.
async fn connection(stream: TcpStream, serving: Serving, slot: OwnedSemaphorePermit) {
    let Serving { app, limits, mut stop, pressure } = serving;
    let shared = Arc::new(Shared::new());
    let io = TokioIo::new(Guarded::new(stream, limits, shared.clone()));
    let answers = shared.clone();
    let service = hyper::service::service_fn(move |req: Request<Incoming>| {
        let (app, answers) = (app.clone(), answers.clone());
        async move {
            let response = app.oneshot(req).await.unwrap_or_else(|e: Infallible| match e {});
            let closes = response
                .headers()
                .get(header::CONNECTION)
                .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"close"));
            Ok::<_, Infallible>(response.map(|body| Tracked::new(body, answers, closes)))
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .keep_alive(true)
        // hyper's own limits are a backstop above the guard's.
        .header_read_timeout(limits.idle + limits.header + Duration::from_secs(1))
        .max_buf_size((2 * limits.head_bytes).max(64 * 1024));
    if limits.headers >= 100 {
        http.max_headers(limits.headers + 16);
    }
    let conn = http.serve_connection(io, service);
    tokio::pin!(conn);
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            _ = stopped(&mut stop) => {
                conn.as_mut().graceful_shutdown();
                let _ = conn.as_mut().await;
                break;
            }
            () = pressure.notified() => {
                if shared.idle_for().is_some_and(|idle| idle >= EVICT_IDLE) {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.as_mut().await;
                    break;
                }
            }
        }
    }
    drop(slot);
}

//! Running CPU-heavy jobs off the async threads, behind a bounded queue.
//!
//! A [`Pool`] admits at most `queue` jobs at once (running or waiting); one
//! more is refused at once with 503 `busy` and `Retry-After`, so a flood
//! cannot build an unbounded backlog. Admitted jobs wait for one of
//! `workers` slots (at most `queue_wait`, else 503) and then run on tokio's
//! blocking threads, so the async threads keep accepting and answering.
//! Each job bounds its own work (node budgets, time limits): a blocking
//! thread cannot be cancelled, so the bound must be in the job.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// A bounded queue in front of the blocking threads.
#[derive(Debug)]
pub struct Pool {
    admitted: Arc<Semaphore>,
    running: Arc<Semaphore>,
    wait: Duration,
}

impl Pool {
    /// A pool running `workers` jobs at once, admitting `queue` (at least
    /// `workers`), each waiting at most `wait` for a worker.
    pub fn new(workers: usize, queue: usize, wait: Duration) -> Pool {
        let workers = workers.max(1);
        Pool {
            admitted: Arc::new(Semaphore::new(queue.max(workers))),
            running: Arc::new(Semaphore::new(workers)),
            wait,
        }
    }

    /// Runs `job` on a blocking thread and returns its result; 503 when the
    /// queue is full or no worker frees up in time.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let admitted = self.admitted.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy("the service is busy: too many requests are queued; retry shortly")
        })?;
        let running = tokio::time::timeout(self.wait, self.running.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy("the service is busy: no worker was free in time; retry shortly")
            })?
            .map_err(|_| ApiError::internal())?;
        let handle = tokio::task::spawn_blocking(move || {
            let _slots = (admitted, running);
            job()
        });
        // A panicking job is a bug; it still answers JSON.
        handle.await.map_err(|_| ApiError::internal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_answers_busy_with_retry_after() {
        let pool = Arc::new(Pool::new(1, 1, Duration::from_secs(5)));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let p = pool.clone();
        let first = tokio::spawn(async move { p.run(move || rx.recv().is_ok()).await });
        // Wait until the first job holds the only admission.
        while pool.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let second = pool.run(|| true).await.unwrap_err();
        assert_eq!(second.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(second.body.code, "busy");
        assert_eq!(second.retry_after, Some(1));
        tx.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert!(pool.run(|| true).await.unwrap());
    }
}

//! Running CPU-heavy jobs off the async threads, fairly: lanes by board
//! size, and long-running jobs moved out of the way.
//!
//! A [`Pool`] has one lane per [`Class`] of board: small (up to 9x9),
//! medium (up to 16x16) and large (larger). Each lane admits at most
//! `queue` jobs at once (running or waiting); one more is refused at once
//! with 503 `busy` and `Retry-After`, so a flood cannot build a backlog.
//! Admitted jobs wait for one of the lane's worker slots (at most
//! `queue_wait`, else 503) and then run on tokio's blocking threads, so the
//! async threads keep accepting and answering.
//!
//! Two rules keep cheap requests from waiting behind expensive ones:
//! - Lanes do not share worker slots: a queue of 25x25 jobs never delays a
//!   9x9 or 16x16 job, whatever their number.
//! - A job still running after `slow_after` gives its lane slot back and
//!   holds a slot of the pool-wide *long* class instead (while one is free),
//!   so a few slow requests of one size do not block the quick ones of the
//!   same size.
//!
//! Invariant: at most `workers` jobs hold the small and the medium lane's
//! slots each, half as many the large lane's, and at most `workers` more
//! hold long slots, so at most 3.5 times `workers` blocking threads run
//! jobs at once.
//! Each job bounds its own work (node budgets, time limits): a blocking
//! thread cannot be cancelled, so the bound must be in the job.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// The cost class of a job, by the side of its (largest) board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Boards up to 9x9.
    Small,
    /// Boards from 10x10 to 16x16.
    Medium,
    /// Boards larger than 16x16.
    Large,
}

impl Class {
    /// The class of a board with side `n`.
    pub fn of_size(n: usize) -> Class {
        match n {
            0..=9 => Class::Small,
            10..=16 => Class::Medium,
            _ => Class::Large,
        }
    }

    /// The class's name, as in error messages.
    pub fn name(self) -> &'static str {
        match self {
            Class::Small => "small (up to 9x9)",
            Class::Medium => "medium (up to 16x16)",
            Class::Large => "large (over 16x16)",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One lane: its admissions (running plus waiting) and its worker slots.
#[derive(Debug)]
struct Lane {
    admitted: Arc<Semaphore>,
    running: Arc<Semaphore>,
}

impl Lane {
    fn new(workers: usize, queue: usize) -> Lane {
        let workers = workers.max(1);
        Lane {
            admitted: Arc::new(Semaphore::new(queue.max(workers))),
            running: Arc::new(Semaphore::new(workers)),
        }
    }
}

/// Lanes of bounded queues in front of the blocking threads.
#[derive(Debug)]
pub struct Pool {
    lanes: [Lane; 3],
    long: Arc<Semaphore>,
    wait: Duration,
    slow_after: Duration,
}

impl Pool {
    /// A pool whose small and medium lanes run `workers` jobs at once and
    /// whose large lane runs half as many (at least one); each lane admits
    /// `queue` jobs (at least its workers), each waiting at most `wait` for
    /// a worker. Up to `workers` jobs running longer than `slow_after` free
    /// their lane's slot.
    pub fn new(workers: usize, queue: usize, wait: Duration, slow_after: Duration) -> Pool {
        let workers = workers.max(1);
        Pool {
            lanes: [
                Lane::new(workers, queue),
                Lane::new(workers, queue),
                Lane::new(workers.div_ceil(2), queue),
            ],
            long: Arc::new(Semaphore::new(workers)),
            wait,
            slow_after,
        }
    }

    /// Runs `job`, whose largest board has side `size`, on a blocking
    /// thread in that size's lane and returns its result; 503 when the
    /// lane's queue is full or no worker frees up in time.
    pub async fn run<T, F>(&self, size: usize, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let class = Class::of_size(size);
        let lane = &self.lanes[class.index()];
        let admitted = lane.admitted.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "the service is busy: too many {} requests are queued; retry shortly",
                class.name()
            ))
        })?;
        let running = tokio::time::timeout(self.wait, lane.running.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy(format!(
                    "the service is busy: no worker for {} boards was free in time; retry shortly",
                    class.name()
                ))
            })?
            .map_err(|_| ApiError::internal())?;
        let mut handle = tokio::task::spawn_blocking(job);
        let slot = tokio::select! {
            done = &mut handle => return done.map_err(|_| ApiError::internal()),
            () = tokio::time::sleep(self.slow_after) => self.demote(running),
        };
        // A panicking job is a bug; it still answers JSON.
        let answer = handle.await.map_err(|_| ApiError::internal());
        drop((slot, admitted));
        answer
    }

    /// The slot a job still running after `slow_after` holds from now on:
    /// a long slot if one is free (the lane slot goes back to the lane),
    /// else the lane slot it has.
    fn demote(&self, running: OwnedSemaphorePermit) -> OwnedSemaphorePermit {
        self.long.clone().try_acquire_owned().unwrap_or(running)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    /// A pool with one worker per lane (the large lane too), a queue of
    /// one, a long wait and the given `slow_after`.
    fn pool(slow_after: Duration) -> Arc<Pool> {
        Arc::new(Pool::new(1, 1, Duration::from_secs(5), slow_after))
    }

    /// Starts a job of `size` on `pool` that runs until `rx` is told, and
    /// waits until it holds its lane's only admission.
    async fn blocked(
        pool: &Arc<Pool>,
        size: usize,
    ) -> (mpsc::Sender<()>, tokio::task::JoinHandle<Result<bool, ApiError>>) {
        let (tx, rx) = mpsc::channel::<()>();
        let p = pool.clone();
        let job = tokio::spawn(async move { p.run(size, move || rx.recv().is_ok()).await });
        let lane = &pool.lanes[Class::of_size(size).index()];
        while lane.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        (tx, job)
    }

    #[test]
    fn sizes_fall_in_their_class() {
        assert_eq!(Class::of_size(4), Class::Small);
        assert_eq!(Class::of_size(9), Class::Small);
        assert_eq!(Class::of_size(12), Class::Medium);
        assert_eq!(Class::of_size(16), Class::Medium);
        assert_eq!(Class::of_size(25), Class::Large);
    }

    #[tokio::test]
    async fn a_full_lane_answers_busy_with_retry_after() {
        let pool = pool(Duration::from_secs(60));
        let (tx, first) = blocked(&pool, 9).await;
        let second = pool.run(9, || true).await.unwrap_err();
        assert_eq!(second.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(second.body.code, "busy");
        assert!(second.body.message.contains("9x9"), "{}", second.body.message);
        assert_eq!(second.retry_after, Some(1));
        tx.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert!(pool.run(9, || true).await.unwrap());
    }

    #[tokio::test]
    async fn a_busy_large_lane_does_not_hold_up_the_others() {
        let pool = pool(Duration::from_secs(60));
        let (tx, large) = blocked(&pool, 25).await;
        assert!(pool.run(25, || true).await.is_err(), "the large lane is full");
        assert_eq!(pool.run(9, || 9).await.unwrap(), 9);
        assert_eq!(pool.run(16, || 16).await.unwrap(), 16);
        tx.send(()).unwrap();
        assert!(large.await.unwrap().unwrap());
    }

    #[tokio::test]
    async fn a_long_job_frees_its_lane_slot_while_long_slots_last() {
        let pool = Arc::new(Pool::new(1, 4, Duration::from_millis(50), Duration::from_millis(10)));
        // The first slow job moves to the only long slot after 10 ms ...
        let (tx1, rx1) = mpsc::channel::<()>();
        let p = pool.clone();
        let slow1 = tokio::spawn(async move { p.run(16, move || rx1.recv().is_ok()).await });
        while pool.long.available_permits() > 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // ... so a quick job of the same lane still runs.
        assert_eq!(pool.run(16, || 1).await.unwrap(), 1);
        // A second slow job finds no long slot and keeps its lane slot, so
        // the next job of that lane waits (50 ms here) and is refused.
        let (tx2, rx2) = mpsc::channel::<()>();
        let p = pool.clone();
        let slow2 = tokio::spawn(async move { p.run(16, move || rx2.recv().is_ok()).await });
        tokio::time::sleep(Duration::from_millis(30)).await;
        let refused = pool.run(16, || 2).await.unwrap_err();
        assert_eq!(refused.body.code, "busy");
        tx1.send(()).unwrap();
        tx2.send(()).unwrap();
        assert!(slow1.await.unwrap().unwrap());
        assert!(slow2.await.unwrap().unwrap());
        assert_eq!(pool.long.available_permits(), 1, "the long slot is back");
        assert_eq!(pool.run(16, || 3).await.unwrap(), 3);
    }
}

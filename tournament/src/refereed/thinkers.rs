//! The threads the bots think on: `--concurrency` of them, shared by every game in
//! flight, one move each at a time. (A one-ply bot, random or greedy, thinks on its
//! game's own task instead, [`Thinkers::think_here`]: handing its move to a thread and
//! waking the game back cost more CPU than the move.) A move's clock starts once a thread is free for it
//! (waiting for one is not the bot's time). A bot that panics is caught on its thread
//! and told as the panic hook saw it; a bot past its time is left to finish on its own
//! (a thread cannot be stopped): a new thread takes its place at once, the late answer
//! is dropped, that thread ends with it, and the process does not wait for it when it
//! exits. Each thread has a channel of its own, so a move wakes only its thread. The
//! threads live as long as the pool, so the moves of a whole tournament start no
//! thread and allocate no fresh thread heap.

use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, Once, PoisonError};
use std::time::{Duration, Instant};

use fray_ai::{BotError, StateBot};
use fray_core::GameState;
use fray_proto::fray::v1 as pb;
use fray_service::convert;
use tokio::sync::{Semaphore, oneshot};

use super::error::TournamentError;

/// How a move went.
pub enum Thought {
    /// The bot (handed back for its next move) and its action.
    Chose(Box<dyn StateBot>, pb::Action),
    /// Why the bot forfeits.
    Failed(String),
}

/// A move for a thread: the bot, what it sees, its seed, where the answer goes.
struct Move {
    bot: Box<dyn StateBot>,
    state: GameState,
    seed: u64,
    answer: oneshot::Sender<Thought>,
}

/// The pool of bot threads.
pub struct Thinkers {
    /// The threads free to take a move, each by its own channel: a move wakes the
    /// one thread it is sent to.
    idle: Mutex<Vec<Sender<Move>>>,
    /// One permit per idle thread.
    free: Semaphore,
}

impl Thinkers {
    /// Starts `threads` threads.
    pub fn start(threads: usize) -> Result<Self, TournamentError> {
        quiet_bot_panics();
        let idle = (0..threads).map(|_| spawn()).collect::<Result<Vec<_>, _>>()?;
        Ok(Self { idle: Mutex::new(idle), free: Semaphore::new(threads) })
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Sender<Move>>> {
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `bot.choose` on a free thread, with a time limit from when it starts; the
    /// thought and the milliseconds it took.
    pub async fn think(
        &self,
        bot: Box<dyn StateBot>,
        state: GameState,
        seed: u64,
        limit: Duration,
    ) -> Result<(Thought, u64), TournamentError> {
        let free =
            self.free.acquire().await.map_err(|e| TournamentError::Output(format!("the bot threads are gone: {e}")))?;
        // A permit is an idle thread.
        let thread = match self.idle().pop() {
            Some(thread) => thread,
            None => spawn()?,
        };
        let clock = Instant::now();
        let (answer, rx) = oneshot::channel();
        let sent = thread.send(Move { bot, state, seed, answer });
        let (thought, back) = match (sent, tokio::time::timeout(limit, rx).await) {
            (Ok(()), Ok(Ok(thought))) => (thought, thread),
            (Err(_), _) | (_, Ok(Err(_))) => {
                (Thought::Failed("its thread ended without an answer".to_owned()), spawn()?)
            }
            // That thread is busy until the bot returns, then ends (its channel is
            // dropped here): another one takes its place.
            (Ok(()), Err(_)) => (Thought::Failed(late(limit)), spawn()?),
        };
        let ms = clock.elapsed().as_millis() as u64;
        self.idle().push(back);
        drop(free);
        Ok((thought, ms))
    }
}

impl Thinkers {
    /// Runs `bot.choose` here, on the caller's thread, for a bot whose move is quicker
    /// than a thread's wake-ups (a one-ply bot): a panic is caught as on a bot thread,
    /// and a move past `limit` forfeits once it returns (nothing can stop it sooner,
    /// and a one-ply move does not run long). The thought and the milliseconds it took.
    pub fn think_here(bot: Box<dyn StateBot>, state: GameState, seed: u64, limit: Duration) -> (Thought, u64) {
        quiet_bot_panics();
        let clock = Instant::now();
        let thought = choose(bot, state, seed);
        let took = clock.elapsed();
        let thought = if took > limit { Thought::Failed(late(limit)) } else { thought };
        (thought, took.as_millis() as u64)
    }
}

/// Why a bot past its time forfeits.
fn late(limit: Duration) -> String {
    format!("ran past its time: no answer within {} ms", limit.as_millis())
}

/// Starts a thread taking moves from its channel until the channel is dropped.
fn spawn() -> Result<Sender<Move>, TournamentError> {
    let (moves, inbox) = channel::<Move>();
    std::thread::Builder::new()
        .name("fray-bot".to_owned())
        .spawn(move || {
            for Move { bot, state, seed, answer } in inbox {
                // The receiver is gone when the bot ran past its time.
                let _ = answer.send(choose(bot, state, seed));
            }
        })
        .map_err(|e| TournamentError::Output(format!("cannot start a thread for the bots: {e}")))?;
    Ok(moves)
}

thread_local! {
    /// The last panic on this thread, as the panic hook saw it (message and place).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that keeps a bot's panic out of the terminal and
/// hands its message to [`choose`]; panics elsewhere still print as before.
fn quiet_bot_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_bot = LAST_PANIC.with(|p| p.borrow().is_some());
            if in_bot {
                let place = info.location().map(|l| format!(" (at {}:{})", l.file(), l.line())).unwrap_or_default();
                let text = format!("{}{place}", panic_text(info.payload()));
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
            } else {
                previous(info);
            }
        }));
    });
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

/// One move on a bot thread, a panic caught and told as the hook saw it.
fn choose(mut bot: Box<dyn StateBot>, state: GameState, seed: u64) -> Thought {
    // Armed: the hook records instead of printing while the bot runs here.
    LAST_PANIC.with(|p| *p.borrow_mut() = Some(String::new()));
    let answer = catch_unwind(AssertUnwindSafe(|| bot.choose(state, seed)));
    let seen = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
    match answer {
        Ok(Ok(decision)) => Thought::Chose(bot, convert::action_from_setup(&decision.action)),
        Ok(Err(BotError::GameOver)) => Thought::Failed("answered that the game is over".to_owned()),
        Ok(Err(e)) => Thought::Failed(format!("failed: {e}")),
        Err(payload) => Thought::Failed(if seen.is_empty() {
            format!("panicked: {}", panic_text(&*payload))
        } else {
            format!("panicked: {seen}")
        }),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use fray_ai::{ActionStat, Decision};
    use fray_core::ActionSetup;

    use super::*;

    /// A bot that counts the moves thinking at once (and the most seen) while it
    /// sleeps `nap`, then answers the first legal action; `panics` makes it panic.
    struct Probe {
        now: Arc<AtomicUsize>,
        most: Arc<AtomicUsize>,
        nap: Duration,
        panics: bool,
        /// The thread it must run on, if one.
        thread: Option<std::thread::ThreadId>,
    }

    impl StateBot for Probe {
        fn name(&self) -> String {
            "probe".to_owned()
        }

        fn choose(&mut self, state: GameState, _: u64) -> Result<Decision<ActionSetup>, BotError> {
            let at_once = self.now.fetch_add(1, Ordering::SeqCst) + 1;
            self.most.fetch_max(at_once, Ordering::SeqCst);
            std::thread::sleep(self.nap);
            self.now.fetch_sub(1, Ordering::SeqCst);
            assert!(!self.panics, "the probe panics");
            if let Some(thread) = self.thread {
                assert_eq!(std::thread::current().id(), thread, "the probe ran on another thread");
            }
            let action = state.legal_actions().into_iter().next().ok_or(BotError::GameOver)?;
            Ok(Decision { action, stats: Vec::<ActionStat<ActionSetup>>::new() })
        }
    }

    fn state() -> GameState {
        GameState::new_game(2, 3, "duel").unwrap().0
    }

    fn probe(now: &Arc<AtomicUsize>, most: &Arc<AtomicUsize>, nap: Duration, panics: bool) -> Box<dyn StateBot> {
        Box::new(Probe { now: Arc::clone(now), most: Arc::clone(most), nap, panics, thread: None })
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_pools_threads_think_at_once_and_a_late_bot_is_replaced() {
        let pool = Arc::new(Thinkers::start(2).unwrap());
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        // Eighty moves of 30 ms asked at once: two think at a time, so the last ones
        // start after 1.2 s, past their 1 s limit had the wait for a thread counted.
        let mut moves = tokio::task::JoinSet::new();
        for seed in 0..80 {
            let (pool, bot) = (Arc::clone(&pool), probe(&now, &most, Duration::from_millis(30), false));
            moves.spawn(async move { pool.think(bot, state(), seed, Duration::from_secs(1)).await });
        }
        while let Some(joined) = moves.join_next().await {
            let (thought, _) = joined.unwrap().unwrap();
            if let Thought::Failed(why) = thought {
                panic!("a move failed: {why}");
            }
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);

        // A bot past its time forfeits; its thread is replaced, so two still think.
        let late = pool.think(probe(&now, &most, Duration::from_secs(2), false), state(), 1, Duration::from_millis(50));
        match late.await.unwrap().0 {
            Thought::Failed(why) => assert_eq!(why, "ran past its time: no answer within 50 ms"),
            Thought::Chose(..) => panic!("a late bot's move was taken"),
        }
        most.store(0, Ordering::SeqCst);
        let (a, b) = tokio::join!(
            pool.think(probe(&now, &most, Duration::from_millis(500), false), state(), 2, Duration::from_secs(5)),
            pool.think(probe(&now, &most, Duration::from_millis(500), false), state(), 3, Duration::from_secs(5)),
        );
        assert!(matches!((a.unwrap().0, b.unwrap().0), (Thought::Chose(..), Thought::Chose(..))));
        // Both ran beside the late bot, still asleep on its own thread.
        assert_eq!(most.load(Ordering::SeqCst), 3);

        // A panic is the bot's forfeit, told with its message; its thread goes on.
        let panicked = pool.think(probe(&now, &most, Duration::ZERO, true), state(), 4, Duration::from_secs(5)).await;
        match panicked.unwrap().0 {
            Thought::Failed(why) => assert!(why.starts_with("panicked: the probe panics (at "), "{why}"),
            Thought::Chose(..) => panic!("a panicking bot's move was taken"),
        }
        let after = pool.think(probe(&now, &most, Duration::ZERO, false), state(), 5, Duration::from_secs(5)).await;
        assert!(matches!(after.unwrap().0, Thought::Chose(..)));
    }

    #[test]
    fn a_move_thought_here_runs_on_the_callers_thread_and_forfeits_as_on_a_bot_thread() {
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let caller = std::thread::current().id();
        let probe = |nap, panics| {
            Box::new(Probe { now: Arc::clone(&now), most: Arc::clone(&most), nap, panics, thread: Some(caller) })
        };
        let (thought, _) = Thinkers::think_here(probe(Duration::ZERO, false), state(), 1, Duration::from_secs(5));
        assert!(matches!(thought, Thought::Chose(..)), "the probe asserts it ran on the caller's thread");
        match Thinkers::think_here(probe(Duration::ZERO, true), state(), 2, Duration::from_secs(5)).0 {
            Thought::Failed(why) => assert!(why.starts_with("panicked: the probe panics (at "), "{why}"),
            Thought::Chose(..) => panic!("a panicking bot's move was taken"),
        }
        let (late, ms) =
            Thinkers::think_here(probe(Duration::from_millis(60), false), state(), 3, Duration::from_millis(20));
        match late {
            Thought::Failed(why) => assert_eq!(why, "ran past its time: no answer within 20 ms"),
            Thought::Chose(..) => panic!("a late bot's move was taken"),
        }
        assert!(ms >= 60, "the move's own time is told: {ms} ms");
    }
}

//! Rating statistics for bot-vs-bot matches and tournaments: Elo differences with
//! confidence intervals (trinomial and pentanomial models), likelihood of
//! superiority, a sequential probability ratio test, and Bradley–Terry ratings of
//! many players.
//!
//! Everything is logistic Elo: a difference of `d` points means an expected score of
//! `1 / (1 + 10^(-d/400))` for the stronger side. A draw counts half a point. The
//! 95% intervals use the normal approximation with `z = 1.959964` ([`Z95`]).
//!
//! ```
//! use fray_tournament::rating::{Wdl, trinomial_elo, elo_from_score};
//!
//! let wdl = Wdl { wins: 60, draws: 20, losses: 20 };
//! assert_eq!(wdl.score(), 0.7);
//! let e = trinomial_elo(&wdl).unwrap();
//! assert!((e.elo - elo_from_score(0.7)).abs() < 1e-9);
//! assert!(e.lower < e.elo && e.elo < e.upper);
//! ```

use std::f64::consts::{LN_10, SQRT_2};

use statrs::distribution::{Binomial, DiscreteCDF as _};

/// The standard normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959964;

/// The smallest score [`elo_from_score`] works with (and `1 - SCORE_CLAMP` the
/// largest): scores of exactly 0 or 1 map to about ∓2400 Elo instead of infinity.
pub const SCORE_CLAMP: f64 = 1e-6;

/// Natural-log units per Elo point: a logistic rating `θ` in nats is `elo * ELO_NAT`.
const ELO_NAT: f64 = LN_10 / 400.0;

/// Wins/draws/losses of one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games this side won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games this side lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points per game (win 1, draw 1/2); 0.5 when no game was played.
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 { 0.5 } else { (self.wins as f64 + 0.5 * self.draws as f64) / games as f64 }
    }

    /// Adds another record to this one.
    pub fn add(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The same games from the other side's view (wins and losses exchanged).
    pub fn swapped(&self) -> Wdl {
        Wdl { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// The 95% Wilson interval of [`Wdl::score`], the score taken as a proportion of
    /// the games (a draw half a success). Unlike the normal approximation it has a
    /// width when every game had the same result; `(0, 1)` with no game.
    pub fn score_interval(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let p = self.score();
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// Game pairs (same opening, sides swapped) by the pair's total score for one side:
/// `counts[k]` = pairs scoring `k/2` points (k = 0..=4: 0, 0.5, 1, 1.5, 2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by total score in half points: `counts[k]` pairs scored `k/2`.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Pairs recorded.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Records one pair from the scores (0, 0.5 or 1) of its two games for this side.
    ///
    /// Each score is clamped to `[0, 1]` and rounded to the nearest half point; a NaN
    /// score counts as a draw. Real game results never need this.
    pub fn add_pair(&mut self, first_game_score: f64, second_game_score: f64) {
        let halves = |s: f64| if s.is_nan() { 1 } else { (s.clamp(0.0, 1.0) * 2.0).round() as usize };
        let k = (halves(first_game_score) + halves(second_game_score)).min(4);
        self.counts[k] += 1;
    }

    /// The same pairs from the other side's view.
    pub fn swapped(&self) -> Pentanomial {
        let mut counts = self.counts;
        counts.reverse();
        Pentanomial { counts }
    }

    /// Points per game over all pairs (0.5 when there are none).
    pub fn score(&self) -> f64 {
        moments(&self.pentanomial_outcomes()).map_or(0.5, |m| m.mean)
    }

    /// (per-game score of the pair, number of such pairs) for the five outcomes.
    fn pentanomial_outcomes(&self) -> [(f64, f64); 5] {
        let c = self.counts.map(|n| n as f64);
        [(0.0, c[0]), (0.25, c[1]), (0.5, c[2]), (0.75, c[3]), (1.0, c[4])]
    }
}

impl Wdl {
    /// (score, number of games) for the three outcomes.
    fn trinomial_outcomes(&self) -> [(f64, f64); 3] {
        [(1.0, self.wins as f64), (0.5, self.draws as f64), (0.0, self.losses as f64)]
    }
}

/// An Elo difference with its 95% confidence interval (all in Elo points).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloInterval {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
}

/// The Elo difference that gives an expected score `score`: `-400·log10(1/s − 1)`.
///
/// The score is first clamped to `[SCORE_CLAMP, 1 − SCORE_CLAMP]` ([`SCORE_CLAMP`] is
/// 1e-6), so 0% and 100% give about −2400 and +2400 rather than infinities; NaN is
/// treated as 0.5 and gives 0. The result is always finite.
pub fn elo_from_score(score: f64) -> f64 {
    if score.is_nan() {
        return 0.0;
    }
    let s = score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score at an Elo difference: `1 / (1 + 10^(−elo/400))`. NaN gives 0.5.
pub fn score_from_elo(elo: f64) -> f64 {
    if elo.is_nan() {
        return 0.5;
    }
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean and variance of a weighted sample of per-game scores.
#[derive(Debug, Clone, Copy)]
struct Moments {
    /// Total weight (games or pairs).
    n: f64,
    mean: f64,
    /// Population variance of one observation.
    var: f64,
}

/// Moments of `(value, weight)` observations; `None` with zero total weight.
fn moments(outcomes: &[(f64, f64)]) -> Option<Moments> {
    let n: f64 = outcomes.iter().map(|&(_, w)| w).sum();
    if n <= 0.0 {
        return None;
    }
    let mean = outcomes.iter().map(|&(x, w)| w * x).sum::<f64>() / n;
    let var = outcomes.iter().map(|&(x, w)| w * (x - mean) * (x - mean)).sum::<f64>() / n;
    Some(Moments { n, mean, var: var.max(0.0) })
}

/// The 95% interval on the mean score, mapped to Elo.
fn interval(m: Moments) -> EloInterval {
    let half = Z95 * (m.var / m.n).sqrt();
    EloInterval {
        elo: elo_from_score(m.mean),
        lower: elo_from_score(m.mean - half),
        upper: elo_from_score(m.mean + half),
    }
}

/// Trinomial model: the per-game score's mean `x̄ = (W + D/2)/n` and variance
/// `σ² = (W(1−x̄)² + D(½−x̄)² + L·x̄²)/n`, the 95% interval `x̄ ± 1.959964·σ/√n`
/// (normal approximation), each end mapped through [`elo_from_score`].
///
/// `None` with 0 games. When every game had the same result the variance is 0 and the
/// interval collapses to the estimate (and 100% or 0% scores hit the ±2400 clamp).
pub fn trinomial_elo(wdl: &Wdl) -> Option<EloInterval> {
    moments(&wdl.trinomial_outcomes()).map(interval)
}

/// Pentanomial model for paired games (as fastchess and fishtest do it): each pair is
/// one observation worth its score per game (0, ¼, ½, ¾, 1); the interval is
/// `x̄ ± 1.959964·σ/√pairs` with `x̄`, `σ²` the mean and variance of those, mapped
/// through [`elo_from_score`]. Pairing removes the opening's bias from the variance, so
/// this interval is narrower than the trinomial one on the same games when openings
/// matter.
///
/// `None` with 0 pairs; a point interval when every pair scored the same.
pub fn pentanomial_elo(p: &Pentanomial) -> Option<EloInterval> {
    moments(&p.pentanomial_outcomes()).map(interval)
}

/// The standard normal distribution function Φ, through `libm`'s `erf` (rust-lang's
/// port of musl's, within an ulp). Not statrs' 0.18 `erf`: its interval constants
/// carry 10 digits (statrs pull request 412), about 1e-10 off, which would change the
/// likelihoods of superiority that report.json writes in full.
fn normal_cdf(z: f64) -> f64 {
    0.5 * (1.0 + libm::erf(z / SQRT_2))
}

/// The one-sided binomial test: the probability of `successes` or more in `trials`
/// independent trials that each succeed with probability `p` (1 for no successes):
/// statrs' binomial survival function, `P(X > successes - 1)`, a regularized incomplete
/// beta function, so thousands of trials do not underflow.
pub fn binomial_upper_tail(successes: u64, trials: u64, p: f64) -> f64 {
    if successes == 0 {
        return 1.0;
    }
    if successes > trials || p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    Binomial::new(p, trials).map_or(f64::NAN, |b| b.sf(successes - 1).clamp(0.0, 1.0))
}

/// Likelihood of superiority: the probability that this side is the stronger one,
/// `Φ((W − L)/√(W + L))` — draws ignored, as cutechess defines it. 0.5 when
/// `W + L = 0`.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = wdl.wins + wdl.losses;
    if decisive == 0 {
        return 0.5;
    }
    normal_cdf((wdl.wins as f64 - wdl.losses as f64) / (decisive as f64).sqrt())
}

/// A sequential probability ratio test between `elo0` (H0) and `elo1` (H1), both in
/// logistic Elo, with error rates `alpha` (accepting H1 when H0 holds) and `beta`
/// (accepting H0 when H1 holds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis (above `elo0`).
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// What an SPRT says after some games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Not enough evidence either way: play on.
    Continue,
    /// The log-likelihood ratio fell to the lower bound: the difference is `elo0` or
    /// less.
    AcceptH0,
    /// The log-likelihood ratio reached the upper bound: the difference is `elo1` or
    /// more.
    AcceptH1,
}

/// Weight of the uniform prior the SPRT adds to the observed outcomes: one virtual
/// pair (or game) spread evenly over the possible outcomes.
const SPRT_PRIOR: f64 = 1.0;

impl Sprt {
    /// Checks the parameters: all finite, `elo0 < elo1`, `0 < alpha < 1`,
    /// `0 < beta < 1` and `alpha + beta < 1`. The error says which value is wrong.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, value) in [("elo0", elo0), ("elo1", elo1), ("alpha", alpha), ("beta", beta)] {
            if !value.is_finite() {
                return Err(format!("{name} must be a finite number, not {value}"));
            }
        }
        if elo0 >= elo1 {
            return Err(format!("elo0 ({elo0}) must be lower than elo1 ({elo1})"));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if value <= 0.0 || value >= 1.0 {
                return Err(format!("{name} ({value}) must be strictly between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!("alpha + beta ({alpha} + {beta}) must be below 1"));
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The stopping bounds on the log-likelihood ratio:
    /// `(ln(beta/(1−alpha)), ln((1−beta)/alpha))`. For alpha = beta = 0.05 they are
    /// about ±2.944.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The generalized SPRT log-likelihood ratio of H1 against H0 on paired results.
    ///
    /// Formula (the normal approximation of the GSPRT that fishtest and fastchess use):
    /// with `x̄` the mean and `σ²` the variance of the per-pair score (pair points / 2),
    /// `n` pairs, and `s0`, `s1` the expected scores at `elo0`, `elo1`
    /// ([`score_from_elo`]),
    ///
    /// `LLR = n·(s1 − s0)·(2x̄ − s0 − s1) / (2σ²)`,
    ///
    /// which is `ln N(x̄; s1, σ²/n) − ln N(x̄; s0, σ²/n)`: the log ratio of the two
    /// normal likelihoods of the observed mean, the variance estimated from the data.
    ///
    /// Before the moments are taken, one virtual pair is spread evenly over the five
    /// outcomes (0.2 each). This keeps `σ²` above 0 when every pair scored the same (a
    /// bot that wins everything still reaches H1 instead of stalling at LLR 0), and
    /// damps the ratio on the first few pairs, where the plug-in variance is least
    /// reliable; after a few hundred pairs its effect is negligible. With fewer than
    /// 2 real pairs the answer is 0.0 (no evidence).
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() < 2 {
            return 0.0;
        }
        let prior = SPRT_PRIOR / 5.0;
        self.llr_of(&p.pentanomial_outcomes().map(|(x, w)| (x, w + prior)))
    }

    /// The same as [`Sprt::llr`] on unpaired games (trinomial): `n` games, `x̄`, `σ²`
    /// the mean and variance of the per-game score, with one virtual game spread
    /// evenly over win, draw and loss (1/3 each). 0.0 with fewer than 2 games.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        if wdl.games() < 2 {
            return 0.0;
        }
        let prior = SPRT_PRIOR / 3.0;
        self.llr_of(&wdl.trinomial_outcomes().map(|(x, w)| (x, w + prior)))
    }

    fn llr_of(&self, outcomes: &[(f64, f64)]) -> f64 {
        let Some(m) = moments(outcomes) else { return 0.0 };
        if m.var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let llr = m.n * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.var);
        if llr.is_finite() { llr } else { 0.0 }
    }

    /// H1 once `llr` reaches the upper bound, H0 once it reaches the lower one, else
    /// continue (also for NaN).
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The games between two players, `wdl` from `a`'s side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairResult {
    /// One player's index.
    pub a: usize,
    /// The other player's index.
    pub b: usize,
    /// Results from `a`'s side.
    pub wdl: Wdl,
}

/// One player's rating with its 95% interval (Elo).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating; the ratings of the players who played have mean 0.
    pub elo: f64,
    /// Lower end of the 95% interval (−∞ for a player without games).
    pub lower: f64,
    /// Upper end of the 95% interval (+∞ for a player without games).
    pub upper: f64,
}

/// Ratings of `players` players from pairwise results: the Bradley–Terry model in
/// logistic Elo (`P(i scores against j) = 1/(1 + 10^((r_j − r_i)/400))`), draws
/// counted as half a win and half a loss, fitted by maximum likelihood (Newton's
/// method with a backtracking line search on the concave log-likelihood) under the
/// constraint that the ratings of the players who played have mean 0.
///
/// - **Prior.** Each player who played gets one virtual draw against an opponent
///   rated at the mean (0). It makes the log-likelihood strictly concave, so the
///   maximum is unique and finite even for a player who won or lost every game, and
///   it pulls ratings towards 0 by about one game's worth, which is negligible after
///   a few dozen games. Groups of players who never met, directly or through others,
///   are placed relative to each other by this prior alone.
/// - **Intervals.** `elo ± 1.959964·sd`, the standard deviations from the observed
///   information: the inverse of the negated Hessian of the penalized log-likelihood
///   at the maximum, restricted to mean-zero ratings (the top-left block of the
///   inverse of the Hessian bordered by the constraint). An interval is therefore
///   relative to the field's mean, not to any one opponent.
/// - **No games.** A player with no games gets rating 0 and the interval (−∞, +∞),
///   and takes no part in the mean. Results naming a player index ≥ `players`, or the
///   same player twice, are ignored.
pub fn bradley_terry(players: usize, results: &[PairResult]) -> Vec<Rating> {
    let mut ratings = vec![Rating { elo: 0.0, lower: f64::NEG_INFINITY, upper: f64::INFINITY }; players];
    // Merge the results per unordered pair: points of the lower index, games.
    let mut pairs: std::collections::BTreeMap<(usize, usize), (f64, f64)> = std::collections::BTreeMap::new();
    for r in results {
        if r.a >= players || r.b >= players || r.a == r.b || r.wdl.games() == 0 {
            continue;
        }
        let (key, wdl) = if r.a < r.b { ((r.a, r.b), r.wdl) } else { ((r.b, r.a), r.wdl.swapped()) };
        let entry = pairs.entry(key).or_insert((0.0, 0.0));
        entry.0 += wdl.wins as f64 + 0.5 * wdl.draws as f64;
        entry.1 += wdl.games() as f64;
    }
    // Index the players who played.
    let mut index = vec![None; players];
    let mut active = Vec::new();
    for &(a, b) in pairs.keys() {
        for p in [a, b] {
            if index[p].is_none() {
                index[p] = Some(active.len());
                active.push(p);
            }
        }
    }
    let games: Vec<Game> = pairs
        .iter()
        .filter_map(|(&(a, b), &(points, n))| Some(Game { i: index[a]?, j: index[b]?, points, n }))
        .collect();
    let fit = fit_bradley_terry(active.len(), &games);
    for (k, &p) in active.iter().enumerate() {
        let elo = fit.theta[k] / ELO_NAT;
        let half = fit.sd[k].map_or(f64::INFINITY, |sd| Z95 * sd / ELO_NAT);
        ratings[p] = Rating { elo, lower: elo - half, upper: elo + half };
    }
    ratings
}

/// [`bradley_terry`] for results that come in correlated blocks: the ratings are the
/// fit over every block, and each interval is the 2.5th to 97.5th percentile of that
/// player's rating over `resamples` refits on blocks drawn with replacement (a
/// percentile bootstrap; ChaCha8 from `seed`, so the same results give the same
/// intervals).
///
/// Multi-player games need it: one game of N players gives N(N−1)/2 pairwise results
/// that are not independent (one blunder moves several), so the intervals the fit's
/// information matrix gives would be too narrow; a block is then one game's results.
/// A player with no games keeps (−∞, +∞).
pub fn bradley_terry_blocks(players: usize, blocks: &[Vec<PairResult>], resamples: usize, seed: u64) -> Vec<Rating> {
    use rand::{Rng, SeedableRng};
    let all: Vec<PairResult> = blocks.iter().flatten().copied().collect();
    let mut ratings = bradley_terry(players, &all);
    if blocks.is_empty() || resamples == 0 {
        return ratings;
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); players];
    let mut sample = Vec::with_capacity(all.len());
    for _ in 0..resamples {
        sample.clear();
        for _ in 0..blocks.len() {
            sample.extend_from_slice(&blocks[rng.random_range(0..blocks.len())]);
        }
        for (p, r) in bradley_terry(players, &sample).iter().enumerate() {
            // A player who played no game in this resample has no rating in it.
            if r.lower.is_finite() {
                draws[p].push(r.elo);
            }
        }
    }
    for (rating, mut d) in ratings.iter_mut().zip(draws) {
        if !rating.lower.is_finite() || d.len() < 2 {
            continue;
        }
        d.sort_by(f64::total_cmp);
        let at = |q: f64| d[((q * (d.len() - 1) as f64).round() as usize).min(d.len() - 1)];
        rating.lower = at(0.025).min(rating.elo);
        rating.upper = at(0.975).max(rating.elo);
    }
    ratings
}

/// Games between two active players: `points` scored by `i` in `n` games.
#[derive(Debug, Clone, Copy)]
struct Game {
    i: usize,
    j: usize,
    points: f64,
    n: f64,
}

/// Ratings in nats (mean 0) and their standard deviations (None if the information
/// matrix could not be inverted, which the prior should prevent).
struct Fit {
    theta: Vec<f64>,
    sd: Vec<Option<f64>>,
}

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `ln σ(x)`, accurate for large |x|.
fn ln_sigmoid(x: f64) -> f64 {
    if x >= 0.0 { -(-x).exp().ln_1p() } else { x - x.exp().ln_1p() }
}

/// The penalized log-likelihood (data plus one virtual draw per player against 0).
fn objective(theta: &[f64], games: &[Game]) -> f64 {
    let data: f64 = games
        .iter()
        .map(|g| {
            let d = theta[g.i] - theta[g.j];
            g.points * ln_sigmoid(d) + (g.n - g.points) * ln_sigmoid(-d)
        })
        .sum();
    let prior: f64 = theta.iter().map(|&t| 0.5 * ln_sigmoid(t) + 0.5 * ln_sigmoid(-t)).sum();
    data + prior
}

/// Gradient and negated Hessian (the observed information) of [`objective`].
fn derivatives(theta: &[f64], games: &[Game]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let m = theta.len();
    let mut grad = vec![0.0; m];
    let mut info = vec![vec![0.0; m]; m];
    for g in games {
        let p = sigmoid(theta[g.i] - theta[g.j]);
        let d = g.points - g.n * p;
        grad[g.i] += d;
        grad[g.j] -= d;
        let w = g.n * p * (1.0 - p);
        info[g.i][g.i] += w;
        info[g.j][g.j] += w;
        info[g.i][g.j] -= w;
        info[g.j][g.i] -= w;
    }
    for (k, &t) in theta.iter().enumerate() {
        let p = sigmoid(t);
        grad[k] += 0.5 - p;
        info[k][k] += p * (1.0 - p);
    }
    (grad, info)
}

/// The information matrix bordered by the mean-zero constraint:
/// `[[I, 1], [1ᵀ, 0]]`, of size m + 1.
fn bordered(info: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let m = info.len();
    let mut a: Vec<Vec<f64>> = info
        .iter()
        .map(|row| {
            let mut r = row.clone();
            r.push(1.0);
            r
        })
        .collect();
    let mut last = vec![1.0; m];
    last.push(0.0);
    a.push(last);
    a
}

fn fit_bradley_terry(m: usize, games: &[Game]) -> Fit {
    let mut theta = vec![0.0; m];
    for _ in 0..200 {
        let (grad, info) = derivatives(&theta, games);
        // Newton step within the mean-zero subspace: [[I, 1], [1ᵀ, 0]]·[Δ; λ] = [g; 0].
        let mut rhs = grad.clone();
        rhs.push(0.0);
        let Some(sol) = solve(bordered(&info), rhs) else { break };
        let step = &sol[..m];
        let current = objective(&theta, games);
        let slope: f64 = grad.iter().zip(step).map(|(g, s)| g * s).sum();
        // Backtracking line search (Armijo); the full step is taken near the optimum.
        let mut t = 1.0;
        let mut next = theta.clone();
        let mut improved = false;
        for _ in 0..60 {
            for ((n, th), s) in next.iter_mut().zip(&theta).zip(step) {
                *n = th + t * s;
            }
            if objective(&next, games) >= current + 1e-4 * t * slope {
                improved = true;
                break;
            }
            t *= 0.5;
        }
        if !improved {
            break;
        }
        let moved = step.iter().map(|s| (t * s).abs()).fold(0.0, f64::max);
        theta.clone_from(&next);
        if moved < 1e-12 {
            break;
        }
    }
    // Exact mean 0 (the steps keep it up to rounding).
    if m > 0 {
        let mean = theta.iter().sum::<f64>() / m as f64;
        theta.iter_mut().for_each(|t| *t -= mean);
    }
    let (_, info) = derivatives(&theta, games);
    let sd = match invert(bordered(&info)) {
        Some(cov) => (0..m).map(|k| (cov[k][k] > 0.0).then(|| cov[k][k].sqrt())).collect(),
        None => vec![None; m],
    };
    Fit { theta, sd }
}

/// Solves `a·x = b` by Gaussian elimination with partial pivoting; `None` if `a` is
/// (numerically) singular.
fn solve(a: Vec<Vec<f64>>, b: Vec<f64>) -> Option<Vec<f64>> {
    let x = solve_many(a, b.into_iter().map(|v| vec![v]).collect())?;
    Some(x.into_iter().map(|row| row[0]).collect())
}

/// The inverse of the square matrix `a`; `None` if singular.
fn invert(a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let identity = (0..n).map(|r| (0..n).map(|c| if r == c { 1.0 } else { 0.0 }).collect()).collect();
    solve_many(a, identity)
}

/// Solves `a·X = B` for a square `a` (n × n) and `B` given by rows (n × k), by
/// Gaussian elimination with partial pivoting: O(n³ + n²k). `None` if `a` is
/// (numerically) singular or the answer is not finite.
fn solve_many(mut a: Vec<Vec<f64>>, mut b: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    if b.len() != n || a.iter().any(|row| row.len() != n) {
        return None;
    }
    let scale = a.iter().flatten().fold(0.0f64, |s, v| s.max(v.abs())).max(f64::MIN_POSITIVE);
    for col in 0..n {
        let pivot = (col..n).max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))?;
        if a[pivot][col].abs() <= 1e-13 * scale {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (a_done, a_rest) = a.split_at_mut(col + 1);
        let (b_done, b_rest) = b.split_at_mut(col + 1);
        let (pivot_row, pivot_b) = (&a_done[col], &b_done[col]);
        for (row, b_row) in a_rest.iter_mut().zip(b_rest.iter_mut()) {
            let f = row[col] / pivot_row[col];
            if f != 0.0 {
                for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= f * p;
                }
                for (x, p) in b_row.iter_mut().zip(pivot_b) {
                    *x -= f * p;
                }
            }
        }
    }
    // Back substitution, all right-hand sides at once.
    for row in (0..n).rev() {
        let (b_head, b_tail) = b.split_at_mut(row + 1);
        let target = &mut b_head[row];
        for (k, solved) in (row + 1..n).zip(b_tail.iter()) {
            let coeff = a[row][k];
            for (x, s) in target.iter_mut().zip(solved) {
                *x -= coeff * s;
            }
        }
        for x in target.iter_mut() {
            *x /= a[row][row];
        }
    }
    b.iter().flatten().all(|v| v.is_finite()).then_some(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_score_known_values() {
        assert!(close(elo_from_score(0.75), 190.8485, 1e-3));
        assert!(close(elo_from_score(0.25), -190.8485, 1e-3));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(score_from_elo(190.8485), 0.75, 1e-6));
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
        for s in [0.01, 0.3, 0.5, 0.64, 0.99] {
            assert!(close(score_from_elo(elo_from_score(s)), s, 1e-12));
        }
    }

    #[test]
    fn elo_from_extreme_scores_is_large_but_finite() {
        let top = elo_from_score(1.0);
        let bottom = elo_from_score(0.0);
        assert!(top.is_finite() && bottom.is_finite());
        assert!(close(top, 2400.0, 1.0), "{top}");
        assert!(close(bottom, -2400.0, 1.0), "{bottom}");
        assert!(close(elo_from_score(2.0), top, 1e-9));
        assert_eq!(elo_from_score(f64::NAN), 0.0);
        assert_eq!(score_from_elo(f64::INFINITY), 1.0);
        assert_eq!(score_from_elo(f64::NEG_INFINITY), 0.0);
    }

    #[test]
    fn wdl_basics() {
        let mut w = Wdl { wins: 3, draws: 2, losses: 1 };
        assert_eq!(w.games(), 6);
        assert!(close(w.score(), 4.0 / 6.0, 1e-12));
        assert_eq!(w.swapped(), Wdl { wins: 1, draws: 2, losses: 3 });
        assert!(close(w.swapped().score(), 1.0 - w.score(), 1e-12));
        w.add(Wdl { wins: 1, draws: 0, losses: 4 });
        assert_eq!(w, Wdl { wins: 4, draws: 2, losses: 5 });
        assert_eq!(Wdl::default().score(), 0.5);
    }

    #[test]
    fn the_score_interval_is_wilsons() {
        // 50 of 100: 0.5 ± 0.0962 (Wilson); 20 of 20: [0.8389, 1], not a point.
        let (lo, hi) = Wdl { wins: 50, draws: 0, losses: 50 }.score_interval();
        assert!(close(lo, 0.4038, 1e-4) && close(hi, 0.5962, 1e-4), "{lo} {hi}");
        let (lo, hi) = Wdl { wins: 20, draws: 0, losses: 0 }.score_interval();
        assert!(close(lo, 0.8389, 1e-4) && hi == 1.0, "{lo} {hi}");
        // Draws count half: 10 draws score like 5 wins of 10.
        assert_eq!(
            Wdl { wins: 0, draws: 10, losses: 0 }.score_interval(),
            Wdl { wins: 5, draws: 0, losses: 5 }.score_interval()
        );
        assert_eq!(Wdl::default().score_interval(), (0.0, 1.0));
    }

    #[test]
    fn pentanomial_pairs_and_swap() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0); // 2 points
        p.add_pair(1.0, 0.5); // 1.5
        p.add_pair(0.5, 1.0); // 1.5
        p.add_pair(1.0, 0.0); // 1
        p.add_pair(0.5, 0.5); // 1
        p.add_pair(0.0, 0.5); // 0.5
        p.add_pair(0.0, 0.0); // 0
        assert_eq!(p.counts, [1, 1, 2, 2, 1]);
        assert_eq!(p.pairs(), 7);
        assert_eq!(p.swapped().counts, [1, 2, 2, 1, 1]);
        assert!(close(p.score(), 0.5 + 0.5 / 14.0, 1e-12));
        // Out-of-range scores are clamped and rounded, never out of bounds.
        p.add_pair(7.0, f64::NAN);
        assert_eq!(p.counts[3], 3);
        p.add_pair(-1.0, 0.2);
        assert_eq!(p.counts[0], 2);
    }

    #[test]
    fn trinomial_worked_example() {
        // W=60 D=20 L=20, n=100: x̄ = (60 + 10)/100 = 0.7.
        // σ² = (60·0.3² + 20·0.2² + 20·0.7²)/100 = (5.4 + 0.8 + 9.8)/100 = 0.16.
        // se = √(0.16/100) = 0.04; half width 1.959964·0.04 = 0.0783986.
        // Elo(0.7) = −400·log10(3/7) = 147.19;
        // Elo(0.6216014) = 86.23; Elo(0.7783986) = 218.25.
        let e = trinomial_elo(&Wdl { wins: 60, draws: 20, losses: 20 }).unwrap();
        assert!(close(e.elo, 147.19, 0.01), "{e:?}");
        assert!(close(e.lower, 86.23, 0.01), "{e:?}");
        assert!(close(e.upper, 218.25, 0.01), "{e:?}");
        // The other side's view mirrors it.
        let m = trinomial_elo(&Wdl { wins: 20, draws: 20, losses: 60 }).unwrap();
        assert!(close(m.elo, -e.elo, 1e-9) && close(m.lower, -e.upper, 1e-9) && close(m.upper, -e.lower, 1e-9));
        assert_eq!(trinomial_elo(&Wdl::default()), None);
    }

    #[test]
    fn trinomial_without_variance_is_a_point() {
        let e = trinomial_elo(&Wdl { wins: 0, draws: 10, losses: 0 }).unwrap();
        assert_eq!(e, EloInterval { elo: 0.0, lower: 0.0, upper: 0.0 });
        let all = trinomial_elo(&Wdl { wins: 10, draws: 0, losses: 0 }).unwrap();
        assert!(all.elo.is_finite() && all.lower.is_finite() && all.upper.is_finite());
    }

    #[test]
    fn pentanomial_worked_example() {
        // counts [2, 10, 20, 13, 5], 50 pairs, per-pair scores 0, ¼, ½, ¾, 1.
        // x̄ = (10·0.25 + 20·0.5 + 13·0.75 + 5)/50 = 27.25/50 = 0.545.
        // σ² = (2·0.545² + 10·0.295² + 20·0.045² + 13·0.205² + 5·0.455²)/50 = 0.061725.
        // se = √(0.061725/50) = 0.0351355; half width 0.0688642.
        // Elo(0.545) = 31.35; Elo(0.4761358) = −16.60; Elo(0.6138642) = 80.53.
        let e = pentanomial_elo(&Pentanomial { counts: [2, 10, 20, 13, 5] }).unwrap();
        assert!(close(e.elo, 31.35, 0.01), "{e:?}");
        assert!(close(e.lower, -16.60, 0.01), "{e:?}");
        assert!(close(e.upper, 80.53, 0.01), "{e:?}");
        assert_eq!(pentanomial_elo(&Pentanomial::default()), None);
    }

    #[test]
    fn pairing_narrows_the_interval_when_openings_matter() {
        // 40 pairs of a win and a loss (the opening decided), 5 of win+draw and 5 of
        // loss+draw: the pairs barely vary, while the same 100 games unpaired
        // (45 wins, 10 draws, 45 losses) look like coin flips.
        let paired = Pentanomial { counts: [0, 5, 40, 5, 0] };
        let games = Wdl { wins: 45, draws: 10, losses: 45 };
        let p = pentanomial_elo(&paired).unwrap();
        let t = trinomial_elo(&games).unwrap();
        assert!(p.upper - p.lower < t.upper - t.lower);
    }

    #[test]
    fn los_values() {
        assert_eq!(los(&Wdl { wins: 7, draws: 3, losses: 7 }), 0.5);
        assert_eq!(los(&Wdl { wins: 0, draws: 9, losses: 0 }), 0.5);
        // W=60, L=40: Φ(20/10) = Φ(2) = 0.977250.
        assert!(close(los(&Wdl { wins: 60, draws: 100, losses: 40 }), 0.977250, 1e-6));
        assert!(close(los(&Wdl { wins: 40, draws: 0, losses: 60 }), 1.0 - 0.977250, 1e-6));
        assert!(los(&Wdl { wins: 1000, draws: 0, losses: 0 }) > 0.999_999);
    }

    #[test]
    fn binomial_upper_tails_by_hand() {
        // Three fair coins: P(3 heads) = 1/8, P(2 or more) = 1/2, P(1 or more) = 7/8.
        assert!(close(binomial_upper_tail(3, 3, 0.5), 0.125, 1e-12));
        assert!(close(binomial_upper_tail(2, 3, 0.5), 0.5, 1e-12));
        assert!(close(binomial_upper_tail(1, 3, 0.5), 0.875, 1e-12));
        assert_eq!(binomial_upper_tail(0, 3, 0.5), 1.0);
        assert_eq!(binomial_upper_tail(4, 3, 0.5), 0.0);
        // 5 of 5 fair coins: 1/32 < 0.05; 9 of 10: 11/1024.
        assert!(close(binomial_upper_tail(5, 5, 0.5), 1.0 / 32.0, 1e-12));
        assert!(close(binomial_upper_tail(9, 10, 0.5), 11.0 / 1024.0, 1e-12));
        // p = 0.2, 2 of 4: 1 - 0.8^4 - 4·0.2·0.8^3 = 0.1808.
        assert!(close(binomial_upper_tail(2, 4, 0.2), 0.1808, 1e-12));
        // Many trials do not underflow: 5000 of 10000 fair coins is just over a half.
        let half = binomial_upper_tail(5000, 10_000, 0.5);
        assert!(half > 0.5 && half < 0.51, "{half}");
    }

    #[test]
    fn normal_cdf_known_values() {
        assert!(close(normal_cdf(0.0), 0.5, 1e-15));
        assert!(close(normal_cdf(1.0), 0.841_344_746_068_543, 1e-12));
        assert!(close(normal_cdf(Z95), 0.975, 1e-7));
        assert!(close(normal_cdf(-3.0), 0.001_349_898_031_630_1, 1e-12));
        assert_eq!(normal_cdf(40.0), 1.0);
        assert_eq!(normal_cdf(-40.0), 0.0);
    }

    #[test]
    fn sprt_validation() {
        assert!(Sprt::new(0.0, 10.0, 0.05, 0.05).is_ok());
        let e = Sprt::new(10.0, 10.0, 0.05, 0.05).unwrap_err();
        assert!(e.contains("elo0") && e.contains("elo1"), "{e}");
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).unwrap_err().contains("alpha"));
        assert!(Sprt::new(0.0, 10.0, 0.05, 1.0).unwrap_err().contains("beta"));
        assert!(Sprt::new(0.0, 10.0, 0.6, 0.5).unwrap_err().contains("alpha + beta"));
        assert!(Sprt::new(f64::NAN, 10.0, 0.05, 0.05).unwrap_err().contains("elo0"));
        assert!(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05).unwrap_err().contains("elo1"));
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, upper) = s.bounds();
        assert!(close(lower, -2.944, 1e-3) && close(upper, 2.944, 1e-3));
        assert_eq!(s.verdict(0.0), SprtVerdict::Continue);
        assert_eq!(s.verdict(3.0), SprtVerdict::AcceptH1);
        assert_eq!(s.verdict(-3.0), SprtVerdict::AcceptH0);
        assert_eq!(s.verdict(f64::NAN), SprtVerdict::Continue);
        let asym = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap().bounds();
        assert!(close(asym.0, (0.1f64 / 0.95).ln(), 1e-12) && close(asym.1, 18f64.ln(), 1e-12));
    }

    #[test]
    fn sprt_llr_formula() {
        // counts [2, 10, 20, 13, 5] plus the prior (0.2 per outcome): 51 pairs,
        // x̄ = 27.75/51 = 0.5441176, σ² = 0.0630046; s0 = 0.5, s1 = 0.5143872;
        // LLR = 51·0.0143872·(1.0882353 − 1.0143872)/(2·0.0630046) = 0.4300.
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = s.llr(&Pentanomial { counts: [2, 10, 20, 13, 5] });
        assert!(close(llr, 0.4300, 1e-4), "{llr}");
        assert_eq!(s.llr(&Pentanomial { counts: [0, 0, 0, 0, 1] }), 0.0);
        assert_eq!(s.llr(&Pentanomial::default()), 0.0);
        assert_eq!(s.llr_trinomial(&Wdl { wins: 1, draws: 0, losses: 0 }), 0.0);
    }

    #[test]
    fn sprt_accepts_h1_on_clearly_winning_data() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        // 55% with moderate spread, 400 pairs.
        let p = Pentanomial { counts: [10, 60, 150, 120, 60] };
        let llr = s.llr(&p);
        assert_eq!(s.verdict(llr), SprtVerdict::AcceptH1, "{llr}");
        // Swapped, the same evidence is against H1.
        assert_eq!(s.verdict(s.llr(&p.swapped())), SprtVerdict::AcceptH0);
        let w = Wdl { wins: 500, draws: 200, losses: 300 };
        assert_eq!(s.verdict(s.llr_trinomial(&w)), SprtVerdict::AcceptH1);
        assert_eq!(s.verdict(s.llr_trinomial(&w.swapped())), SprtVerdict::AcceptH0);
    }

    #[test]
    fn sprt_on_a_sweep_reaches_h1_quickly_but_not_at_once() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = |n| s.llr(&Pentanomial { counts: [0, 0, 0, 0, n] });
        assert_eq!(s.verdict(llr(2)), SprtVerdict::Continue, "{}", llr(2));
        assert_eq!(s.verdict(llr(30)), SprtVerdict::AcceptH1, "{}", llr(30));
        let w = |n| s.llr_trinomial(&Wdl { wins: n, draws: 0, losses: 0 });
        assert_eq!(s.verdict(w(3)), SprtVerdict::Continue, "{}", w(3));
        assert_eq!(s.verdict(w(100)), SprtVerdict::AcceptH1, "{}", w(100));
    }

    #[test]
    fn sprt_on_even_data_continues_then_accepts_h0() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let even = |k: u64| Pentanomial { counts: [5 * k, 20 * k, 50 * k, 20 * k, 5 * k] };
        // Per pair the LLR drifts by about −0.0144²/(2·0.05) = −0.00207.
        let short = s.llr(&even(1));
        assert!(short < 0.0);
        assert_eq!(s.verdict(short), SprtVerdict::Continue, "{short}");
        let long = s.llr(&even(20));
        assert!(close(long, -2000.0 * 0.014_387_184 * 0.014_387_184 / 0.1, 0.01), "{long}");
        assert_eq!(s.verdict(long), SprtVerdict::AcceptH0, "{long}");
        let mut llrs = (1..=20).map(|k| s.llr(&even(k)));
        assert!(llrs.all(|l| l < 0.0));
    }

    /// Synthetic results of `n` games per pair from true ratings: the stronger side's
    /// expected points, split into wins and draws (`draw_share` of the games drawn).
    fn synthetic(truth: &[f64], n: u64, draw_share: f64) -> Vec<PairResult> {
        let mut out = Vec::new();
        for a in 0..truth.len() {
            for b in a + 1..truth.len() {
                let points = score_from_elo(truth[a] - truth[b]) * n as f64;
                // At most as many drawn games as the weaker side's points allow.
                let draws = (draw_share * n as f64).min(2.0 * (n as f64 - points)).round() as u64;
                let wins = (points - 0.5 * draws as f64).round() as u64;
                let losses = n - wins - draws;
                out.push(PairResult { a, b, wdl: Wdl { wins, draws, losses } });
            }
        }
        out
    }

    #[test]
    fn bradley_terry_recovers_known_ratings() {
        let truth = [200.0, 0.0, -200.0];
        for draw_share in [0.0, 0.3] {
            let r = bradley_terry(3, &synthetic(&truth, 2000, draw_share));
            assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
            for (got, want) in r.iter().zip(truth) {
                assert!(close(got.elo, want, 3.0), "{r:?}");
                assert!(got.lower < got.elo && got.elo < got.upper);
                assert!(got.upper - got.lower < 40.0, "{r:?}");
            }
            assert!(close(r.iter().map(|x| x.elo).sum::<f64>(), 0.0, 1e-6));
        }
    }

    #[test]
    fn bradley_terry_order_does_not_depend_on_listing() {
        let truth = [-50.0, 150.0, 0.0, -100.0];
        let mut results = synthetic(&truth, 400, 0.2);
        for r in results.iter_mut().step_by(2) {
            *r = PairResult { a: r.b, b: r.a, wdl: r.wdl.swapped() };
        }
        let r = bradley_terry(4, &results);
        let mut order: Vec<usize> = (0..4).collect();
        order.sort_by(|&x, &y| r[y].elo.total_cmp(&r[x].elo));
        assert_eq!(order, [1, 2, 0, 3], "{r:?}");
        for (got, want) in r.iter().zip(truth) {
            assert!(close(got.elo, want, 6.0), "{r:?}");
        }
    }

    #[test]
    fn bradley_terry_interval_matches_the_two_player_delta_method() {
        // Two players, 1000 games at 76%: the difference has sd √(1/(n·p(1−p))) nats;
        // with mean 0 each rating is ±diff/2, so each half width is half the pair's.
        let r = bradley_terry(2, &[PairResult { a: 0, b: 1, wdl: Wdl { wins: 760, draws: 0, losses: 240 } }]);
        let diff_half = Z95 / (1000.0f64 * 0.76 * 0.24).sqrt() / ELO_NAT;
        let half = (r[0].upper - r[0].lower) / 2.0;
        assert!(close(half, diff_half / 2.0, 0.02 * diff_half), "{half} vs {}", diff_half / 2.0);
        assert!(close(r[0].elo - r[1].elo, elo_from_score(0.76), 2.0), "{r:?}");
    }

    #[test]
    fn bradley_terry_all_wins_stays_finite() {
        // Player 0 won all 10 games against 1 and 2; 1 and 2 drew with each other.
        let results = [
            PairResult { a: 0, b: 1, wdl: Wdl { wins: 10, draws: 0, losses: 0 } },
            PairResult { a: 2, b: 0, wdl: Wdl { wins: 0, draws: 0, losses: 10 } },
            PairResult { a: 1, b: 2, wdl: Wdl { wins: 0, draws: 10, losses: 0 } },
        ];
        let r = bradley_terry(3, &results);
        for x in &r {
            assert!(x.elo.is_finite() && x.lower.is_finite() && x.upper.is_finite(), "{r:?}");
        }
        assert!(r[0].elo > 200.0 && r[0].elo < 1500.0, "{r:?}");
        assert!(close(r[1].elo, r[2].elo, 1e-6), "{r:?}");
    }

    #[test]
    fn bradley_terry_players_without_games() {
        let results = [
            PairResult { a: 0, b: 2, wdl: Wdl { wins: 6, draws: 2, losses: 2 } },
            PairResult { a: 0, b: 9, wdl: Wdl { wins: 6, draws: 2, losses: 2 } }, // no player 9: ignored
            PairResult { a: 2, b: 2, wdl: Wdl { wins: 6, draws: 2, losses: 2 } }, // self-play: ignored
        ];
        let r = bradley_terry(4, &results);
        assert_eq!(r.len(), 4);
        for idle in [1, 3] {
            assert_eq!(r[idle].elo, 0.0);
            assert_eq!((r[idle].lower, r[idle].upper), (f64::NEG_INFINITY, f64::INFINITY));
        }
        assert!(r[0].elo > 0.0 && close(r[0].elo, -r[2].elo, 1e-9), "{r:?}");
        assert!(r[0].lower.is_finite() && r[0].upper.is_finite());
        assert!(bradley_terry(0, &[]).is_empty());
        let none = bradley_terry(2, &[]);
        assert!(none.iter().all(|x| x.elo == 0.0 && x.upper == f64::INFINITY));
    }

    #[test]
    fn linear_solver() {
        let a = vec![vec![0.0, 2.0, 1.0], vec![1.0, 1.0, 0.0], vec![3.0, 0.0, 1.0]];
        let x = solve(a.clone(), vec![5.0, 3.0, 6.0]).unwrap();
        for (row, b) in a.iter().zip([5.0, 3.0, 6.0]) {
            assert!(close(row.iter().zip(&x).map(|(p, q)| p * q).sum::<f64>(), b, 1e-12));
        }
        assert!(solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]).is_none());
        let inv = invert(a.clone()).unwrap();
        for (r, row) in a.iter().enumerate() {
            for c in 0..3 {
                let v: f64 = (0..3).map(|k| row[k] * inv[k][c]).sum();
                assert!(close(v, if r == c { 1.0 } else { 0.0 }, 1e-12), "{inv:?}");
            }
        }
    }

    #[test]
    fn block_bootstrap_separates_a_strong_player_and_not_equal_ones() {
        let wdl = |wins, draws, losses| Wdl { wins, draws, losses };
        // Player 0 beats 1 and 2 about three games in four; 1 and 2 are even. Blocks
        // differ, as openings do.
        let blocks: Vec<Vec<PairResult>> = (0..40u64)
            .map(|k| {
                let won = 2 + u64::from(k % 3 != 0);
                vec![
                    PairResult { a: 0, b: 1, wdl: wdl(won, 0, 4 - won) },
                    PairResult { a: 0, b: 2, wdl: wdl(won, 0, 4 - won) },
                    PairResult { a: 1, b: 2, wdl: wdl(k % 5, 0, 4 - k % 5) },
                ]
            })
            .collect();
        let r = bradley_terry_blocks(4, &blocks, 300, 1);
        assert!(r[0].lower > 0.0, "{:?}", r[0]);
        assert!(r[1].lower < r[1].elo && r[1].elo < r[1].upper, "{:?}", r[1]);
        assert!(r[2].upper > r[1].lower, "equal players overlap: {r:?}");
        assert_eq!((r[3].lower, r[3].upper), (f64::NEG_INFINITY, f64::INFINITY), "no games");
        assert_eq!(r, bradley_terry_blocks(4, &blocks, 300, 1), "the seed fixes the intervals");
        let point = bradley_terry(4, &blocks.concat());
        assert!((0..4).all(|p| r[p].elo == point[p].elo));
    }
}

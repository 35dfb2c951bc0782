//! The seeds of a game's moves: SplitMix64 ([`mix`]) and the search seed of each move
//! ([`move_seed`]), which `fray play`'s bot and a tournament's bots both derive from
//! their game's seed.

/// SplitMix64: a well-mixed 64-bit value from `x`.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The search seed of move `move_number` (0-based count of actions so far) of the
/// game seeded `seed`; `salt` separates the bot's searches from hints.
pub fn move_seed(seed: u64, move_number: u64, salt: u64) -> u64 {
    mix(seed ^ mix(move_number.wrapping_add(salt.wrapping_mul(0x1_0000_0000))))
}

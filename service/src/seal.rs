//! Sealed states: the whole game state, encrypted and authenticated by the server and
//! bound to one seat, so that a client who stands for one player can hold the game the
//! stateless service needs back on the next call without reading the cards its seat may
//! not see, or changing any of them.
//!
//! A sealed state is ChaCha20-Poly1305 (ring's AEAD) over the state's protobuf
//! encoding, under a key of the server's: `FRS1`, the key's id (its length in one byte,
//! then its bytes), the seat (one byte), a random 96-bit nonce, then the ciphertext and
//! its tag. Everything before the nonce is authenticated with it, so a state cannot be
//! moved to another seat or another key. Keys come from `--seal-key-file` (one
//! `ID BASE64` line each, 32 bytes of key; the last line seals, every line opens, so a
//! new key is added at the end and old ones removed once their states are no longer in
//! play), or, without it, one random key for the process (the embedded server of `fray
//! play`): its sealed states open only on that process. Random nonces keep a key safe
//! for about 2^32 seals; rotate well before (docs/api.md).
//!
//! Nothing here writes a key anywhere: [`SealKeys`]' `Debug` names only the ids.

use std::fmt;

use base64::Engine as _;
use fray_proto::fray::v1 as pb;
use prost::Message as _;
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};
use thiserror::Error;

/// What every sealed state starts with (format 1).
const MAGIC: &[u8; 4] = b"FRS1";

/// A key's length, in bytes.
pub const KEY_LEN: usize = 32;

/// A key id's longest length, in bytes (it travels in every sealed state).
const MAX_ID_LEN: usize = 64;

/// The keys of one server: they open every state sealed with any of them, and seal
/// with the last.
#[derive(Clone, PartialEq, Eq)]
pub struct SealKeys {
    /// (id, key bytes), the sealing one last.
    keys: Vec<(String, [u8; KEY_LEN])>,
}

impl fmt::Debug for SealKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|(id, _)| id.as_str()).collect();
        f.debug_struct("SealKeys").field("ids", &ids).finish_non_exhaustive()
    }
}

/// Why a key file was refused: each names the line.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum KeyFileError {
    /// A line is not `ID BASE64`.
    #[error("line {line}: expected `ID BASE64` (a key id and a 32-byte key in base64), found {found} word(s)")]
    Shape {
        /// The line's number, from 1.
        line: usize,
        /// How many words it has.
        found: usize,
    },
    /// An id is too long or holds other characters than letters, digits, `.`, `-`, `_`.
    #[error("line {line}: the key id must be 1 to {MAX_ID_LEN} letters, digits, `.`, `-` or `_`")]
    Id {
        /// The line's number, from 1.
        line: usize,
    },
    /// Two lines name the same id.
    #[error("line {line}: the key id {id:?} is already used on line {first}")]
    Duplicate {
        /// The line's number, from 1.
        line: usize,
        /// The id.
        id: String,
        /// The first line that names it.
        first: usize,
    },
    /// A key is not 32 bytes of base64.
    #[error("line {line}: the key must be 32 bytes in base64 (e.g. `head -c 32 /dev/urandom | base64`): {why}")]
    Key {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The file names no key.
    #[error("the file holds no key (one `ID BASE64` line each; `#` starts a comment)")]
    Empty,
}

impl SealKeys {
    /// Keys from the text of a key file: one `ID BASE64` line per key, blank lines and
    /// `#` comments skipped; the last key seals.
    pub fn parse(text: &str) -> Result<Self, KeyFileError> {
        let mut keys: Vec<(String, [u8; KEY_LEN])> = Vec::new();
        let mut lines_of: Vec<usize> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let words: Vec<&str> = content.split_whitespace().collect();
            let [id, key] = words[..] else { return Err(KeyFileError::Shape { line, found: words.len() }) };
            let valid_id = !id.is_empty()
                && id.len() <= MAX_ID_LEN
                && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
            if !valid_id {
                return Err(KeyFileError::Id { line });
            }
            if let Some(at) = keys.iter().position(|(known, _)| known == id) {
                return Err(KeyFileError::Duplicate { line, id: id.to_owned(), first: lines_of[at] });
            }
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(key)
                .map_err(|e| KeyFileError::Key { line, why: e.to_string() })?;
            let key: [u8; KEY_LEN] = bytes
                .try_into()
                .map_err(|b: Vec<u8>| KeyFileError::Key { line, why: format!("it is {} bytes", b.len()) })?;
            keys.push((id.to_owned(), key));
            lines_of.push(line);
        }
        if keys.is_empty() {
            return Err(KeyFileError::Empty);
        }
        Ok(Self { keys })
    }

    /// One random key for this process alone, with a random id (`process-` and 16 hex
    /// digits), so that states it sealed are told apart from another process's.
    pub fn random() -> Self {
        let rng = SystemRandom::new();
        let mut key = [0u8; KEY_LEN];
        let mut id = [0u8; 8];
        // The system's random source failing is not a state the server can serve in.
        #[allow(clippy::expect_used)]
        {
            rng.fill(&mut key).expect("the system's random source");
            rng.fill(&mut id).expect("the system's random source");
        }
        let id = id.iter().map(|b| format!("{b:02x}")).collect::<String>();
        Self { keys: vec![(format!("process-{id}"), key)] }
    }

    /// The ids of the keys, the sealing one last.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().map(|(id, _)| id.as_str())
    }
}

/// Why a sealed state did not open: each is INVALID_ARGUMENT at the field that carried
/// it, in these words.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum OpenError {
    /// It does not start as a sealed state does.
    #[error("is not a sealed state (it does not start with `FRS1`): send back the blob an answer gave, unchanged")]
    NotSealed,
    /// It ends before its parts do.
    #[error("is cut short: {0} bytes, too few for a sealed state's parts; send back the whole blob")]
    Truncated(usize),
    /// Its key is not one of this server's.
    #[error(
        "was sealed with the key {0:?}, which this server does not hold: it was sealed by another server (or a \
         process since restarted), or its key was retired"
    )]
    UnknownKey(String),
    /// It does not authenticate: changed, or sealed for another seat or key.
    #[error(
        "does not open: it was changed after it was sealed (a byte flipped, its seat or key id edited), or it was \
         sealed by another server with a key of the same id"
    )]
    Forged,
    /// It opened but its state does not decode (a server's bug, or a stolen key).
    #[error("opened, but its state does not decode: {0}")]
    Undecodable(String),
}

/// Seals and opens states with one server's keys.
pub struct Sealer {
    /// (id, key), the sealing one last.
    keys: Vec<(String, LessSafeKey)>,
    rng: SystemRandom,
    /// What a sealed game's deal is mixed with ([`Sealer::deal_seed`]): a key derived
    /// from the sealing key, or none to deal from the seed alone
    /// ([`Sealer::dealing_from_seeds`]).
    deal_key: Option<hmac::Key>,
}

impl fmt::Debug for Sealer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|(id, _)| id.as_str()).collect();
        f.debug_struct("Sealer").field("ids", &ids).finish_non_exhaustive()
    }
}

/// A sealer with one random key of its own ([`SealKeys::random`]).
impl Default for Sealer {
    fn default() -> Self {
        Self::new(&SealKeys::random())
    }
}

impl Sealer {
    /// A sealer with `keys`.
    pub fn new(given: &SealKeys) -> Self {
        let keys = given
            .keys
            .iter()
            .filter_map(|(id, key)| {
                let key = UnboundKey::new(&CHACHA20_POLY1305, key).ok()?;
                Some((id.clone(), LessSafeKey::new(key)))
            })
            .collect();
        // The deal key is the sealing key's HMAC of a label, so it is never the AEAD key.
        let deal_key = given.keys.last().map(|(_, key)| {
            let derived = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, key), b"fray.v1 sealed deal");
            hmac::Key::new(hmac::HMAC_SHA256, derived.as_ref())
        });
        Self { keys, rng: SystemRandom::new(), deal_key }
    }

    /// The seed a game sealed for `seat` is dealt from, for a request's `seed`: the
    /// seed mixed with a key of the sealing key's and the seat, which no client knows.
    /// Were the deal the seed alone, a client could deal the same game plain and read
    /// every card; were it the same for every seat, a client could ask for each seat's
    /// view of one game. The same request deals the same game on servers that share a
    /// sealing key (replicas, a replay checked later); a new key deals new games.
    pub fn deal_seed(&self, seed: u64, seat: u32) -> u64 {
        let Some(key) = &self.deal_key else { return seed };
        let mut message = [0u8; 12];
        message[..8].copy_from_slice(&seed.to_le_bytes());
        message[8..].copy_from_slice(&seat.to_le_bytes());
        let tag = hmac::sign(key, &message);
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&tag.as_ref()[..8]);
        u64::from_le_bytes(bytes)
    }

    /// This sealer, dealing sealed games from their seed alone (its
    /// [`Sealer::deal_seed`] is the seed): for a server one person uses
    /// ([`crate::ServerConfig::sealed_deals_from_seed`]).
    pub fn dealing_from_seeds(self) -> Self {
        Self { deal_key: None, ..self }
    }

    /// `state`, sealed for `seat` with the newest key.
    pub fn seal(&self, state: &pb::GameState, seat: u8) -> Vec<u8> {
        let Some((id, key)) = self.keys.last() else { return Vec::new() };
        let mut blob = Vec::with_capacity(MAGIC.len() + 2 + id.len() + NONCE_LEN + state.encoded_len() + 16);
        blob.extend_from_slice(MAGIC);
        blob.push(u8::try_from(id.len()).unwrap_or(u8::MAX));
        blob.extend_from_slice(id.as_bytes());
        blob.push(seat);
        let header = blob.len();
        let mut nonce = [0u8; NONCE_LEN];
        // The system's random source failing is not a state the server can serve in.
        #[allow(clippy::expect_used)]
        self.rng.fill(&mut nonce).expect("the system's random source");
        blob.extend_from_slice(&nonce);
        let mut sealed = state.encode_to_vec();
        // ChaCha20-Poly1305 fails only on a message over 256 GB.
        #[allow(clippy::expect_used)]
        key.seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(&blob[..header]), &mut sealed)
            .expect("a state under 256 GB");
        blob.extend_from_slice(&sealed);
        blob
    }

    /// Opens `blob`: the seat it is bound to and the state.
    pub fn open(&self, blob: &[u8]) -> Result<(u8, pb::GameState), OpenError> {
        let rest = blob.strip_prefix(MAGIC.as_slice()).ok_or(OpenError::NotSealed)?;
        let (&id_len, rest) = rest.split_first().ok_or(OpenError::Truncated(blob.len()))?;
        let id_len = usize::from(id_len);
        if rest.len() < id_len + 1 + NONCE_LEN + CHACHA20_POLY1305.tag_len() {
            return Err(OpenError::Truncated(blob.len()));
        }
        let (id, rest) = rest.split_at(id_len);
        let (&seat, rest) = rest.split_first().ok_or(OpenError::Truncated(blob.len()))?;
        let (nonce, sealed) = rest.split_at(NONCE_LEN);
        let id = String::from_utf8_lossy(id);
        let key = self.keys.iter().find(|(known, _)| *known == id).map(|(_, key)| key);
        let key = key.ok_or_else(|| OpenError::UnknownKey(id.into_owned()))?;
        let header = MAGIC.len() + 1 + id_len + 1;
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| OpenError::Truncated(blob.len()))?;
        let mut opened = sealed.to_vec();
        let plain = key.open_in_place(nonce, Aad::from(&blob[..header]), &mut opened).map_err(|_| OpenError::Forged)?;
        let state = pb::GameState::decode(&plain[..]).map_err(|e| OpenError::Undecodable(e.to_string()))?;
        Ok((seat, state))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn keys(lines: &str) -> SealKeys {
        SealKeys::parse(lines).unwrap()
    }

    const A: &str = "a AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    const B: &str = "b HxodHBsaGRgXFhUUExIREA8ODQwLCgkIBwYFBAMCAQA=";

    fn state() -> pb::GameState {
        pb::GameState { ruleset: pb::Ruleset::Egame as i32, turn: 3, ..Default::default() }
    }

    #[test]
    fn a_sealed_state_opens_to_its_seat_and_state() {
        let sealer = Sealer::new(&keys(A));
        let blob = sealer.seal(&state(), 1);
        assert_eq!(sealer.open(&blob).unwrap(), (1, state()));
        // Two seals of one state differ (a fresh nonce each).
        assert_ne!(blob, sealer.seal(&state(), 1));
    }

    #[test]
    fn every_byte_flipped_or_cut_is_refused() {
        let sealer = Sealer::new(&keys(A));
        let blob = sealer.seal(&state(), 0);
        for i in 0..blob.len() {
            let mut bad = blob.clone();
            bad[i] ^= 0x01;
            assert!(sealer.open(&bad).is_err(), "byte {i} flipped opened");
        }
        for n in 0..blob.len() {
            assert!(sealer.open(&blob[..n]).is_err(), "cut to {n} bytes opened");
        }
        assert_eq!(sealer.open(b"{}"), Err(OpenError::NotSealed));
        // The seat byte: moving a state to another seat is a forgery.
        let mut other_seat = blob.clone();
        other_seat[MAGIC.len() + 2] = 1;
        assert_eq!(sealer.open(&other_seat), Err(OpenError::Forged));
    }

    #[test]
    fn rotation_seals_with_the_last_key_and_opens_with_any() {
        let old = Sealer::new(&keys(A));
        let both = Sealer::new(&keys(&format!("{A}\n{B}\n")));
        let new = Sealer::new(&keys(B));
        let sealed_old = old.seal(&state(), 0);
        let sealed_both = both.seal(&state(), 0);
        assert!(both.open(&sealed_old).is_ok(), "an old key still opens");
        assert!(new.open(&sealed_both).is_ok(), "the new key seals");
        assert_eq!(new.open(&sealed_old), Err(OpenError::UnknownKey("a".into())));
        // Another server's key of the same id does not open it.
        let impostor = Sealer::new(&keys("b AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="));
        assert_eq!(impostor.open(&sealed_both), Err(OpenError::Forged));
    }

    #[test]
    fn a_key_file_names_the_line_of_each_problem() {
        assert_eq!(SealKeys::parse("# none\n\n"), Err(KeyFileError::Empty));
        assert_eq!(SealKeys::parse("a"), Err(KeyFileError::Shape { line: 1, found: 1 }));
        assert_eq!(SealKeys::parse(&format!("{A}\nbad/id QUJD")), Err(KeyFileError::Id { line: 2 }));
        assert!(matches!(SealKeys::parse("a QUJD"), Err(KeyFileError::Key { line: 1, .. })));
        assert!(matches!(SealKeys::parse("a !!"), Err(KeyFileError::Key { line: 1, .. })));
        assert_eq!(
            SealKeys::parse(&format!("{A}\n# rotated\n{A}")),
            Err(KeyFileError::Duplicate { line: 3, id: "a".into(), first: 1 })
        );
        let parsed = keys(&format!("{A} # the old one\n{B}"));
        assert_eq!(parsed.ids().collect::<Vec<_>>(), ["a", "b"]);
        assert!(!format!("{parsed:?}").contains("AAEC"), "Debug shows no key");
        assert!(SealKeys::random().ids().next().unwrap().starts_with("process-"));
    }

    #[test]
    fn a_sealed_deal_depends_on_the_seed_the_seat_and_the_key_unless_dealt_from_seeds() {
        let (a, b) = (Sealer::new(&keys(A)), Sealer::new(&keys("b AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")));
        assert_eq!(a.deal_seed(7, 0), Sealer::new(&keys(A)).deal_seed(7, 0), "one key, one deal");
        assert_ne!(a.deal_seed(7, 0), 7);
        assert_ne!(a.deal_seed(7, 0), a.deal_seed(7, 1));
        assert_ne!(a.deal_seed(7, 0), a.deal_seed(8, 0));
        assert_ne!(a.deal_seed(7, 0), b.deal_seed(7, 0));
        assert_eq!(a.dealing_from_seeds().deal_seed(7, 1), 7);
    }
}

//! Statuses small enough for every client. A status travels in the response's headers
//! (`grpc-message` percent-encoded, `grpc-status-details-bin` in base64) and clients
//! cap the headers they read at 8-16 KB: grpcio, for one, reports a larger status as
//! RESOURCE_EXHAUSTED ("metadata size exceeds..."), which tells a client to retry
//! elsewhere. So a status message is cut at [`MAX_MESSAGE_BYTES`], each text of a
//! detail at [`MAX_DETAIL_TEXT_BYTES`], and the details at [`MAX_DETAIL_BYTES`] in all;
//! what is left out is counted in the message. Worst case on the wire: 3 x 1 KiB of
//! percent-encoded message plus 4/3 x 3 KiB of base64 details, under 8 KB.

use std::fmt::Write as _;

use fray_core::Violation;

/// The longest status message, in bytes (before percent-encoding).
pub const MAX_MESSAGE_BYTES: usize = 1024;
/// The longest field path or description in a detail, in bytes.
pub const MAX_DETAIL_TEXT_BYTES: usize = 256;
/// The most bytes of field paths and descriptions in one status's details.
pub const MAX_DETAIL_BYTES: usize = 3072;
/// At most this many violations travel in the BadRequest detail (and no more than
/// [`MAX_DETAIL_BYTES`] of text). Status details travel in a response header, which
/// peers cap in size; a huge malformed request must not turn its rejection into a
/// protocol error.
pub const MAX_DETAIL_VIOLATIONS: usize = 100;

/// `text` cut to at most `max` bytes on a character boundary, with a note of how many
/// bytes were left out (the note fits within `max`).
pub fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let note_room = 40.min(max);
    let mut end = max - note_room;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::with_capacity(max);
    out.push_str(&text[..end]);
    let _ = write!(out, "... ({} bytes left out)", text.len() - end);
    out
}

/// The message and the BadRequest field violations (path, description) for
/// `listed`, the first of `total` violations: up to `in_message` of them in the
/// message and up to [`MAX_DETAIL_VIOLATIONS`] in the details, each
/// text cut to [`MAX_DETAIL_TEXT_BYTES`] and all within the byte bounds above. The
/// message ends with the count of those it does not list, and says how many the
/// details list when that is not all.
pub fn bad_request(listed: &[Violation], total: usize, in_message: usize) -> (String, Vec<(String, String)>) {
    // Room kept at the end of the message for the counts.
    const COUNTS_ROOM: usize = 96;
    let mut message = String::from("invalid request: ");
    let mut shown = 0;
    for v in listed.iter().take(in_message) {
        let item = format!("{}: {}", cut(&v.field, MAX_DETAIL_TEXT_BYTES), cut(&v.description, MAX_DETAIL_TEXT_BYTES));
        if shown > 0 && message.len() + item.len() + 2 > MAX_MESSAGE_BYTES - COUNTS_ROOM {
            break;
        }
        if shown > 0 {
            message.push_str("; ");
        }
        message.push_str(&item);
        shown += 1;
    }
    let mut fields = Vec::new();
    let mut bytes = 0;
    for v in listed.iter().take(MAX_DETAIL_VIOLATIONS) {
        let (field, description) = (cut(&v.field, MAX_DETAIL_TEXT_BYTES), cut(&v.description, MAX_DETAIL_TEXT_BYTES));
        bytes += field.len() + description.len();
        if bytes > MAX_DETAIL_BYTES {
            break;
        }
        fields.push((field, description));
    }
    if total > shown {
        let _ = write!(message, " (and {} more)", total - shown);
    }
    if total > fields.len() {
        let _ = write!(message, "; the details list {} of the {total}", fields.len());
    }
    (message, fields)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_on_a_character_boundary_with_a_count() {
        assert_eq!(cut("short", 10), "short");
        let long = "é".repeat(3000);
        let cut = cut(&long, MAX_MESSAGE_BYTES);
        assert!(cut.len() <= MAX_MESSAGE_BYTES, "{}", cut.len());
        assert!(cut.ends_with("bytes left out)"), "{cut}");
    }

    #[test]
    fn a_bad_request_of_150_violations_with_4_kb_texts_stays_small_and_counts_the_rest() {
        let id = "x".repeat(4096);
        let listed: Vec<Violation> = (0..150)
            .map(|i| Violation { field: format!("creatures[{i}].id"), description: format!("{id:?} is listed twice") })
            .collect();
        let (message, fields) = bad_request(&listed, 1000, 10);
        assert!(message.len() <= MAX_MESSAGE_BYTES, "{}", message.len());
        let detail_bytes: usize = fields.iter().map(|(f, d)| f.len() + d.len()).sum();
        assert!(detail_bytes <= MAX_DETAIL_BYTES, "{detail_bytes}");
        assert!(!fields.is_empty());
        assert!(message.contains(" more)"), "{message}");
        assert!(message.ends_with(&format!("; the details list {} of the 1000", fields.len())), "{message}");
    }
}

//! A PNG chart of ratings with their 95% intervals: one row per player, a dot at the
//! rating and a bar across the interval, drawn with `plotters` into memory and written
//! with the `png` encoder. Text uses the Hack font that the `epaint_default_fonts`
//! crate embeds, so no system font (and no fontconfig) is needed.

use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::backend::{BitMapBackend, RGBPixel};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use fray_tournament::refereed::report::Report;

use crate::error::CliError;

/// One bar: a name, its rating and 95% interval (Elo).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartEntry {
    /// The player's name, shown on the left (cut to [`MAX_NAME_CHARS`] characters).
    pub name: String,
    /// The rating (Elo).
    pub elo: f64,
    /// Lower end of the 95% interval (Elo).
    pub lower: f64,
    /// Upper end of the 95% interval (Elo).
    pub upper: f64,
}

/// Why a chart could not be written. Every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The file could not be created (e.g. its directory does not exist).
    #[error("cannot create the chart file {}: {source}", path.display())]
    Create {
        /// The chart's path.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The file was created but writing it failed.
    #[error("cannot write the chart file {}: {source}", path.display())]
    Write {
        /// The chart's path.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// Drawing or PNG encoding failed (nothing was written).
    #[error("cannot draw the chart {}: {message}", path.display())]
    Draw {
        /// The chart's path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// The chart's width in pixels.
pub const WIDTH: u32 = 900;
/// Names longer than this many characters are cut and end in `…`.
pub const MAX_NAME_CHARS: usize = 32;

/// Height of one entry's row.
const ROW_HEIGHT: u32 = 28;
/// Pixels above the rows (title) and below them (axis, its labels and description).
const TOP: u32 = 56;
const BOTTOM: u32 = 70;
/// The font family the chart registers its embedded font under (plotters' axis labels
/// use "sans-serif" by default, so that is the name).
const FONT: &str = "sans-serif";

const INK: RGBColor = RGBColor(30, 30, 30);
const GREY: RGBColor = RGBColor(120, 120, 120);
const STRIPE: RGBColor = RGBColor(242, 244, 248);
const BAR: RGBColor = RGBColor(70, 120, 200);
const DOT: RGBColor = RGBColor(20, 50, 130);

/// The chart's height in pixels for `entries` rows (an empty chart is one row high).
pub fn chart_height(entries: usize) -> u32 {
    let rows = u32::try_from(entries.max(1)).unwrap_or(u32::MAX);
    TOP.saturating_add(ROW_HEIGHT.saturating_mul(rows)).saturating_add(BOTTOM)
}

/// Writes a PNG ([`WIDTH`] = 900 px wide, [`chart_height`] high) with one horizontal
/// row per entry, in the order given (best first, as the caller sorts them): the name
/// on the left, a dot at `elo` and a bar from `lower` to `upper` (with end ticks),
/// a vertical line at 0, and the text `+123 [+80, +160]` on the right. The x axis is
/// labelled "Elo (95% interval)" and `title` is on top.
///
/// The x range covers 0 and every finite value, with a margin. A non-finite bound
/// (±∞, NaN — e.g. a player without games) is clamped to the edge of the drawn range,
/// drawn without an end tick, and written `-inf`/`+inf`; a non-finite `elo` draws no
/// dot and is written `?`. An empty `entries` still gives a valid chart: the title,
/// the axis from −100 to +100 and the words "no ratings".
///
/// The image is drawn in memory first, so a drawing failure leaves no file behind.
/// The path's extension does not matter: the file is always PNG.
pub fn ratings_chart(path: &Path, title: &str, entries: &[ChartEntry]) -> Result<(), ChartError> {
    let draw_error = |message: String| ChartError::Draw { path: path.to_path_buf(), message };
    let (width, height) = (WIDTH, chart_height(entries.len()));
    let mut pixels = vec![255u8; width as usize * height as usize * 3];
    register_font().map_err(|e| draw_error(e.to_owned()))?;
    {
        let backend = BitMapBackend::<RGBPixel>::with_buffer_and_format(&mut pixels, (width, height))
            .map_err(|e| draw_error(e.to_string()))?;
        let root = backend.into_drawing_area();
        draw(&root, title, entries).map_err(|e| draw_error(e.to_string()))?;
        root.present().map_err(|e| draw_error(e.to_string()))?;
    }
    let mut png_bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut png_bytes, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| draw_error(format!("PNG encoding: {e}")))?;
        writer.write_image_data(&pixels).map_err(|e| draw_error(format!("PNG encoding: {e}")))?;
        writer.finish().map_err(|e| draw_error(format!("PNG encoding: {e}")))?;
    }
    let file = File::create(path).map_err(|source| ChartError::Create { path: path.to_path_buf(), source })?;
    let mut out = BufWriter::new(file);
    out.write_all(&png_bytes)
        .and_then(|()| out.flush())
        .map_err(|source| ChartError::Write { path: path.to_path_buf(), source })
}

/// Draws `report`'s ratings into `dir/ratings.png`, the chart `report.md` shows.
pub fn write_report_chart(report: &Report, dir: &Path) -> Result<(), CliError> {
    let entries: Vec<ChartEntry> = report
        .ranking
        .iter()
        .map(|r| ChartEntry { name: r.bot.clone(), elo: r.elo.elo, lower: r.elo.lower, upper: r.elo.upper })
        .collect();
    ratings_chart(&dir.join("ratings.png"), &chart_title(report), &entries).map_err(|e| CliError::Output(e.to_string()))
}

/// The chart's title: the ruleset and scenario, the games and the format
/// (`egame duel: 40 games, round robin`).
pub fn chart_title(report: &Report) -> String {
    let config = &report.config;
    let ruleset = fray_proto::fray::v1::Ruleset::from_str_name(&config.ruleset)
        .map_or_else(|| config.ruleset.clone(), |r| crate::rulesets::short_name(r).to_owned());
    format!("{ruleset} {}: {} games, {}", config.scenario, report.games, config.format)
}

/// Registers the embedded Hack font for plotters' text (once per process).
fn register_font() -> Result<(), &'static str> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, epaint_default_fonts::HACK_REGULAR).is_ok()
    });
    if ok { Ok(()) } else { Err("the embedded font could not be loaded") }
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// Draws the whole chart on `root`.
fn draw(root: &DrawingArea<BitMapBackend<'_, RGBPixel>, Shift>, title: &str, entries: &[ChartEntry]) -> DrawResult {
    root.fill(&WHITE)?;
    let label_font = (FONT, 15).into_font().color(&INK);
    let names: Vec<String> = entries.iter().map(|e| short_name(&e.name)).collect();
    // The font is monospaced: right-align the ratings so the columns line up.
    let values = aligned_values(entries);
    // Side columns as wide as their longest text.
    let mut name_width = 40;
    for n in &names {
        name_width = name_width.max(root.estimate_text_size(n, &label_font)?.0);
    }
    let mut value_width = 40;
    for v in &values {
        value_width = value_width.max(root.estimate_text_size(v, &label_font)?.0);
    }

    root.draw_text(
        title,
        &(FONT, 22).into_font().color(&INK).pos(Pos::new(HPos::Center, VPos::Center)),
        (i32::try_from(WIDTH / 2)?, i32::try_from(TOP / 2)?),
    )?;

    let (x_min, x_max) = x_range(entries);
    let rows = entries.len().max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .margin_top(TOP - 8)
        .margin_bottom(10)
        .margin_left(name_width + 24)
        .margin_right(value_width + 24)
        .x_label_area_size(BOTTOM - 24)
        .build_cartesian_2d(x_min..x_max, 0.0..rows)?;

    // Light stripes on every other row, under everything else.
    chart.draw_series((0..entries.len()).filter(|i| i % 2 == 1).map(|i| {
        let top = rows - i as f64;
        Rectangle::new([(x_min, top), (x_max, top - 1.0)], STRIPE.filled())
    }))?;

    let format_tick = |v: &f64| signed(*v);
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .x_labels(9)
        .x_max_light_lines(1)
        .x_label_formatter(&format_tick)
        .label_style((FONT, 13).into_font().color(&INK))
        .x_desc("Elo (95% interval)")
        .axis_desc_style((FONT, 15).into_font().color(&INK))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(215, 215, 215))
        .draw()?;

    if !entries.is_empty() {
        chart.draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (0.0, rows)], GREY.stroke_width(1))))?;
    }

    for (i, entry) in entries.iter().enumerate() {
        let y = rows - i as f64 - 0.5;
        let clamp_low = |v: f64| if v.is_finite() { v.clamp(x_min, x_max) } else { x_min };
        let clamp_high = |v: f64| if v.is_finite() { v.clamp(x_min, x_max) } else { x_max };
        let (lo, hi) = (clamp_low(entry.lower), clamp_high(entry.upper));
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        chart.draw_series(std::iter::once(PathElement::new(vec![(lo, y), (hi, y)], BAR.stroke_width(3))))?;
        // An end tick where the interval ends, an arrowhead where it was cut.
        for (raw, x, outward) in [(entry.lower, lo, -1), (entry.upper, hi, 1)] {
            if raw.is_finite() {
                let tick = PathElement::new(vec![(x, y - 0.22), (x, y + 0.22)], BAR.stroke_width(2));
                chart.draw_series(std::iter::once(tick))?;
            } else {
                let (px, py) = chart.backend_coord(&(x, y));
                let head = vec![(px + 4 * outward, py), (px - 6 * outward, py - 6), (px - 6 * outward, py + 6)];
                root.draw(&Polygon::new(head, BAR.filled()))?;
            }
        }
        if entry.elo.is_finite() {
            chart.draw_series(std::iter::once(Circle::new((entry.elo.clamp(x_min, x_max), y), 5, DOT.filled())))?;
        }
        let (left, centre) = chart.backend_coord(&(x_min, y));
        let (right, _) = chart.backend_coord(&(x_max, y));
        root.draw_text(&names[i], &label_font.pos(Pos::new(HPos::Right, VPos::Center)), (left - 12, centre))?;
        root.draw_text(&values[i], &label_font.pos(Pos::new(HPos::Left, VPos::Center)), (right + 12, centre))?;
    }
    if entries.is_empty() {
        let (x, y) = chart.backend_coord(&(0.0, 0.5));
        root.draw_text("no ratings", &label_font.color(&GREY).pos(Pos::new(HPos::Center, VPos::Center)), (x, y))?;
    }
    Ok(())
}

/// The drawn x range: 0 and every finite value, plus a margin; −100..100 if there is
/// nothing to show.
fn x_range(entries: &[ChartEntry]) -> (f64, f64) {
    let finite = entries.iter().flat_map(|e| [e.elo, e.lower, e.upper]).filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi - lo < 1.0 {
        return (lo - 100.0, hi + 100.0);
    }
    let pad = (0.06 * (hi - lo)).max(5.0);
    (lo - pad, hi + pad)
}

/// A whole number of Elo with its sign: `+12`, `-7`, `0`; `-inf`/`+inf` for
/// infinities and `?` for NaN.
fn signed(v: f64) -> String {
    if v.is_nan() {
        return "?".to_owned();
    }
    if v.is_infinite() {
        return if v > 0.0 { "+inf" } else { "-inf" }.to_owned();
    }
    let r = v.round();
    if r == 0.0 { "0".to_owned() } else { format!("{r:+.0}") }
}

/// The text the chart writes beside an entry, e.g. `+123 [+80, +160]`: whole Elo
/// with a sign (`0` without), `-inf`/`+inf` for infinite or NaN bounds, `?` for a NaN
/// rating. Handy for printing the same numbers on a terminal.
pub fn value_text(e: &ChartEntry) -> String {
    let (elo, interval) = value_parts(e);
    format!("{elo} {interval}")
}

/// The rating and the bracketed interval, apart (a NaN bound reads as unbounded, as
/// it is drawn).
fn value_parts(e: &ChartEntry) -> (String, String) {
    let lower = if e.lower.is_nan() { f64::NEG_INFINITY } else { e.lower };
    let upper = if e.upper.is_nan() { f64::INFINITY } else { e.upper };
    (signed(e.elo), format!("[{}, {}]", signed(lower), signed(upper)))
}

/// [`value_text`] of every entry, the ratings padded on the left to one width.
fn aligned_values(entries: &[ChartEntry]) -> Vec<String> {
    let parts: Vec<(String, String)> = entries.iter().map(value_parts).collect();
    let width = parts.iter().map(|(elo, _)| elo.chars().count()).max().unwrap_or(0);
    parts.into_iter().map(|(elo, interval)| format!("{elo:>width$} {interval}")).collect()
}

/// The name cut to [`MAX_NAME_CHARS`] characters.
fn short_name(name: &str) -> String {
    if name.chars().count() <= MAX_NAME_CHARS {
        name.to_owned()
    } else {
        let mut s: String = name.chars().take(MAX_NAME_CHARS - 1).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary directory.
    fn temp_dir(tag: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let dir = std::env::temp_dir().join(format!("fray-chart-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Decodes a PNG and returns its width, height and RGB pixels.
    fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    fn entries() -> Vec<ChartEntry> {
        let e = |name: &str, elo: f64, lower: f64, upper: f64| ChartEntry { name: name.to_owned(), elo, lower, upper };
        vec![
            e("mcts:playouts=2000", 182.4, 140.2, 226.9),
            e("mcts:playouts=500", 61.0, 22.5, 99.8),
            e("greedy", -35.3, -70.0, 1.2),
            e("random", -208.1, -260.4, -158.7),
        ]
    }

    #[test]
    fn writes_a_png_of_the_expected_size() {
        let dir = temp_dir("four");
        let path = dir.join("ratings.png");
        ratings_chart(&path, "Fray tournament: 4 bots, 1200 games", &entries()).unwrap();
        let (w, h, pixels) = decode(&path);
        assert_eq!((w, h), (WIDTH, chart_height(4)));
        assert!(h > chart_height(1));
        // Something was drawn: the bar and dot colours appear.
        let has = |c: RGBColor| pixels.chunks(3).any(|p| p == [c.0, c.1, c.2]);
        assert!(has(BAR) && has(DOT) && has(INK));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn height_grows_with_entries_and_the_extension_does_not_matter() {
        let dir = temp_dir("many");
        let path = dir.join("ratings"); // no extension: still PNG
        let many: Vec<ChartEntry> = entries().into_iter().cycle().take(12).collect();
        ratings_chart(&path, "twelve", &many).unwrap();
        assert_eq!(decode(&path).1, chart_height(12));
        assert!(chart_height(12) > chart_height(4));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_path() {
        let dir = temp_dir("missing");
        let path = dir.join("no-such-dir").join("ratings.png");
        let err = ratings_chart(&path, "t", &entries()).unwrap_err();
        assert!(matches!(err, ChartError::Create { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(!path.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn empty_and_unbounded_entries_still_chart() {
        let dir = temp_dir("edge");
        let empty = dir.join("empty.png");
        ratings_chart(&empty, "nothing yet", &[]).unwrap();
        assert_eq!(decode(&empty).0, WIDTH);
        let odd = dir.join("odd.png");
        let unbounded = vec![
            ChartEntry { name: "x".repeat(80), elo: 50.0, lower: 10.0, upper: f64::INFINITY },
            ChartEntry { name: "idle".to_owned(), elo: 0.0, lower: f64::NEG_INFINITY, upper: f64::INFINITY },
            ChartEntry { name: "broken".to_owned(), elo: f64::NAN, lower: f64::NAN, upper: -20.0 },
        ];
        ratings_chart(&odd, "unbounded", &unbounded).unwrap();
        assert_eq!(decode(&odd).1, chart_height(3));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_chart_title_names_the_ruleset_and_scenario() {
        use fray_tournament::refereed::config::{Config, Format};
        use fray_tournament::refereed::stats::Standings;
        let config = Config {
            bots: vec!["a".to_owned(), "b".to_owned()],
            format: Format::RoundRobin,
            games_per_pairing: 2,
            players_per_game: 2,
            ruleset: "RULESET_EGAME".to_owned(),
            scenario: "duel".to_owned(),
            seed: 1,
            sprt: None,
            move_timeout_ms: 1000,
            time_margin_ms: 100,
        };
        let report = Report::new(&config, &Standings::new(&config), 2, "finished");
        assert_eq!(chart_title(&report), "egame duel: 0 games, round robin");
    }

    #[test]
    fn texts() {
        let e = ChartEntry { name: "a".to_owned(), elo: 123.4, lower: 80.0, upper: 159.6 };
        assert_eq!(value_text(&e), "+123 [+80, +160]");
        let e = ChartEntry { name: "a".to_owned(), elo: -0.3, lower: f64::NEG_INFINITY, upper: f64::NAN };
        assert_eq!(value_text(&e), "0 [-inf, +inf]");
        assert_eq!(signed(-41.6), "-42");
        let aligned = aligned_values(&entries());
        assert_eq!(aligned[0], "+182 [+140, +227]");
        assert_eq!(aligned[1], " +61 [+23, +100]");
        assert_eq!(short_name("short"), "short");
        let long = short_name(&"y".repeat(50));
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
        assert!(long.ends_with('…'));
        assert_eq!(x_range(&[]), (-100.0, 100.0));
        let (lo, hi) = x_range(&entries());
        assert!(lo < -260.4 && hi > 226.9 && lo > -300.0 && hi < 270.0);
    }
}

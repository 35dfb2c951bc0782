//! Reading the metrics text a server renders.

/// The sum of the samples of `name` whose labels include every `(label, value)` of
/// `labels`, in metrics text as `Metrics::render` writes it (0 when there is none).
pub fn metric(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (series_name, series_labels) = series.split_once('{').unwrap_or((series, ""));
            (series_name == name && labels.iter().all(|(k, v)| series_labels.contains(&format!("{k}=\"{v}\""))))
                .then(|| value.parse::<f64>().unwrap())
        })
        .sum()
}

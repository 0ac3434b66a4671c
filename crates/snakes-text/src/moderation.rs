//! The words of moderation that are not a catalogue's: a moment written as a date and time in
//! UTC, the one zone every listener of a server shares (a ban says until when; the log says
//! when). The sentences themselves are `moderation.ftl`.

/// `ms` milliseconds since the Unix epoch as a date and time in UTC: `2026-12-03 09:38`.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1_000);
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3_600,
        rest % 3_600 / 60
    )
}

/// The `$why` of a sentence that gives `reason`: `none` when it is empty (the sentence then
/// ends without one), else `given`.
pub fn why(reason: &str) -> &'static str {
    if reason.trim().is_empty() {
        "none"
    } else {
        "given"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(1_764_754_680_000), "2025-12-03 09:38");
        assert_eq!(utc(951_825_600_999), "2000-02-29 12:00");
        assert_eq!(utc(-1), "1969-12-31 23:59");
    }
}

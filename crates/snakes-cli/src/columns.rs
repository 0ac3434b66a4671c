//! Tables printed in aligned columns, measured by the columns a terminal gives each letter (so
//! Korean and Chinese headings line up too).

use snakes_text::board_text;

/// Renders rows as aligned columns, two spaces apart, each right-aligned where `right[i]`
/// (left-aligned past the end of `right`).
pub fn render(rows: &[Vec<String>], right: &[bool]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut width = vec![0; cols];
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            width[i] = width[i].max(board_text::width(cell));
        }
    }
    let mut s = String::new();
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let right = right.get(i).copied().unwrap_or(false);
            line.push_str(&board_text::pad(cell, width[i], right));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_and_values_line_up_whatever_their_width() {
        let rows = vec![
            vec!["자리".to_string(), "seat chance".to_string()],
            vec!["1".to_string(), "50.70% ± 0.10".to_string()],
        ];
        assert_eq!(
            render(&rows, &[true, true]),
            "자리    seat chance\n   1  50.70% ± 0.10\n"
        );
    }
}

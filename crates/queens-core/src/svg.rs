//! Boards drawn as SVG: light and dark squares, queens drawn as vector shapes
//! (no font is needed to show a queen), pre-placed queens in another colour
//! with a ring, and chess-style file and rank labels.
//!
//! One board or a sheet of many (the twelve fundamental solutions of eight
//! queens, say) come from the same drawing code, so they always look alike.

use std::fmt::Write as _;

use crate::board::Square;

/// The side of one square, in SVG user units.
const SQUARE: f64 = 40.0;
/// The margin around a board, which holds the labels.
const MARGIN: f64 = 24.0;
/// The height of a caption line under a board on a sheet.
const CAPTION: f64 = 28.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const QUEEN: &str = "#1b1b1b";
const PREPLACED: &str = "#c0392b";

/// One board as a standalone SVG document.
pub fn board(queens: &[usize], preplaced: &[Square]) -> String {
    let side = board_side(queens.len());
    let mut body = String::new();
    draw_board(&mut body, queens, preplaced, 0.0, 0.0);
    document(side, side, &body)
}

/// Many boards of one size on one sheet, `columns` to a row, each captioned
/// with its `rows` notation (1-based columns, as in seed 004's table).
pub fn sheet(boards: &[Vec<usize>], columns: usize) -> String {
    let columns = columns.max(1);
    let n = boards.first().map_or(0, Vec::len);
    let cell_width = board_side(n);
    let cell_height = cell_width + CAPTION;
    let sheet_rows = boards.len().div_ceil(columns);
    let mut body = String::new();
    for (index, queens) in boards.iter().enumerate() {
        let x = (index % columns) as f64 * cell_width;
        let y = (index / columns) as f64 * cell_height;
        draw_board(&mut body, queens, &[], x, y);
        let caption: Vec<String> = queens.iter().map(|col| (col + 1).to_string()).collect();
        let _ = writeln!(
            body,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="14" text-anchor="middle">{}. {}</text>"#,
            x + cell_width / 2.0,
            y + cell_width + CAPTION * 0.6,
            index + 1,
            caption.join(" ")
        );
    }
    document(
        cell_width * columns.min(boards.len().max(1)) as f64,
        cell_height * sheet_rows.max(1) as f64,
        &body,
    )
}

/// The side of a board with its margins.
fn board_side(n: usize) -> f64 {
    n as f64 * SQUARE + 2.0 * MARGIN
}

/// Wraps `body` in an SVG document of the given size.
fn document(width: f64, height: f64, body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// Draws one board with its top-left corner (margin included) at `x`, `y`.
fn draw_board(out: &mut String, queens: &[usize], preplaced: &[Square], x: f64, y: f64) {
    let n = queens.len();
    let left = x + MARGIN;
    let top = y + MARGIN;
    let _ = writeln!(out, r#"<g class="board" data-n="{n}">"#);
    for row in 0..n {
        for col in 0..n {
            let colour = if (row + col) % 2 == 0 { LIGHT } else { DARK };
            let _ = writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{SQUARE}" height="{SQUARE}" fill="{colour}"/>"#,
                left + col as f64 * SQUARE,
                top + row as f64 * SQUARE
            );
        }
    }
    draw_labels(out, n, left, top);
    for (row, &col) in queens.iter().enumerate() {
        let square = Square::new(row, col);
        let cx = left + (col as f64 + 0.5) * SQUARE;
        let cy = top + (row as f64 + 0.5) * SQUARE;
        draw_queen(out, cx, cy, preplaced.contains(&square));
    }
    out.push_str("</g>\n");
}

/// Files `a`, `b`, ... under the board and ranks `n` ... `1` to its left, as
/// on a chessboard seen from White's side. Past 26 files, numbers stand in
/// for letters.
fn draw_labels(out: &mut String, n: usize, left: f64, top: f64) {
    for col in 0..n {
        let file = match u8::try_from(col) {
            Ok(index) if index < 26 => char::from(b'a' + index).to_string(),
            _ => (col + 1).to_string(),
        };
        let _ = writeln!(
            out,
            r#"<text class="file" x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="12" text-anchor="middle">{file}</text>"#,
            left + (col as f64 + 0.5) * SQUARE,
            top + n as f64 * SQUARE + MARGIN * 0.7
        );
    }
    for row in 0..n {
        let _ = writeln!(
            out,
            r#"<text class="rank" x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="12" text-anchor="middle">{}</text>"#,
            left - MARGIN * 0.5,
            top + (row as f64 + 0.5) * SQUARE + 4.0,
            n - row
        );
    }
}

/// A queen centred on `cx`, `cy`: a five-pointed crown with a ball on each
/// point, on a base. A pre-placed queen is drawn red inside a ring.
fn draw_queen(out: &mut String, cx: f64, cy: f64, preplaced: bool) {
    let fill = if preplaced { PREPLACED } else { QUEEN };
    let class = if preplaced {
        "queen preplaced"
    } else {
        "queen"
    };
    let unit = SQUARE / 40.0;
    // The crown's outline, in units of a 40-unit square centred on the queen.
    let outline = [
        (-13.0, 9.0),
        (-15.0, -8.0),
        (-8.0, 1.0),
        (-6.0, -12.0),
        (0.0, 0.0),
        (6.0, -12.0),
        (8.0, 1.0),
        (15.0, -8.0),
        (13.0, 9.0),
    ];
    let points: Vec<String> = outline
        .iter()
        .map(|(dx, dy)| format!("{:.1},{:.1}", cx + dx * unit, cy + dy * unit))
        .collect();
    let _ = writeln!(out, r#"<g class="{class}">"#);
    if preplaced {
        let _ = writeln!(
            out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{PREPLACED}" stroke-width="2"/>"#,
            18.0 * unit
        );
    }
    let _ = writeln!(
        out,
        r#"<polygon points="{}" fill="{fill}" stroke="white" stroke-width="1"/>"#,
        points.join(" ")
    );
    for (dx, dy) in [(-15.0, -8.0), (-6.0, -12.0), (6.0, -12.0), (15.0, -8.0)] {
        let _ = writeln!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{fill}"/>"#,
            cx + dx * unit,
            cy + dy * unit,
            2.5 * unit
        );
    }
    let _ = writeln!(
        out,
        r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="{fill}"/>"#,
        cx - 14.0 * unit,
        cy + 9.0 * unit,
        28.0 * unit,
        5.0 * unit,
        1.5 * unit
    );
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_has_its_squares_queens_and_labels() {
        let svg = board(&[1, 3, 0, 2], &[Square::new(0, 1)]);
        assert!(svg.starts_with("<?xml"));
        assert_eq!(svg.matches(r##"fill="#f0d9b5""##).count(), 8);
        assert_eq!(svg.matches(r##"fill="#b58863""##).count(), 8);
        assert_eq!(svg.matches(r#"<g class="queen">"#).count(), 3);
        assert_eq!(svg.matches(r#"<g class="queen preplaced">"#).count(), 1);
        assert_eq!(svg.matches(r#"class="file""#).count(), 4);
        assert!(svg.contains(">a</text>") && svg.contains(">d</text>"));
        assert!(svg.contains(r#"width="208" height="208""#));
    }

    #[test]
    fn a_sheet_lays_boards_out_in_a_grid() {
        let boards = vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1], vec![1, 3, 0, 2]];
        let svg = sheet(&boards, 2);
        assert_eq!(svg.matches(r#"<g class="board""#).count(), 3);
        assert!(svg.contains(">1. 2 4 1 3</text>"));
        assert!(svg.contains(">2. 3 1 4 2</text>"));
        // Two boards across (2 × 208) and two rows of board plus caption.
        assert!(svg.contains(r#"width="416" height="472""#));
    }
}

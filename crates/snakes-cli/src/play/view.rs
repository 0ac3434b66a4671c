//! The board drawn as text for `B` and `--board-view`.

use snakes::GameState;

/// How the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardStyle {
    /// Box-drawing characters and arrows.
    pub unicode: bool,
    /// ANSI colours.
    pub color: bool,
}

impl BoardStyle {
    /// ASCII, no colour.
    pub const PLAIN: BoardStyle = BoardStyle {
        unicode: false,
        color: false,
    };
    /// Unicode and colour.
    pub const RICH: BoardStyle = BoardStyle {
        unicode: true,
        color: true,
    };
}

/// The board with the tokens on it.
pub fn render(state: &GameState, names: &[String], style: BoardStyle) -> String {
    let _ = (names, style);
    format!("{:?}\n", state.squares())
}

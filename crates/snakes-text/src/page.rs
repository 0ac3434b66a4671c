//! The words of the board page around the game: the table's name, the line under it, the
//! players' table, the lobby's rows, the board in words, and the page's fixed words
//! (`ui.ftl`), which the server writes into the page. The page's scripts only draw.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use snakes::{Board, Player, Square};

use crate::catalogue::{Catalogue, ENGLISH_SOURCES, MessageArg};
use crate::narrator::{Listener, Narrator};

/// A note beside a name in the players' table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatNote {
    /// A bot plays this seat.
    Bot,
    /// The person left or stayed away; a bot plays for them.
    Away,
    /// The person's page lost its connection during the game (the grace period runs).
    Gone,
    /// The table's host.
    Host,
    /// The listener's own seat.
    You,
    /// The player to roll.
    ToRoll,
}

impl SeatNote {
    fn id(self) -> &'static str {
        match self {
            SeatNote::Bot => "player-note-bot",
            SeatNote::Away => "player-note-away",
            SeatNote::Gone => "player-note-gone",
            SeatNote::Host => "player-note-host",
            SeatNote::You => "player-note-you",
            SeatNote::ToRoll => "player-note-turn",
        }
    }
}

/// Where a table stands, for its row in the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyState<'a> {
    /// Seats are being filled; `free` are still free.
    Waiting {
        /// Free seats.
        free: usize,
    },
    /// The game is on.
    Playing,
    /// `winner` won.
    Finished {
        /// The winner's name.
        winner: &'a str,
    },
    /// The game ended in a draw.
    Drawn,
}

/// The board drawn on the page, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardWords {
    /// The drawing's title: "Board of 100 squares: 9 ladders, 10 snakes".
    pub title: String,
    /// The heading of the list of ladders: "Ladders (9)".
    pub ladders_heading: String,
    /// The heading of the list of snakes.
    pub snakes_heading: String,
    /// Each ladder, in the board's order, as an item of the list ("28 to 84") and as the
    /// drawing's tooltip ("Ladder from 28 up to 84").
    pub ladders: Vec<[String; 2]>,
    /// Each snake, likewise ("87 to 24", "Snake from 87 down to 24").
    pub snakes: Vec<[String; 2]>,
}

fn num(n: u64) -> MessageArg {
    MessageArg::from(i64::try_from(n).unwrap_or(i64::MAX))
}

impl Narrator {
    /// The title of a table's page: "Table 3 – Snakes and Ladders".
    pub fn page_title(&self, table: u64) -> String {
        self.message("page-title", &[("table", num(table))])
    }

    /// The heading of a table's page: "Table 3 (classic board)"; `board` is the board's name
    /// (`classic` or `custom`).
    pub fn page_heading(&self, table: u64, board: &str) -> String {
        self.message(
            "page-heading",
            &[("table", num(table)), ("board", board.into())],
        )
    }

    /// The line under the heading while seats are filled; `host` when the listener is the host.
    pub fn status_waiting(&self, host: bool) -> String {
        let host = if host { "you" } else { "other" };
        self.message("status-waiting", &[("host", host.into())])
    }

    /// The line under the heading during the game: whose turn it is, and, when that player's
    /// page has lost its connection (`gone`: the seconds a seat waits before a bot plays it),
    /// what happens next.
    pub fn status_playing(&self, turn: Player, listener: Listener, gone: Option<u64>) -> String {
        let name = MessageArg::from(self.name(turn));
        match gone {
            Some(grace) if listener != Listener::Player(turn) => self.message(
                "status-playing-gone",
                &[("name", name), ("grace", num(grace))],
            ),
            _ => {
                let you = if listener == Listener::Player(turn) {
                    "you"
                } else {
                    "other"
                };
                self.message("status-playing", &[("you", you.into()), ("name", name)])
            }
        }
    }

    /// What is said when the page of `player`, whose turn it is, loses its connection
    /// (`back`: when it comes back), `grace` being the seconds a seat waits before a bot plays.
    pub fn presence(&self, player: Player, back: bool, grace: u64) -> String {
        let name = MessageArg::from(self.name(player));
        if back {
            self.message("presence-back", &[("name", name)])
        } else {
            self.message("presence-gone", &[("name", name), ("grace", num(grace))])
        }
    }

    /// A row's label in the players' table: "Ana (host, you, to roll)", or "free seat".
    pub fn player_label(&self, name: Option<&str>, notes: &[SeatNote]) -> String {
        let Some(name) = name else {
            return self.message("player-free", &[]);
        };
        let notes_said = notes.iter().map(|n| self.message(n.id(), &[]));
        let list = self.join("page-list-join", notes_said).unwrap_or_default();
        let some = if notes.is_empty() { "none" } else { "some" };
        self.message(
            "player-label",
            &[
                ("name", name.into()),
                ("notes", some.into()),
                ("list", list.into()),
            ],
        )
    }

    /// A square in the players' table: its number, or "off the board" (never "square 0").
    pub fn square_text(&self, square: Square) -> String {
        if square == 0 {
            self.message("player-off-board", &[])
        } else {
            square.to_string()
        }
    }

    /// A table's name in the lobby: "Table 3".
    pub fn lobby_table(&self, table: u64) -> String {
        self.message("lobby-table", &[("table", num(table))])
    }

    /// Where a table stands, in the lobby: "Waiting: 2 seats free", "Finished: Ana won".
    pub fn lobby_state(&self, state: LobbyState<'_>) -> String {
        match state {
            LobbyState::Waiting { free } => self.message("lobby-waiting", &[("free", free.into())]),
            LobbyState::Playing => self.message("lobby-playing", &[]),
            LobbyState::Finished { winner } => {
                self.message("lobby-finished", &[("name", winner.into())])
            }
            LobbyState::Drawn => self.message("lobby-drawn", &[]),
        }
    }

    /// A table's board in the lobby: "Classic board of 100 squares."
    pub fn lobby_board(&self, board: &str, squares: Square) -> String {
        self.message(
            "lobby-board",
            &[("board", board.into()), ("squares", squares.into())],
        )
    }

    /// A table's seats in the lobby, in order: "Ana (host), Bot 1 (bot), free seat"; each
    /// seat is `(name, bot, host)`, `None` when free.
    pub fn lobby_seats(&self, seats: &[Option<(&str, bool, bool)>]) -> String {
        let items = seats
            .iter()
            .map(|seat| match *seat {
                None => self.message("lobby-free-seat", &[]),
                Some((name, true, _)) => self.message("lobby-bot", &[("name", name.into())]),
                Some((name, false, true)) => self.message("lobby-host", &[("name", name.into())]),
                Some((name, false, false)) => name.to_string(),
            })
            .collect::<Vec<_>>();
        self.join("page-list-join", items).unwrap_or_default()
    }

    /// The link to a table in the lobby: "Open table 3" (`open`: it has not started) or
    /// "Watch table 3".
    pub fn lobby_action(&self, table: u64, open: bool) -> String {
        let id = if open { "lobby-open" } else { "lobby-watch" };
        self.message(id, &[("table", num(table))])
    }

    /// The board in words, for its drawing and its lists of ladders and snakes.
    pub fn board_words(&self, board: &Board) -> BoardWords {
        let jumps = |jumps: Vec<(Square, Square)>, title: &str| {
            jumps
                .into_iter()
                .map(|(from, to)| {
                    let args = [("from", from.into()), ("to", to.into())];
                    [
                        self.message("board-jump", &args),
                        self.message(title, &args),
                    ]
                })
                .collect::<Vec<_>>()
        };
        let ladders: Vec<(Square, Square)> = board.ladders().map(|j| (j.from, j.to)).collect();
        let snakes: Vec<(Square, Square)> = board.snakes().map(|j| (j.from, j.to)).collect();
        BoardWords {
            title: self.message(
                "board-title",
                &[
                    ("squares", board.last().into()),
                    ("ladders", ladders.len().into()),
                    ("snakes", snakes.len().into()),
                ],
            ),
            ladders_heading: self.message("board-ladders", &[("count", ladders.len().into())]),
            snakes_heading: self.message("board-snakes", &[("count", snakes.len().into())]),
            ladders: jumps(ladders, "board-ladder-title"),
            snakes: jumps(snakes, "board-snake-title"),
        }
    }
}

/// The ids of the board page's fixed words (`ui.ftl`): the same in every language.
fn page_word_ids() -> &'static [&'static str] {
    static IDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    IDS.get_or_init(|| {
        ENGLISH_SOURCES
            .iter()
            .filter(|(file, _)| *file == "ui.ftl")
            .flat_map(|(_, text)| text.lines())
            .filter_map(|line| line.split_once(" = ").map(|(id, _)| id))
            .filter(|id| id.starts_with("ui-"))
            .chain(PAGE_TEMPLATES.iter().copied())
            .collect()
    })
}

/// Sentences of other files that the page completes itself, from what only it knows: a line
/// of its history read again ("12 of 40: ..."), the lines of one announcement joined as the
/// language joins sentences. They come with the page's words, their
/// variables written as the slots of [`SLOTS`], which the page's scripts fill.
const PAGE_TEMPLATES: &[&str] = &[
    "history-entry",
    "history-empty",
    "sentence-join",
    "buffer-all",
    "buffer-game",
    "buffer-talk",
    "buffer-answers",
    "buffer-last",
    "buffer-empty",
    "lobby-row-said",
    "talk-more",
];

/// The variables of [`PAGE_TEMPLATES`] and of the page's words that the page completes
/// (`ui-board-too-large`), and how the page's words write them: `%number%`.
const SLOTS: &[(&str, &str)] = &[
    ("number", "%number%"),
    ("count", "%count%"),
    ("text", "%text%"),
    ("first", "%first%"),
    ("buffer", "%buffer%"),
    ("name", "%name%"),
    ("state", "%state%"),
    ("board", "%board%"),
    ("seats", "%seats%"),
    ("volume", "%volume%"),
    ("second", "%second%"),
    ("size", "%size%"),
    ("limit", "%limit%"),
    ("played", "%played%"),
    ("won", "%won%"),
    ("rules", "%rules%"),
    ("date", "%date%"),
    ("outcome", "%outcome%"),
    ("turns", "%turns%"),
    ("table", "%table%"),
    ("steps", "%steps%"),
    ("label", "%label%"),
    ("made", "%made%"),
    ("used", "%used%"),
];

/// The board page's fixed words (`ui.ftl`: headings, labels, buttons), by id, in the words of
/// `catalogue`: the server writes them into the page and hands them to its scripts. With them,
/// the sentences the page completes itself (a line of its history read again, `history-entry`
/// and `history-empty`), their variables written as slots (`%number%`).
///
/// ```
/// use snakes_text::{Catalogue, page_words};
/// let words = page_words(&Catalogue::english());
/// assert!(words.contains(&("ui-key-roll", "Roll (R)".to_string())));
/// assert!(words.contains(&("history-entry", "%number% of %count%: %text%".to_string())));
/// ```
pub fn page_words(catalogue: &Catalogue) -> Vec<(&'static str, String)> {
    let slots: Vec<(&str, MessageArg)> = SLOTS
        .iter()
        .map(|&(name, slot)| (name, MessageArg::from(slot)))
        .collect();
    page_word_ids()
        .iter()
        .map(|&id| (id, catalogue.format(id, &slots)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrator() -> Narrator {
        Narrator::new(vec!["Ana".into(), "Bot 1".into(), "Bo".into()])
    }

    #[test]
    fn the_line_under_the_heading() {
        let n = narrator();
        assert_eq!(
            n.status_waiting(true),
            "Waiting for players: start the game once everyone is seated."
        );
        assert_eq!(
            n.status_waiting(false),
            "Waiting for players: the host starts the game."
        );
        assert_eq!(
            n.status_playing(0, Listener::Player(0), None),
            "Playing. Your turn."
        );
        assert_eq!(
            n.status_playing(2, Listener::Player(0), None),
            "Playing. Bo to roll."
        );
        assert_eq!(
            n.status_playing(2, Listener::Spectator, Some(30)),
            "Playing. Bo to roll, but the connection to Bo is lost: a bot plays for Bo after 30 \
             seconds without one."
        );
        assert_eq!(
            n.presence(2, false, 30),
            "The connection to Bo is lost; a bot plays for Bo after 30 seconds without one."
        );
        assert_eq!(n.presence(2, true, 30), "Bo is connected again.");
        assert_eq!(n.page_title(3), "Table 3 – Snakes and Ladders");
        assert_eq!(n.page_heading(3, "classic"), "Table 3 (classic board)");
        assert_eq!(n.page_heading(4, "custom"), "Table 4 (custom board)");
    }

    #[test]
    fn the_players_table_never_says_square_0() {
        let n = narrator();
        assert_eq!(n.player_label(Some("Ana"), &[]), "Ana");
        assert_eq!(
            n.player_label(
                Some("Ana"),
                &[SeatNote::Host, SeatNote::You, SeatNote::ToRoll]
            ),
            "Ana (host, you, to roll)"
        );
        assert_eq!(
            n.player_label(Some("Bo"), &[SeatNote::Gone]),
            "Bo (connection lost)"
        );
        assert_eq!(n.player_label(None, &[SeatNote::Bot]), "free seat");
        assert_eq!(n.square_text(0), "off the board");
        assert_eq!(n.square_text(12), "12");
    }

    #[test]
    fn a_table_in_the_lobby() {
        let n = narrator();
        assert_eq!(n.lobby_table(7), "Table 7");
        assert_eq!(
            n.lobby_state(LobbyState::Waiting { free: 2 }),
            "Waiting: 2 seats free"
        );
        assert_eq!(
            n.lobby_state(LobbyState::Waiting { free: 1 }),
            "Waiting: one seat free"
        );
        assert_eq!(
            n.lobby_state(LobbyState::Waiting { free: 0 }),
            "Waiting for the start"
        );
        assert_eq!(n.lobby_state(LobbyState::Playing), "Playing");
        assert_eq!(
            n.lobby_state(LobbyState::Finished { winner: "Bo" }),
            "Finished: Bo won"
        );
        assert_eq!(n.lobby_state(LobbyState::Drawn), "Finished: a draw");
        assert_eq!(
            n.lobby_board("classic", 100),
            "Classic board of 100 squares."
        );
        assert_eq!(
            n.lobby_seats(&[
                Some(("Ana", false, true)),
                Some(("Bot 1", true, false)),
                None
            ]),
            "Ana (host), Bot 1 (bot), free seat"
        );
        assert_eq!(n.lobby_action(7, true), "Open table 7");
        assert_eq!(n.lobby_action(7, false), "Watch table 7");
    }

    #[test]
    fn the_board_in_words() {
        let words = narrator().board_words(&Board::classic());
        assert_eq!(words.title, "Board of 100 squares: 9 ladders, 10 snakes");
        assert_eq!(words.ladders_heading, "Ladders (9)");
        assert_eq!(words.snakes_heading, "Snakes (10)");
        assert!(
            words
                .ladders
                .contains(&["28 to 84".into(), "Ladder from 28 up to 84".into()])
        );
        assert!(
            words
                .snakes
                .contains(&["87 to 24".into(), "Snake from 87 down to 24".into()])
        );
    }

    #[test]
    fn the_page_words_are_every_ui_message() {
        let words = page_words(&Catalogue::english());
        assert!(words.len() > 60, "{}", words.len());
        for (id, text) in &words {
            assert!(id.starts_with("ui-") || PAGE_TEMPLATES.contains(id));
            assert!(
                !text.is_empty() && !text.contains('{') && text != id,
                "{id}: {text}"
            );
        }
        assert!(words.contains(&(
            "ui-not-connected",
            "Not connected: reconnecting. Try again in a moment.".into()
        )));
    }
}

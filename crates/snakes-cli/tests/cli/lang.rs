//! `--lang` and the environment's locale: every shipped language plays a whole game, lines up
//! its tables and names its errors, and a language without messages is refused or ignored.

use std::process::Output;
use std::sync::Arc;

use snakes::{Board, Event, Game, Rules};
use snakes_text::board_text::width;
use snakes_text::{Catalogue, LOCALES, Listener, Narrator, TableNews};

/// Runs `snakes args` with the locale variables `env` only, `keys` on standard input.
fn run(args: &[&str], env: &[(&str, &str)], keys: &str) -> Output {
    super::run_in(args, env, keys)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Every language but English.
fn translations() -> impl Iterator<Item = &'static snakes_text::Locale> {
    LOCALES.iter().filter(|l| l.tag != "en")
}

/// The words of English announcements, none of which another language's game may hold.
const ENGLISH: &[&str] = &[
    "rolled",
    "climbed",
    "slid",
    "ladder",
    "ladders",
    "snake",
    "snakes",
    "square",
    "squares",
    "moved",
    "entered",
    "bounced",
    "stays",
    "turn",
    "won",
    "wins",
    "help",
    "press",
    "quit",
    "positions",
    "scores",
    "players",
    "board",
    "classic",
    "and",
    "the",
    "you",
    "your",
];

/// What a hot-seat game of Ana and Bo on the classic board says in `catalogue` after its two
/// opening lines, from the engine's own game: whose turn, every roll, the win, then the answers
/// to C, S and Shift+S.
fn narrated(catalogue: Arc<Catalogue>, seed: u64) -> (Vec<String>, usize) {
    let names = vec!["Ana".to_string(), "Bo".to_string()];
    let mut game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, seed).unwrap();
    let narrator = Narrator::with_catalogue(names, catalogue).with_rules(&Rules::STANDARD);
    let who = Listener::Spectator;
    let first = Event::TurnPassed {
        player: game.state().first(),
    };
    let mut lines = narrator.events(&[first], who, false);
    while !game.state().is_over() {
        let events = game.roll().unwrap();
        lines.extend(narrator.events(&events, who, false));
    }
    let state = game.state();
    let winner = state.winner().unwrap();
    let stats = state.stats()[winner];
    let finished = TableNews::Finished {
        winner,
        turns: stats.turns,
        rolls: stats.rolls,
    };
    lines.extend(narrator.table_news(&finished, who));
    lines.push(narrator.message("play-game-over-keys", &[]));
    lines.push(narrator.positions(state, who));
    lines.push(narrator.scores(state, who));
    lines.extend(narrator.detailed_scores(state, who));
    (lines, game.rolls().len())
}

#[test]
fn a_whole_game_speaks_every_shipped_language() {
    let seed = 7;
    let (english_lines, rolls) = narrated(Catalogue::english(), seed);
    let keys = "r\n".repeat(rolls) + "c\ns\nS\nq\n";
    let args = ["play", "--players", "Ana,Bo", "--seed", "7"];
    let english = run(&args, &[], &keys);
    assert_eq!(
        text(&english.stdout).lines().skip(2).collect::<Vec<_>>(),
        english_lines
    );
    let mut checked = 0;
    for locale in translations() {
        let out = run(&[&["--lang", locale.tag][..], &args].concat(), &[], &keys);
        assert!(
            out.status.success(),
            "{}: {}",
            locale.tag,
            text(&out.stderr)
        );
        assert_eq!(text(&out.stderr), "", "{}", locale.tag);
        let said = text(&out.stdout);
        let lines: Vec<&str> = said.lines().collect();
        // The game is the one the engine plays, in the words of this language's narrator.
        let (expected, _) = narrated(Catalogue::for_locale(locale.tag).unwrap(), seed);
        assert_eq!(lines[2..], expected, "{}", locale.tag);
        // And those are not English: no line is the English one, no English word is left.
        assert_eq!(lines.len(), english_lines.len() + 2, "{}", locale.tag);
        for (line, en) in lines[2..].iter().zip(&english_lines) {
            assert_ne!(line, en, "{}", locale.tag);
        }
        for word in said.split(|c: char| !c.is_ascii_alphabetic()) {
            assert!(
                !ENGLISH.contains(&word.to_lowercase().as_str()),
                "{}: {word:?} in {said}",
                locale.tag
            );
        }
        checked += lines.len();
    }
    assert!(checked > 50 * (LOCALES.len() - 1), "{checked}");
}

#[test]
fn an_unknown_lang_lists_the_languages() {
    let languages: Vec<String> = LOCALES
        .iter()
        .map(|l| format!("{} ({})", l.tag, l.name))
        .collect();
    for args in [
        &["--lang", "xx", "rules"][..],
        &["play", "--lang=de_DE.UTF-8"],
    ] {
        let out = run(args, &[], "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let lang = args
            .iter()
            .find_map(|a| a.strip_prefix("--lang="))
            .unwrap_or("xx");
        assert_eq!(
            text(&out.stderr),
            format!(
                "error: --lang: no messages in the language {lang:?}; the languages are {}\n",
                languages.join(", ")
            )
        );
        assert_eq!(text(&out.stdout), "");
    }
}

#[test]
fn the_environment_chooses_unless_lang_does() {
    let english = text(&run(&["rules"], &[], "").stdout);
    assert!(english.starts_with("Options"), "{english}");
    // A language without messages in the environment is English, silently.
    let german = run(&["rules"], &[("LANG", "de_DE.UTF-8")], "");
    assert_eq!(text(&german.stdout), english);
    assert_eq!(text(&german.stderr), "");
    for locale in translations() {
        let lang = text(&run(&["rules", "--lang", locale.tag], &[], "").stdout);
        let heading = Catalogue::for_locale(locale.tag)
            .unwrap()
            .format("options-heading", &[]);
        assert!(lang.starts_with(&heading), "{}: {lang}", locale.tag);
        assert_ne!(lang, english, "{}", locale.tag);
        // The environment's locale, in POSIX form, as LANG holds it; LC_ALL before LANG.
        let posix = format!("{}.UTF-8", locale.tag.replace('-', "_"));
        let env = text(&run(&["rules"], &[("LANG", posix.as_str())], "").stdout);
        assert_eq!(env, lang, "{posix}");
        let over = [("LC_ALL", posix.as_str()), ("LANG", "en_US.UTF-8")];
        assert_eq!(text(&run(&["rules"], &over, "").stdout), lang, "{posix}");
        // --lang wins over the environment.
        let en = run(
            &["--lang", "en", "rules"],
            &[("LC_ALL", posix.as_str())],
            "",
        );
        assert_eq!(text(&en.stdout), english, "{posix}");
    }
}

#[test]
fn errors_are_sentences_of_the_language_and_data_stays_english() {
    for locale in translations() {
        let catalogue = Catalogue::for_locale(locale.tag).unwrap();
        let error =
            |message: String| catalogue.format("cli-error", &[("message", message.into())]) + "\n";
        let out = run(
            &[
                "play",
                "--lang",
                locale.tag,
                "--players",
                "Ana",
                "--bots",
                "0",
            ],
            &[],
            "",
        );
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            error(catalogue.format("play-too-few-players", &[]))
        );
        // An error in the arguments, said before they are all read.
        let out = run(
            &["analyze", "--rules", "die=1", "--lang", locale.tag],
            &[],
            "",
        );
        assert_eq!(out.status.code(), Some(2));
        let said = text(&out.stderr);
        assert!(said.starts_with(&catalogue.format("cli-error", &[("message", "".into())])));
        assert!(!said.contains("faces"), "{said}");
        // The grid reader's own words about a line it cannot read are the language's too;
        // the answer stays `error`.
        let out = run(
            &["solve", "--jsonl", "--lang", locale.tag],
            &[],
            "[[-1,-1],[-1,x]]\n",
        );
        assert_eq!(text(&out.stdout), "error\n");
        let said = text(&out.stderr);
        let problem = snakes_text::errors::grid_problem(
            &catalogue,
            &snakes::GridProblem::NotANumber {
                row: 1,
                col: 1,
                found: Some('x'),
            },
        );
        assert!(said.contains(&problem), "{said}");
        assert!(
            !said.contains("expected") && !said.contains("found"),
            "{said}"
        );
        // JSON is for programs: the same in every language.
        let json = |lang: &str| {
            text(
                &run(
                    &["board", "check", "classic", "--json", "--lang", lang],
                    &[],
                    "",
                )
                .stdout,
            )
        };
        assert_eq!(json(locale.tag), json("en"));
    }
}

#[test]
fn tables_line_up_by_the_columns_letters_take() {
    for locale in LOCALES {
        let out = run(
            &["analyze", "--compare", "ending", "--lang", locale.tag],
            &[],
            "",
        );
        let said = text(&out.stdout);
        let lines: Vec<&str> = said.lines().collect();
        let at = lines.iter().position(|l| l.starts_with("bounce")).unwrap();
        // The heading and the three rows: the last column is aligned right, so every line
        // ends in the same column.
        let table = &lines[at - 1..at + 3];
        let widths: Vec<usize> = table.iter().map(|l| width(l)).collect();
        assert!(
            widths.iter().all(|&w| w == widths[0]),
            "{}: {table:#?}",
            locale.tag
        );
    }
}

//! What a person hears at the terminal, for `snakes play` and `snakes join` alike: one line per
//! announcement, flushed at once so a screen reader speaks it now; the history the comma and
//! period keys read back; the last announcement A says again; and a line typed key by key
//! (a square's number, a name, a message).

use std::io::{self, Write};

use snakes_text::Narrator;
use snakes_text::keys::Reading;

use super::keys::Key;

/// Lines said, and kept.
pub struct Screen<W: Write> {
    out: W,
    /// Words of the history's own lines ("3 of 12: ...", "Nothing said yet.").
    narrator: Narrator,
    /// Every line said about the game and every answer to a key, refusals included (not the
    /// help, the board or the questions asked), for the history keys.
    history: Vec<String>,
    /// The line of the history last read again; `None` after anything else.
    place: Option<usize>,
    /// The last announcement, as it was said (the A key says it again).
    last: Vec<String>,
    /// Keys come from a terminal, which shows what is typed as it is typed.
    pub tty: bool,
}

impl<W: Write> Screen<W> {
    /// Lines said to `out`, the history's own in the words of `narrator`.
    pub fn new(out: W, narrator: Narrator, tty: bool) -> Self {
        Screen {
            out,
            narrator,
            history: Vec::new(),
            place: None,
            last: Vec::new(),
            tty,
        }
    }

    /// Prints one line (one announcement) and flushes it, so a screen reader speaks it now.
    pub fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    /// Prints lines, one announcement each, without keeping them.
    pub fn say_all(&mut self, lines: &[String]) -> io::Result<()> {
        for line in lines {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    /// Says `lines` and keeps them in the history: the last announcement.
    pub fn tell(&mut self, lines: Vec<String>) -> io::Result<()> {
        self.say_all(&lines)?;
        self.last.clone_from(&lines);
        self.history.extend(lines);
        Ok(())
    }

    /// Says `said` (the announcement) and keeps `every` line in the history: the others'
    /// moves said in one line are read back one by one.
    pub fn tell_apart(&mut self, said: Vec<String>, every: Vec<String>) -> io::Result<()> {
        self.say_all(&said)?;
        self.last = said;
        self.history.extend(every);
        Ok(())
    }

    /// Keeps `lines` in the history without saying them (what was said before one came).
    pub fn keep(&mut self, lines: impl IntoIterator<Item = String>) {
        self.history.extend(lines);
    }

    /// Brings the history's place back to its end (after any key but a history key).
    pub fn back_to_end(&mut self) {
        self.place = None;
    }

    /// Says the last announcement again, as it was said.
    pub fn repeat(&mut self) -> io::Result<()> {
        if self.last.is_empty() {
            let line = self.narrator.message("history-empty", &[]);
            return self.say(&line);
        }
        let last = self.last.clone();
        self.say_all(&last)
    }

    /// Reads a line of the history again, with its number: the one before the line last read
    /// (the last line, when none was), after it, the first or the last.
    pub fn read_back(&mut self, reading: Reading) -> io::Result<()> {
        let count = self.history.len();
        let last = count.saturating_sub(1);
        let at = match (reading, self.place) {
            (Reading::First, _) => 0,
            (Reading::Previous, Some(i)) => i.saturating_sub(1),
            (Reading::Next, Some(i)) => (i + 1).min(last),
            _ => last,
        };
        self.place = Some(at);
        let text = self.history.get(at).map_or("", String::as_str);
        let line = self.narrator.history_entry(at + 1, count, text);
        self.say(&line)
    }

    /// Shows a character typed (a terminal shows the line as it is typed; a script's lines
    /// are not echoed).
    pub fn echo(&mut self, text: &str) -> io::Result<()> {
        if self.tty {
            write!(self.out, "{text}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Ends the line being typed, when something else is to be said.
    pub fn end_typed_line(&mut self, typed: &str) -> io::Result<()> {
        if self.tty && !typed.is_empty() {
            writeln!(self.out)?;
        }
        Ok(())
    }
}

/// A line typed key by key: what each key does to it.
#[derive(Debug, Default)]
pub struct Typing {
    /// What is typed so far.
    pub text: String,
    /// The most characters it takes; keys past them are not taken.
    pub max: usize,
    /// Only digits are taken.
    pub digits: bool,
}

/// What a key did to a [`Typing`].
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    /// A character was added: show it.
    Added(char),
    /// The last character was taken back: rub it out.
    Erased,
    /// Nothing changed (a key past the most characters, Backspace on nothing).
    Nothing,
    /// Enter: the line is done.
    Done(String),
    /// Any other key: nothing is typed after all.
    Cancelled,
}

impl Typing {
    /// A line of at most `max` characters, only digits when `digits`.
    pub fn new(max: usize, digits: bool) -> Self {
        Typing {
            text: String::new(),
            max,
            digits,
        }
    }

    /// What `key` does to the line: a script's whole line (or number) ends it at once.
    pub fn key(&mut self, key: &Key) -> Typed {
        match key {
            Key::Number(n) if self.text.is_empty() => Typed::Done(n.to_string()),
            Key::Text(line) if self.text.is_empty() && (!self.digits || is_number(line)) => {
                Typed::Done(line.clone())
            }
            Key::Char(c) if self.digits && !c.is_ascii_digit() => Typed::Cancelled,
            Key::Char(_) if self.text.chars().count() >= self.max => Typed::Nothing,
            Key::Char(c) => {
                self.text.push(*c);
                Typed::Added(*c)
            }
            Key::Erase => match self.text.pop() {
                Some(_) => Typed::Erased,
                None => Typed::Nothing,
            },
            Key::Enter => Typed::Done(std::mem::take(&mut self.text)),
            _ => Typed::Cancelled,
        }
    }
}

/// Whether `line` is digits alone (a number of up to [`super::keys::MAX_DIGITS`] of them
/// comes as [`Key::Number`]; a script's one digit comes as text).
fn is_number(line: &str) -> bool {
    !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit())
}

impl<W: Write> Screen<W> {
    /// Shows what `typed` did to the line on the screen.
    pub fn show(&mut self, typed: &Typed) -> io::Result<()> {
        match typed {
            Typed::Added(c) => self.echo(&c.to_string()),
            Typed::Erased => self.echo("\u{8} \u{8}"),
            Typed::Done(text) if !text.is_empty() => self.echo("\n"),
            Typed::Done(_) => Ok(()),
            Typed::Nothing | Typed::Cancelled => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_typed_key_by_key() {
        let mut t = Typing::new(3, true);
        assert_eq!(t.key(&Key::Char('4')), Typed::Added('4'));
        assert_eq!(t.key(&Key::Char('7')), Typed::Added('7'));
        assert_eq!(t.key(&Key::Erase), Typed::Erased);
        assert_eq!(t.key(&Key::Char('2')), Typed::Added('2'));
        assert_eq!(t.key(&Key::Char('1')), Typed::Added('1'));
        assert_eq!(t.key(&Key::Char('9')), Typed::Nothing);
        assert_eq!(t.key(&Key::Enter), Typed::Done("421".into()));
        assert_eq!(t.key(&Key::Number(28)), Typed::Done("28".into()));
        assert_eq!(t.key(&Key::Char('x')), Typed::Cancelled);
        let mut t = Typing::new(10, false);
        assert_eq!(
            t.key(&Key::Text("hello Bo".into())),
            Typed::Done("hello Bo".into())
        );
        assert_eq!(t.key(&Key::Char('한')), Typed::Added('한'));
        assert_eq!(t.key(&Key::Escape), Typed::Cancelled);
    }
}

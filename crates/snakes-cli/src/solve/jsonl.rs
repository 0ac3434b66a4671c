//! `solve --jsonl`: one grid per line in, one answer per line out, in the same order, as they
//! come.
//!
//! The input is read in big chunks; the complete lines of a chunk are cut into as many parts as
//! there are cores (at line ends near even shares), each part answered on a thread of its own
//! where it lies in the chunk, and the answers written in order. A grid written the common way
//! is read in place with its line's end ([`Board::common_grid_line`]): no search for the end, no
//! copy, no UTF-8 check; any other line goes to the general reader, which names what is wrong.
//! A read returns what the input has, so a program feeding lines one at a time gets each answer
//! back at once.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use snakes::{Board, Rules};
use snakes_analysis::solve::{Solver, min_rolls_textbook};
use snakes_text::errors::{board_error, grid_problem};

use super::{format_answer, itoa_buf};
use crate::input::{MAX_INPUT, open_input};
use crate::progress::Progress;
use crate::user_error;
use crate::words::{catalogue, say};

/// The bytes a chunk starts with (it grows to hold a longer line, up to [`MAX_INPUT`]).
const CHUNK: usize = 1 << 20;

/// The fewest bytes of complete lines worth sharing among threads.
const SHARED: usize = 1 << 16;

/// The answer to one line: the fewest rolls (`None`: the last square cannot be reached), or
/// what is wrong with the line and the column where, when it is known.
type Answer = Result<Option<u32>, (Option<usize>, String)>;

/// Runs `solve --jsonl` on the file at `path` (standard input for `None` or `-`).
///
/// # Errors
/// The input cannot be read (a user error naming the line), or the output cannot be written.
pub fn run(path: Option<&Path>, rules: &Rules, naive: bool) -> anyhow::Result<ExitCode> {
    // The size of a file gives the progress line its share done; standard input has none.
    let total = match path {
        Some(p) if p != Path::new("-") => File::open(p)
            .and_then(|f| f.metadata())
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len()),
        _ => None,
    };
    let (_, input) = open_input(path)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(16));
    let mut reader = Chunks::new(input);
    let mut solvers: Vec<Solver> = (0..threads).map(|_| Solver::new()).collect();
    let mut progress = Progress::new("progress-solve-lines");
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut stderr = io::stderr().lock();
    let mut number = 1usize;
    let mut bad_lines = 0usize;
    while let Some(lines) = reader.next(number)? {
        let answers = match lines {
            Lines::Complete(bytes) => answer_all(bytes, number == 1, rules, naive, &mut solvers),
            Lines::TooLong => vec![Err((
                None,
                say!("solve-line-too-long", mib = MAX_INPUT >> 20),
            ))],
        };
        for answer in answers {
            match answer {
                Ok(rolls) => {
                    let mut buf = itoa_buf();
                    out.write_all(format_answer(rolls, &mut buf))?;
                }
                Err((column, message)) => {
                    bad_lines += 1;
                    // Keep the answers and the messages in step for a reader watching both.
                    out.flush()?;
                    progress.clear();
                    writeln!(stderr, "{}", line_error(number, column, message))?;
                    out.write_all(b"error\n")?;
                }
            }
            number += 1;
        }
        if let Some(total) = total {
            progress.update_counted(number as u64 - 1, reader.read, total);
        }
        // Whoever feeds the input may be waiting for these answers.
        out.flush()?;
    }
    out.flush()?;
    Ok(if bad_lines > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// `error: line N: ...` (with the column when it is known).
fn line_error(number: usize, column: Option<usize>, message: String) -> String {
    let message = match column {
        Some(column) => say!(
            "solve-line-error-at",
            line = number,
            column = column,
            message = message
        ),
        None => say!("solve-line-error", line = number, message = message),
    };
    say!("cli-error", message = message)
}

/// The input, read a chunk at a time.
struct Chunks<R> {
    input: R,
    /// The chunk: `buf[..filled]` holds what was read and not yet answered.
    buf: Vec<u8>,
    filled: usize,
    /// The complete lines handed out last, to drop before reading on.
    handed: usize,
    /// How much of what is held is known to hold no line end (a long line read in pieces is
    /// searched once).
    searched: usize,
    /// Whether the input has ended.
    ended: bool,
    /// The bytes read so far.
    read: u64,
}

/// What [`Chunks::next`] hands out.
enum Lines<'a> {
    /// One or more complete lines (the last without its line end at the end of the input).
    Complete(&'a [u8]),
    /// A line longer than [`MAX_INPUT`], skipped to its end without holding it in memory (a
    /// file without line ends, `/dev/zero`).
    TooLong,
}

impl<R: Read> Chunks<R> {
    fn new(input: R) -> Self {
        Chunks {
            input,
            buf: vec![0; CHUNK],
            filled: 0,
            handed: 0,
            searched: 0,
            ended: false,
            read: 0,
        }
    }

    /// The next complete lines, waiting for input if need be; `None` at the end. `number` is
    /// the number of the first line to come, for an error reading it.
    ///
    /// # Errors
    /// A user error naming the line that cannot be read.
    fn next(&mut self, number: usize) -> anyhow::Result<Option<Lines<'_>>> {
        self.buf.copy_within(self.handed..self.filled, 0);
        self.filled -= self.handed;
        self.handed = 0;
        self.searched = 0;
        loop {
            // Complete lines already here (all of it, at the end of the input).
            let end = if self.ended {
                self.filled
            } else {
                self.buf[self.searched..self.filled]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| self.searched + i + 1)
            };
            self.searched = self.filled;
            if end > 0 {
                self.handed = end;
                return Ok(Some(Lines::Complete(&self.buf[..end])));
            }
            if self.ended {
                return Ok(None);
            }
            if self.filled as u64 >= MAX_INPUT {
                self.skip_line(number)?;
                return Ok(Some(Lines::TooLong));
            }
            if self.filled == self.buf.len() {
                // A line longer than the chunk: room for more of it.
                let room = (self.buf.len() * 2).min(MAX_INPUT as usize);
                self.buf.resize(room, 0);
            }
            self.fill(number)?;
        }
    }

    /// Reads what the input has (at least a byte, or its end) after what is held.
    fn fill(&mut self, number: usize) -> anyhow::Result<()> {
        let n = loop {
            match self.input.read(&mut self.buf[self.filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(user_error(say!(
                        "solve-line-cannot-read",
                        line = number,
                        detail = e.to_string()
                    )));
                }
            }
        };
        self.ended = n == 0;
        self.filled += n;
        self.read += n as u64;
        Ok(())
    }

    /// Drops the line held (too long to answer) and the rest of it still to come, up to and
    /// including its line end.
    fn skip_line(&mut self, number: usize) -> anyhow::Result<()> {
        loop {
            self.filled = 0;
            self.fill(number)?;
            if let Some(i) = self.buf[..self.filled].iter().position(|&b| b == b'\n') {
                self.handed = i + 1;
                return Ok(());
            }
            if self.ended {
                return Ok(());
            }
        }
    }
}

/// The answer to every line of `bytes`, in order: cut at line ends into a part for each of
/// `solvers` when there are enough of them, each part answered on a thread of its own.
/// `first_input_line`: `bytes` begins the input (whose first line may start with a byte order
/// mark).
fn answer_all(
    bytes: &[u8],
    first_input_line: bool,
    rules: &Rules,
    naive: bool,
    solvers: &mut [Solver],
) -> Vec<Answer> {
    if bytes.len() < SHARED || solvers.len() == 1 {
        return answer_part(bytes, first_input_line, rules, naive, &mut solvers[0]);
    }
    let parts = cut(bytes, solvers.len());
    std::thread::scope(|scope| {
        let mut work = parts.into_iter().zip(solvers.iter_mut()).enumerate();
        let Some((_, (first, first_solver))) = work.next() else {
            return Vec::new();
        };
        let others: Vec<_> = work
            .map(|(_, (part, solver))| {
                scope.spawn(move || answer_part(part, false, rules, naive, solver))
            })
            .collect();
        let mut answers = answer_part(first, first_input_line, rules, naive, first_solver);
        for other in others {
            // A worker that panicked is a bug of the command: its panic goes on here.
            answers.extend(
                other
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        answers
    })
}

/// `bytes` (complete lines) cut into at most `n` parts of whole lines, of about even size.
fn cut(bytes: &[u8], n: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(n);
    let mut start = 0;
    for k in 1..n {
        let aim = (bytes.len() * k / n).max(start);
        let Some(end) = bytes[aim..].iter().position(|&b| b == b'\n') else {
            break;
        };
        let end = aim + end + 1;
        parts.push(&bytes[start..end]);
        start = end;
    }
    parts.push(&bytes[start..]);
    parts.retain(|p| !p.is_empty());
    parts
}

/// The answer to every line of `part`, in order.
fn answer_part(
    part: &[u8],
    first_input_line: bool,
    rules: &Rules,
    naive: bool,
    solver: &mut Solver,
) -> Vec<Answer> {
    let mut answers = Vec::new();
    let mut rest = part;
    while !rest.is_empty() {
        if let Some((board, read)) = Board::common_grid_line(rest) {
            answers.push(count(&board, rules, naive, solver));
            rest = &rest[read..];
            continue;
        }
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        let first = first_input_line && answers.is_empty();
        answers.push(read_board(&rest[..end], first).and_then(|b| count(&b, rules, naive, solver)));
        rest = &rest[end..];
    }
    answers
}

/// The fewest rolls on `board`, by the search asked for.
fn count(board: &Board, rules: &Rules, naive: bool, solver: &mut Solver) -> Answer {
    if naive {
        min_rolls_textbook(board, rules)
    } else {
        solver.count(board, rules)
    }
    .map_err(|e| (None, board_error(catalogue(), &e)))
}

/// The board of a line read as text (`first`: the input's first line, which may start with a
/// byte order mark), or what is wrong with it and the column where, when it is known.
fn read_board(line: &[u8], first: bool) -> Result<Board, (Option<usize>, String)> {
    let bad = |message: String| (None, message);
    let text = std::str::from_utf8(line).map_err(|_| bad(say!("solve-line-not-utf8")))?;
    if text.trim().is_empty() {
        return Err(bad(say!("solve-line-empty")));
    }
    // The line's own end is not part of the grid: an unclosed grid then ends on this line, and
    // a syntax error's position is a column of this line.
    let text = text.trim_end_matches(['\n', '\r']);
    // A file saved with a byte order mark starts with one; it is not content.
    let text = match first {
        true => text.strip_prefix('\u{feff}').unwrap_or(text),
        false => text,
    };
    Board::from_grid_text(text).map_err(|e| match e {
        snakes::BoardError::Grid {
            line: 1,
            column,
            problem,
        } => (Some(column), grid_problem(catalogue(), &problem)),
        e => bad(board_error(catalogue(), &e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_into_parts_at_their_ends() {
        let text = b"aa\nbbbb\nc\ndd\n";
        let parts = cut(text, 3);
        assert_eq!(parts.concat(), text);
        assert!(parts.iter().all(|p| p.ends_with(b"\n")), "{parts:?}");
        assert_eq!(cut(b"one\n", 4), [b"one\n"]);
    }

    #[test]
    fn chunks_hand_out_complete_lines_and_a_last_line_without_its_end() {
        let mut chunks = Chunks::new(&b"[[-1]]\n[[-1,-1],"[..]);
        let mut got = Vec::new();
        while let Some(lines) = chunks.next(1).unwrap() {
            match lines {
                Lines::Complete(b) => got.push(String::from_utf8_lossy(b).into_owned()),
                Lines::TooLong => got.push("too long".into()),
            }
        }
        assert_eq!(got, ["[[-1]]\n", "[[-1,-1],"]);
    }
}

//! The quick path of the TOML layout reader: a layout written the way `snakes` writes it, or
//! as people usually do (`size`, `rows`, `cols` as plain whole numbers, `ladders` and `snakes`
//! as arrays of `[from, to]` pairs, blanks, newlines and `#` comments between them) is read in
//! one pass, keeping only its numbers. The general reader first builds the whole document,
//! about 35 bytes for every byte of the file, which a board of millions of squares cannot
//! afford. Anything else (a sign, an underscore, a string, a table, a repeated key, a
//! mistake) is left to the general reader, which names what is wrong where; what the quick
//! path reads is what the general reader reads (a test compares them).

/// The keys of a layout, as written.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys {
    pub size: Option<i64>,
    pub rows: Option<i64>,
    pub cols: Option<i64>,
    pub ladders: Option<Vec<(i64, i64)>>,
    pub snakes: Option<Vec<(i64, i64)>>,
}

/// The keys of the TOML layout `text`, or `None` when the general reader must read it.
pub(crate) fn keys(text: &str) -> Option<Keys> {
    let mut r = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let mut keys = Keys::default();
    loop {
        r.blanks();
        match r.peek() {
            None => return Some(keys),
            Some(b'#') => r.comment()?,
            Some(b'\n') => r.at += 1,
            Some(b'\r') => r.newline()?,
            Some(_) => {
                r.key_value(&mut keys)?;
                r.blanks();
                match r.peek() {
                    None => return Some(keys),
                    Some(b'#') => r.comment()?,
                    _ => r.newline()?,
                }
            }
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Spaces and tabs, TOML's blanks within a line.
    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// `\n` or `\r\n` (a lone `\r` is the general reader's to name).
    fn newline(&mut self) -> Option<()> {
        match (self.peek()?, self.bytes.get(self.at + 1)) {
            (b'\n', _) => self.at += 1,
            (b'\r', Some(b'\n')) => self.at += 2,
            _ => return None,
        }
        Some(())
    }

    /// A `#` comment up to the end of its line, which TOML allows to hold any character but
    /// the controls other than tab.
    fn comment(&mut self) -> Option<()> {
        while let Some(b) = self.peek() {
            match b {
                b'\n' | b'\r' => break,
                b'\t' => {}
                0..=0x1f | 0x7f => return None,
                _ => {}
            }
            self.at += 1;
        }
        Some(())
    }

    /// Blanks, newlines and comments, as TOML allows them between an array's values.
    fn gaps(&mut self) -> Option<()> {
        loop {
            self.blanks();
            match self.peek() {
                Some(b'#') => self.comment()?,
                Some(b'\n' | b'\r') => self.newline()?,
                _ => return Some(()),
            }
        }
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// `key = value` for one of the layout's keys, each at most once.
    fn key_value(&mut self, keys: &mut Keys) -> Option<()> {
        let start = self.at;
        while matches!(self.peek(), Some(b'a'..=b'z')) {
            self.at += 1;
        }
        let key = &self.bytes[start..self.at];
        self.blanks();
        self.eat(b'=')?;
        self.blanks();
        fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
            slot.is_none().then(|| *slot = Some(value))
        }
        match key {
            b"size" => once(&mut keys.size, self.whole()?),
            b"rows" => once(&mut keys.rows, self.whole()?),
            b"cols" => once(&mut keys.cols, self.whole()?),
            b"ladders" => once(&mut keys.ladders, self.pairs()?),
            b"snakes" => once(&mut keys.snakes, self.pairs()?),
            _ => None,
        }
    }

    /// A whole number written as digits alone, without a leading zero (which TOML forbids)
    /// and short enough to be an `i64` whatever its digits.
    fn whole(&mut self) -> Option<i64> {
        let start = self.at;
        let mut value: i64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            // Wrapping: a number of more than 18 digits is refused below.
            value = value.wrapping_mul(10).wrapping_add(i64::from(d - b'0'));
            self.at += 1;
        }
        let digits = self.at - start;
        let leading_zero = digits > 1 && self.bytes[start] == b'0';
        // What follows a number is a blank, a comma, a bracket or the line's end: `1_000`,
        // `1.5` or `1e3` are the general reader's.
        let after = matches!(
            self.peek(),
            None | Some(b' ' | b'\t' | b',' | b']' | b'#' | b'\n' | b'\r')
        );
        (digits > 0 && digits <= 18 && !leading_zero && after).then_some(value)
    }

    /// `[[from, to], ...]`, with blanks, newlines and comments between the values and a comma
    /// allowed after the last one.
    fn pairs(&mut self) -> Option<Vec<(i64, i64)>> {
        self.eat(b'[')?;
        let mut pairs = Vec::new();
        loop {
            self.gaps()?;
            if self.eat(b']').is_some() {
                return Some(pairs);
            }
            pairs.push(self.pair()?);
            self.gaps()?;
            if self.eat(b',').is_none() {
                self.gaps()?;
                return self.eat(b']').map(|()| pairs);
            }
        }
    }

    /// `[from, to]`: exactly two numbers, a comma allowed after the second.
    fn pair(&mut self) -> Option<(i64, i64)> {
        self.eat(b'[')?;
        self.gaps()?;
        let from = self.whole()?;
        self.gaps()?;
        self.eat(b',')?;
        self.gaps()?;
        let to = self.whole()?;
        self.gaps()?;
        if self.eat(b',').is_some() {
            self.gaps()?;
        }
        self.eat(b']')?;
        Some((from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Rng, random_board};

    /// The keys as the `toml` crate reads them, where they have the layout's shapes.
    fn by_toml(text: &str) -> Option<Keys> {
        let table: toml::Table = toml::from_str(text).ok()?;
        let whole = |v: &toml::Value| v.as_integer();
        let pairs = |v: &toml::Value| -> Option<Vec<(i64, i64)>> {
            v.as_array()?
                .iter()
                .map(|p| match p.as_array()?.as_slice() {
                    [from, to] => Some((whole(from)?, whole(to)?)),
                    _ => None,
                })
                .collect()
        };
        let mut keys = Keys::default();
        for (key, value) in &table {
            match key.as_str() {
                "size" => keys.size = Some(whole(value)?),
                "rows" => keys.rows = Some(whole(value)?),
                "cols" => keys.cols = Some(whole(value)?),
                "ladders" => keys.ladders = Some(pairs(value)?),
                "snakes" => keys.snakes = Some(pairs(value)?),
                _ => return None,
            }
        }
        Some(keys)
    }

    /// Texts written well and badly, each in several spacings.
    fn texts() -> Vec<String> {
        let bodies = [
            "size = 10\nladders = [[1, 38], [4, 14]]\nsnakes = [[16, 6]]\n",
            "rows = 3\ncols = 4\nladders = []\nsnakes = []",
            "size = 6 # a comment\n\n# a line of comment\nladders = [ [2,15] , [14,35], ]\n",
            "size = 6\nladders = [\n  [2, 15], # the first\n  [14, 35],\n]\nsnakes = [[17, 4]]\n",
            "size = 6\nladders = [[2, 15,], [3, 9]]\n",
            "size = 0\n",
            "size = 999999999999999999\n",
            "size = 9999999999999999999\n",
            "size = 99999999999999999999999999999\n",
            "size = 007\n",
            "size = 0x10\n",
            "size = +6\n",
            "size = -6\n",
            "size = 1_000\n",
            "size = 6.0\n",
            "size = 6e1\n",
            "size = 6\nsize = 6\n",
            "size = \"6\"\n",
            "\"size\" = 6\n",
            "Size = 6\n",
            "sizes = 6\n",
            "size.x = 6\n",
            "[board]\nsize = 6\n",
            "[[ladders]]\n",
            "size = 6\nname = \"mine\"\n",
            "size = 6 ladders = []\n",
            "size = 6\nladders = [[1, 2, 3]]\n",
            "size = 6\nladders = [[1]]\n",
            "size = 6\nladders = [[1, 2]\n",
            "size = 6\nladders = [[1, 2],, [3, 4]]\n",
            "size = 6\nladders = [,]\n",
            "size = 6\nladders = [[1, 2] [3, 4]]\n",
            "size = 6\nladders = [1, 2]\n",
            "size = 6 # bell \u{7}\n",
            "size = 6 # caf\u{e9}\n",
            "size = 6\r\nladders = [[1, 2]]\r\n",
            "size = 6\rladders = [[1, 2]]\r",
            "size = 6\n// a comment\n",
            "size =\n6\n",
            "  \tsize\t=\t6\t\n",
            "",
            "#",
            "size = 6\nladders = [[1, 2]]\nsnakes = [[5, 3]]\nladders = [[2, 4]]\n",
        ];
        let mut texts = Vec::new();
        for body in bodies {
            texts.push(body.to_string());
            texts.push(body.replace(", ", ","));
            texts.push(body.replace('\n', "\r\n"));
            texts.push(body.replace('[', "[ ").replace(']', " ]"));
            texts.push(body.replace(',', ",\n"));
        }
        texts
    }

    #[test]
    fn what_the_quick_path_reads_is_what_toml_reads() {
        let mut quick = 0;
        for text in texts() {
            let keys = keys(&text);
            if keys.is_some() {
                quick += 1;
                assert_eq!(keys, by_toml(&text), "{text:?}");
            }
        }
        // Most well-written forms take the quick path: the test compares something.
        assert!(quick >= 25, "only {quick} texts took the quick path");
    }

    #[test]
    fn every_layout_snakes_writes_takes_the_quick_path() {
        let mut rng = Rng::new(7);
        for (rows, cols) in [(10, 10), (1, 7), (30, 20), (64, 64)] {
            for _ in 0..5 {
                let jumps = (rng.next_u64() % u64::from(rows * cols / 4)) as usize;
                let board = random_board(rows, cols, jumps, rows * cols, rng.next_u64()).unwrap();
                let text = board.to_layout_toml();
                let keys = keys(&text).unwrap_or_else(|| panic!("not quick: {text}"));
                assert_eq!(Some(&keys), by_toml(&text).as_ref());
                let read = Board::parse_as(&text, crate::Format::LayoutToml).unwrap();
                assert_eq!(read, board);
            }
        }
    }

    #[test]
    fn the_quick_path_sees_every_pair() {
        let k = keys("size = 6\nladders = [[2, 15], [14, 35]]\nsnakes = [[17, 4]]\n").unwrap();
        assert_eq!(k.size, Some(6));
        assert_eq!(k.ladders, Some(vec![(2, 15), (14, 35)]));
        assert_eq!(k.snakes, Some(vec![(17, 4)]));
        assert_eq!(keys("size = 6 # bell \u{7}\n"), None);
    }
}

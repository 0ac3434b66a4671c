//! Where `analyze --plot` writes its chart, and in which format: SVG for a `.svg` file, PNG
//! (drawn from the same SVG by resvg, with the system's fonts, when the command is built with
//! the `png` feature) for a `.png` file.
//!
//! Everything that can be known about the file before the analysis is checked before it
//! starts ([`PlotFile::prepare`]): the name, that the file can be written, and for a PNG that
//! the command can draw one and that the system's fonts have every letter of the chart's
//! words. An analysis of minutes is not lost to a missing folder found at its end.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;

use clap::builder::TypedValueParser;

use crate::words::say;
use crate::{UserError, user_error};

#[cfg(feature = "png")]
mod png;

/// The image formats a chart is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    /// The chart as drawn: scalable, with its text searchable and read by screen readers.
    Svg,
    /// Pixels, for places that take no SVG.
    Png,
}

/// A chart file named on the command line, its format told by its extension.
#[derive(Debug, Clone)]
pub struct PlotFile {
    path: PathBuf,
    format: ImageFormat,
}

/// Reads `--plot FILE` (a name that need not be UTF-8).
#[derive(Debug, Clone, Copy)]
pub struct PlotFileParser;

impl TypedValueParser for PlotFileParser {
    type Value = PlotFile;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<PlotFile, clap::Error> {
        PlotFile::parse(value).map_err(|e| crate::input::value_error(e.0))
    }
}

impl PlotFile {
    /// Reads `--plot FILE`: the name must end in `.svg` or `.png` (in any case).
    ///
    /// # Errors
    /// Any other name, saying which names work.
    pub fn parse(text: &OsStr) -> Result<PlotFile, UserError> {
        let path = PathBuf::from(text);
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let format = match ext.as_deref() {
            Some("svg") => ImageFormat::Svg,
            Some("png") => ImageFormat::Png,
            _ => return Err(UserError(say!("plot-bad-name"))),
        };
        Ok(PlotFile { path, format })
    }

    /// Checks, before any work is done, that the chart can be written: for a PNG that this
    /// command draws PNGs and that the system's fonts hold every letter of `words` (the
    /// chart's words as far as they are known), then opens the file for writing. A file it
    /// creates is removed again if the chart is never written.
    ///
    /// # Errors
    /// A user error saying what stands in the way: PNG charts not built in, a letter no font
    /// has (naming a package that has it), or a file that cannot be written (no such folder,
    /// no permission).
    pub fn prepare(&self, words: &str) -> anyhow::Result<PlotTarget> {
        if self.format == ImageFormat::Png {
            #[cfg(feature = "png")]
            png::check_fonts(words)?;
            #[cfg(not(feature = "png"))]
            {
                let _ = words;
                return Err(user_error(say!("plot-png-not-built")));
            }
        }
        let existed = self.path.exists();
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(&self.path)
            .map_err(|e| self.cannot_write(&e))?;
        Ok(PlotTarget {
            plot: self.clone(),
            file: Some(file),
            created: !existed,
        })
    }

    /// The user error naming the file and why it cannot be written.
    fn cannot_write(&self, e: &std::io::Error) -> anyhow::Error {
        let (reason, detail) = crate::input::io_reason(e, &self.path);
        user_error(say!(
            "file-cannot-write",
            name = self.path.display().to_string(),
            reason = reason,
            detail = detail
        ))
    }
}

/// A chart file opened for writing before the analysis ([`PlotFile::prepare`]).
#[derive(Debug)]
pub struct PlotTarget {
    plot: PlotFile,
    /// Until the chart is written.
    file: Option<File>,
    /// Whether opening it created it (so that a chart never written leaves nothing behind).
    created: bool,
}

impl PlotTarget {
    /// Writes the chart `svg` in the file's format, and says on standard error what was
    /// written.
    ///
    /// # Errors
    /// The file cannot be written (a user error naming it), or the chart cannot be drawn.
    pub fn write(mut self, svg: &str) -> anyhow::Result<()> {
        let name = self.plot.path.display().to_string();
        let (bytes, wrote) = match self.plot.format {
            ImageFormat::Svg => (
                svg.as_bytes().to_vec(),
                say!("plot-wrote-svg", file = &name),
            ),
            ImageFormat::Png => {
                let (png, width, height) = draw_png(svg)?;
                let wrote = say!(
                    "plot-wrote-png",
                    file = &name,
                    width = width,
                    height = height
                );
                (png, wrote)
            }
        };
        if let Some(mut file) = self.file.take() {
            file.set_len(0)
                .and_then(|()| file.write_all(&bytes))
                .map_err(|e| self.plot.cannot_write(&e))?;
        }
        eprintln!("{wrote}");
        Ok(())
    }
}

impl Drop for PlotTarget {
    fn drop(&mut self) {
        // Never written: leave no empty file behind where there was none.
        if self.file.take().is_some() && self.created {
            let _ = std::fs::remove_file(&self.plot.path);
        }
    }
}

/// The chart drawn into pixels, encoded as PNG, with its size.
#[cfg(feature = "png")]
fn draw_png(svg: &str) -> anyhow::Result<(Vec<u8>, u32, u32)> {
    png::draw(svg)
}

/// Without the `png` feature a PNG target is refused by [`PlotFile::prepare`].
#[cfg(not(feature = "png"))]
fn draw_png(_svg: &str) -> anyhow::Result<(Vec<u8>, u32, u32)> {
    Err(user_error(say!("plot-png-not-built")))
}

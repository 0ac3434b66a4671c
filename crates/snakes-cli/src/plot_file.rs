//! Where `analyze --plot` writes its chart, and in which format: SVG for a `.svg` file, PNG
//! (drawn from the same SVG by resvg, with the system's fonts) for a `.png` file.

use std::path::PathBuf;

use resvg::{tiny_skia, usvg};

use crate::words::say;
use crate::{UserError, user_error};

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

impl PlotFile {
    /// Reads `--plot FILE`: the name must end in `.svg` or `.png` (in any case).
    ///
    /// # Errors
    /// Any other name, saying which names work.
    pub fn parse(text: &str) -> Result<PlotFile, UserError> {
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

    /// Writes the chart `svg` in the file's format, and says on standard error what was
    /// written.
    ///
    /// # Errors
    /// The file cannot be written (a user error naming it), or the chart cannot be drawn.
    pub fn write(&self, svg: &str) -> anyhow::Result<()> {
        let name = self.path.display().to_string();
        let wrote = match self.format {
            ImageFormat::Svg => {
                self.save(svg.as_bytes())?;
                say!("plot-wrote-svg", file = &name)
            }
            ImageFormat::Png => {
                let (png, width, height) = png(svg)?;
                self.save(&png)?;
                say!(
                    "plot-wrote-png",
                    file = &name,
                    width = width,
                    height = height
                )
            }
        };
        eprintln!("{wrote}");
        Ok(())
    }

    /// Writes `bytes` to the file.
    ///
    /// # Errors
    /// A user error naming the file and why it cannot be written.
    fn save(&self, bytes: &[u8]) -> anyhow::Result<()> {
        std::fs::write(&self.path, bytes).map_err(|e| {
            let (reason, detail) = crate::input::io_reason(&e);
            user_error(say!(
                "file-cannot-write",
                name = self.path.display().to_string(),
                reason = reason,
                detail = detail
            ))
        })?;
        Ok(())
    }
}

/// The chart drawn into pixels, encoded as PNG, with its size.
fn png(svg: &str) -> anyhow::Result<(Vec<u8>, u32, u32)> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // A chart without its words would be worse than no chart: say what is missing.
    let Some(family) = sans_family(fonts) else {
        anyhow::bail!(say!("plot-no-fonts"));
    };
    fonts.set_sans_serif_family(family);
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| anyhow::anyhow!(say!("plot-too-big", width = width, height = height)))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok((pixmap.encode_png()?, width, height))
}

/// The family drawn for `sans-serif` (the chart asks for Helvetica, then Arial, then that): a
/// common sans-serif face when the system has one, else any face it has.
fn sans_family(fonts: &usvg::fontdb::Database) -> Option<String> {
    let families: Vec<&str> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.as_str()))
        .collect();
    [
        "DejaVu Sans",
        "Liberation Sans",
        "Noto Sans",
        "FreeSans",
        "Arial",
        "Helvetica",
    ]
    .iter()
    .find(|want| families.contains(want))
    .map(|name| (*name).to_string())
    .or_else(|| families.first().map(|name| (*name).to_string()))
}

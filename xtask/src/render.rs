//! Rendering SVG pictures to PNG in a real browser, headless Chromium, and
//! checking a few pixels of the start position: the pieces' colours on their
//! points and the river between ranks 4 and 5.
//!
//! Debian's `chromium` and the fonts of `fonts-noto-cjk` are what it is
//! checked with: `apt-get install -y chromium fonts-noto-cjk`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use board_geometry::render::{Ink, SVG_BOARD_FILL, SVG_CELL, SVG_MARGIN_TOP, SVG_MARGIN_X, SVG_PIECE_FILL};
use cli::{Streams, run_tool};

/// What to tell a user who has no Chromium.
pub const INSTALL_HINT: &str = "install it with `apt-get install -y chromium fonts-noto-cjk`";

/// The names Chromium goes by on `PATH`, Debian's first.
const CHROMIUM_NAMES: [&str; 4] = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/// The Chromium on `PATH` (or named by `CHROMIUM`), if any.
#[must_use]
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM").map(PathBuf::from) {
        return path.is_file().then_some(path);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| CHROMIUM_NAMES.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The width and height an SVG file declares on its root element.
///
/// # Errors
/// The text has no `<svg ... width="W" height="H">`.
pub fn svg_size(svg: &str) -> anyhow::Result<(u32, u32)> {
    let start = svg.find("<svg").context("no <svg> element")?;
    let tag = &svg[start..start + svg[start..].find('>').context("an unclosed <svg> element")?];
    let attribute = |name: &str| -> anyhow::Result<u32> {
        let key = format!(" {name}=\"");
        let from = tag.find(&key).with_context(|| format!("the <svg> element has no {name}"))? + key.len();
        let value = &tag[from..from + tag[from..].find('"').context("an unclosed attribute")?];
        value.parse().with_context(|| format!("{name}=\"{value}\" is not a whole number"))
    };
    Ok((attribute("width")?, attribute("height")?))
}

/// Renders the SVG file `svg` to the PNG file `png` with headless Chromium,
/// at the size the SVG declares and one pixel per unit.
///
/// # Errors
/// Chromium fails, takes more than a minute, or writes no PNG.
pub fn render(chromium: &Path, svg: &Path, png: &Path) -> anyhow::Result<()> {
    let text = fs::read_to_string(svg).with_context(|| format!("{}: cannot read", svg.display()))?;
    let (width, height) = svg_size(&text).with_context(|| svg.display().to_string())?;
    let svg = fs::canonicalize(svg)?;
    let profile = std::env::temp_dir().join(format!("xtask-chromium-{}-{}", std::process::id(), unique()));
    let _ = fs::remove_file(png);
    let mut child = Command::new(chromium)
        .args(cli::chromium::HEADLESS_FLAGS)
        .arg("--hide-scrollbars")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", svg.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {}", chromium.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            let _ = fs::remove_dir_all(&profile);
            bail!("{} took more than a minute to render {}", chromium.display(), svg.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
    }
    let _ = fs::remove_dir_all(&profile);
    ensure!(
        status.success() && png.is_file(),
        "{} failed ({status}) to render {}:\n{stderr}",
        chromium.display(),
        svg.display()
    );
    Ok(())
}

/// A number no other call in this process has had.
fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A decoded PNG: 8-bit RGBA pixels, row by row.
#[derive(Clone, Debug)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    rgba: Vec<u8>,
}

impl Image {
    /// Reads a PNG file.
    ///
    /// # Errors
    /// The file cannot be read or is not a PNG.
    pub fn read(path: &Path) -> anyhow::Result<Image> {
        let file = fs::File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().with_context(|| format!("{}: not a PNG", path.display()))?;
        let size = reader.output_buffer_size().context("the PNG is too large")?;
        let mut buffer = vec![0; size];
        let info =
            reader.next_frame(&mut buffer).with_context(|| format!("{}: cannot decode", path.display()))?;
        buffer.truncate(info.buffer_size());
        let rgba = match info.color_type {
            png::ColorType::Rgba => buffer,
            png::ColorType::Rgb => buffer.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
            png::ColorType::GrayscaleAlpha => {
                buffer.chunks(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect()
            }
            png::ColorType::Grayscale => buffer.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            png::ColorType::Indexed => bail!("{}: an indexed PNG was not expanded", path.display()),
        };
        Ok(Image { width: info.width, height: info.height, rgba })
    }

    /// The colour of the pixel at `(x, y)`.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let at = (y as usize * self.width as usize + x as usize) * 4;
        Rgb(self.rgba[at], self.rgba[at + 1], self.rgba[at + 2])
    }

    /// The pixels within `radius` of `(cx, cy)`.
    fn around(&self, cx: i32, cy: i32, radius: i32) -> Vec<Rgb> {
        let mut pixels = Vec::new();
        for y in cy - radius..=cy + radius {
            for x in cx - radius..=cx + radius {
                let inside = (x - cx).pow(2) + (y - cy).pow(2) <= radius * radius;
                if inside && x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
                    pixels.push(self.pixel(x as u32, y as u32));
                }
            }
        }
        pixels
    }
}

/// A colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour of an SVG colour `#rrggbb`.
    ///
    /// # Panics
    /// If `hex` is not of that form (the colours are the crate's own constants).
    #[must_use]
    pub fn hex(hex: &str) -> Rgb {
        let byte = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).expect("an #rrggbb colour");
        Rgb(byte(1), byte(3), byte(5))
    }

    /// The largest difference of one channel between two colours.
    #[must_use]
    pub fn distance(self, other: Rgb) -> u8 {
        let d = |a: u8, b: u8| a.abs_diff(b);
        d(self.0, other.0).max(d(self.1, other.1)).max(d(self.2, other.2))
    }
}

/// What the check of the start position saw.
#[derive(Clone, Debug)]
pub struct StartReport {
    /// The PNG that was checked.
    pub png: PathBuf,
    /// Pixels in the red general's character that are (nearly) the pieces' red.
    pub red_on_e0: usize,
    /// Pixels in the black general's character that are (nearly) the pieces' black.
    pub black_on_e9: usize,
    /// Pixels of the river's words 楚 河 in the lines' brown.
    pub river_words: usize,
}

/// Renders the start position (`xiangqi show --svg`) in Chromium into `dir`
/// and checks its pixels: the PNG is the SVG's size; the red general's point
/// e0 shows red strokes on the piece's disc and no black ones, the black
/// general's point e9 black strokes and no red ones; on file e the river
/// between ranks 4 and 5 is bare board while the file's line shows between
/// ranks 3 and 4; and the river's words 楚 河 are drawn (the CJK font is there).
///
/// # Errors
/// Rendering fails or a pixel is not what it should be.
pub fn check_start_position(chromium: &Path, dir: &Path) -> anyhow::Result<StartReport> {
    fs::create_dir_all(dir)?;
    let svg_path = dir.join("start.svg");
    let png_path = dir.join("start.png");
    let mut stdin: &[u8] = &[];
    let (mut svg, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut svg, stderr: &mut stderr };
    let code = run_tool("xiangqi", ["xiangqi", "show", "--svg"], &mut streams);
    ensure!(code == Some(0), "xiangqi show --svg failed: {}", String::from_utf8_lossy(&stderr));
    fs::write(&svg_path, &svg)?;
    render(chromium, &svg_path, &png_path)?;
    let image = Image::read(&png_path)?;
    let (width, height) = svg_size(&String::from_utf8_lossy(&svg))?;
    ensure!(
        (image.width, image.height) == (width, height),
        "the PNG is {}x{}, the SVG {width}x{height}",
        image.width,
        image.height
    );

    let point =
        |file: i32, rank: i32| (SVG_MARGIN_X + file * SVG_CELL, SVG_MARGIN_TOP + (9 - rank) * SVG_CELL);
    let (red, black, brown) =
        (Rgb::hex(Ink::Red.svg()), Rgb::hex(Ink::Black.svg()), Rgb::hex(Ink::Board.svg()));
    let (board, disc) = (Rgb::hex(SVG_BOARD_FILL), Rgb::hex(SVG_PIECE_FILL));
    let count = |pixels: &[Rgb], colour: Rgb| pixels.iter().filter(|p| p.distance(colour) <= 40).count();

    ensure!(
        image.pixel(2, 2).distance(board) <= 8,
        "the corner is {:?}, not the board's colour",
        image.pixel(2, 2)
    );
    // The characters fill the middle of each disc; the disc's own colour shows around them.
    let (x, y) = point(4, 0);
    let e0 = image.around(x, y, 13);
    let red_on_e0 = count(&e0, red);
    ensure!(red_on_e0 >= 20, "only {red_on_e0} red pixels in the red general's character on e0");
    ensure!(count(&e0, black) == 0, "black pixels in the red general's character on e0");
    ensure!(count(&e0, disc) >= 100, "the red general's disc is not its colour on e0");
    let (x, y) = point(4, 9);
    let e9 = image.around(x, y, 13);
    let black_on_e9 = count(&e9, black);
    ensure!(black_on_e9 >= 20, "only {black_on_e9} black pixels in the black general's character on e9");
    ensure!(count(&e9, red) == 0, "red pixels in the black general's character on e9");
    // An empty point: a soldier's point of rank 3 without its piece is e4's neighbour... e4 is empty.
    let (x, _) = point(4, 4);
    let river_y = (point(4, 4).1 + point(4, 5).1) / 2;
    let below_y = (point(4, 3).1 + point(4, 4).1) / 2;
    let xs = (x - 2..=x + 2).map(|x| x as u32);
    let river: Vec<Rgb> = xs.clone().map(|x| image.pixel(x, river_y as u32)).collect();
    ensure!(river.iter().all(|p| p.distance(board) <= 24), "file e crosses the river: {river:?}");
    let line: Vec<Rgb> = xs.map(|x| image.pixel(x, below_y as u32)).collect();
    ensure!(
        line.iter().any(|p| p.distance(brown) <= 60),
        "file e is not drawn between ranks 3 and 4: {line:?}"
    );
    let (x, _) = point(2, 4);
    let words = image.around(x, river_y, 22);
    let river_words = count(&words, brown);
    ensure!(
        river_words >= 30,
        "only {river_words} pixels of the river's words 楚 河: is a CJK font installed?"
    );
    Ok(StartReport { png: png_path, red_on_e0, black_on_e9, river_words })
}

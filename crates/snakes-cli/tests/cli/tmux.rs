//! A real terminal for the tests of `snakes play` and `snakes join`: a tmux server of the
//! test's own, keys pressed into it, and its screen read each time the program writes.

use std::process::Command;

use super::scratch;

/// A tmux server of our own (its own socket), killed when the test ends.
pub struct Tmux {
    socket: String,
    /// One `()` each time the game writes to the terminal (tmux pipes what the pane is sent
    /// into a FIFO, which a thread of the test reads).
    written: std::sync::mpsc::Receiver<()>,
    /// Where the FIFO is.
    _dir: snakes_testing::Scratch,
}

impl Tmux {
    pub fn start(name: &str, command: &str) -> Tmux {
        let found = Command::new("tmux").arg("-V").output();
        assert!(
            found.is_ok_and(|o| o.status.success()),
            "this test drives the game in a real terminal with tmux, which is not installed: \
             install it (apt-get install tmux; ./scripts/test does)"
        );
        let socket = format!("snakes-{name}-{}", std::process::id());
        let dir = scratch();
        let fifo = dir.join("written");
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success(), "mkfifo {}", fifo.display());
        let (tx, written) = std::sync::mpsc::channel();
        std::thread::spawn({
            let fifo = fifo.clone();
            move || {
                use std::io::Read;
                // Opened once tmux's `cat` opens it for writing; ends when tmux is killed.
                let Ok(mut pipe) = std::fs::File::open(&fifo) else {
                    return;
                };
                let mut chunk = [0u8; 4096];
                while matches!(pipe.read(&mut chunk), Ok(n) if n > 0) {
                    if tx.send(()).is_err() {
                        return;
                    }
                }
            }
        });
        let tmux = Tmux {
            socket,
            written,
            _dir: dir,
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            "200",
            "-y",
            "60",
            command,
        ]);
        // From here on, whatever the pane is sent also goes to the FIFO: tmux puts it on the
        // screen before it writes it there, so a look at the screen after each `()` sees it.
        // (What came before is on the screen already.)
        let cat = format!("cat > '{}'", fifo.display());
        tmux.run(&["pipe-pane", "-t", "game", &cat]);
        tmux
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Presses one key (a tmux key name: "r", "Space", "C-c"), with no Enter after it.
    pub fn press(&self, key: &str) {
        self.run(&["send-keys", "-t", "game", key]);
    }

    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "game", "-S", "-200"])
    }

    /// Waits until the screen holds `text`.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |screen| screen.contains(text))
    }

    /// Waits until the screen is as `shows` wants (`what` says how, if it never is): looks at
    /// it, then again each time the game writes to the terminal. The ceiling, a minute, only
    /// keeps a broken build from hanging the suite.
    pub fn wait_until(&self, what: &str, shows: impl Fn(&str) -> bool) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            // What was written so far is on the screen now: one look sees it all.
            while self.written.try_recv().is_ok() {}
            let screen = self.screen();
            if shows(&screen) {
                return screen;
            }
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if self.written.recv_timeout(left).is_err() {
                panic!("the terminal never showed {what}:\n{}", self.screen());
            }
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

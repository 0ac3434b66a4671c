//! Debian's nginx in front of the servers, configured as `docs/scale.md` says (one address,
//! a path for each server, the others tried when one fails or hangs): on a loopback port the
//! suite binds itself and hands to nginx (the `NGINX` variable nginx reads its inherited
//! sockets from), so that no other program can take the port between a look and a bind.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The nginx binary: `$NGINX`, else Debian's.
fn binary() -> PathBuf {
    let path =
        std::env::var_os("NGINX").map_or_else(|| PathBuf::from("/usr/sbin/nginx"), PathBuf::from);
    assert!(
        path.is_file(),
        "the fault suite needs nginx (Debian's `nginx`; scripts/install-test-deps installs it)"
    );
    path
}

/// A running nginx (its master process), stopped when dropped.
pub struct Nginx {
    child: Child,
    /// Where the players reach it.
    pub port: u16,
    dir: PathBuf,
    /// How many times its configuration was written.
    generation: u64,
}

/// The page whose nginx block the suite runs.
const SCALE_MD: &str = include_str!("../../../docs/scale.md");

/// The nginx block of docs/scale.md ("Behind one address: nginx"), for servers on `ports`
/// (its 8081, 8082, 8083), listening on 127.0.0.1:`port` rather than on 443 with a
/// certificate, with a location saying which configuration is in force (`generation`).
fn server_block(port: u16, ports: &[u16], generation: u64) -> String {
    let section = SCALE_MD
        .split("## Behind one address: nginx")
        .nth(1)
        .expect("docs/scale.md has its nginx section");
    let block = section
        .split("```nginx\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("an nginx block in that section");
    let mut out = String::new();
    for line in block.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("ssl_certificate") || trimmed.starts_with("server_name") {
            continue;
        }
        let mut line = if trimmed.starts_with("listen ") {
            format!("    listen 127.0.0.1:{port};")
        } else {
            line.to_string()
        };
        for (documented, real) in [8081, 8082, 8083].iter().zip(ports) {
            line = line.replace(
                &format!("127.0.0.1:{documented}"),
                &format!("127.0.0.1:{real}"),
            );
        }
        out.push_str(&line);
        out.push('\n');
    }
    // The server block ends with the file's last brace: the location goes inside it.
    let end = out.rfind('}').expect("the server block's end");
    out.insert_str(
        end,
        &format!("    location = /generation {{ return 200 '{generation}'; }}\n"),
    );
    out
}

impl Nginx {
    /// The port nginx will listen on, bound now and held until [`Nginx::start`] hands it over
    /// (the servers' public addresses are under it, so they are started before nginx).
    pub fn bind() -> std::net::TcpListener {
        std::net::TcpListener::bind("127.0.0.1:0").unwrap()
    }

    /// nginx in `dir` on `listener` (from [`Nginx::bind`]), in front of servers on `ports`;
    /// returns once the configuration is in force.
    pub async fn start(dir: &Path, listener: std::net::TcpListener, ports: &[u16]) -> Nginx {
        use std::os::fd::AsRawFd;
        std::fs::create_dir_all(dir).unwrap();
        let port = listener.local_addr().unwrap().port();
        write(dir, port, ports, 1);
        // Handed down to nginx alone: inheritable only while nginx starts.
        rustix::io::fcntl_setfd(&listener, rustix::io::FdFlags::empty()).unwrap();
        let child = Command::new(binary())
            .arg("-p")
            .arg(dir)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .args(["-g", "daemon off;"])
            .env("NGINX", format!("{};", listener.as_raw_fd()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        drop(listener);
        let mut nginx = Nginx {
            child,
            port,
            dir: dir.to_path_buf(),
            generation: 1,
        };
        nginx.in_force().await;
        nginx
    }

    /// Points nginx at servers on `ports` (a server started again took another port), and
    /// returns once the new configuration is in force.
    pub async fn point(&mut self, ports: &[u16]) {
        self.generation += 1;
        write(&self.dir, self.port, ports, self.generation);
        let old = workers(self.child.id());
        rustix::process::kill_process(
            rustix::process::Pid::from_child(&self.child),
            rustix::process::Signal::HUP,
        )
        .unwrap();
        self.in_force().await;
        // The workers of before may still take a connection until they have gone (their
        // connections are closed within `worker_shutdown_timeout`). A worker that missed its
        // master's word (seen once in a few runs of nginx 1.22, a reload a second after a
        // start) is told again, then ended.
        let gone = || {
            old.iter()
                .all(|pid| !Path::new(&format!("/proc/{pid}")).exists())
        };
        for (signal, tries) in [
            (None, 300),
            (Some(rustix::process::Signal::QUIT), 300),
            (Some(rustix::process::Signal::KILL), 3000),
        ] {
            if let Some(signal) = signal {
                for pid in &old {
                    if let Some(pid) = rustix::process::Pid::from_raw(*pid as i32) {
                        let _ = rustix::process::kill_process(pid, signal);
                    }
                }
            }
            for _ in 0..tries {
                if gone() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        panic!("nginx's workers of before never went");
    }

    /// Waits until nginx answers with the configuration last written (nginx tells of nothing
    /// else: it is asked).
    async fn in_force(&mut self) {
        let want = self.generation.to_string();
        for _ in 0..3000 {
            if let Some(status) = self.child.try_wait().unwrap() {
                let log = std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default();
                panic!("nginx stopped ({status}): {log}");
            }
            if crate::http_get(self.port, "/generation").await.as_deref() == Some(&want) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("nginx never took its configuration {want}");
    }
}

/// Writes nginx's configuration in `dir`: listening on `port`, in front of servers on `ports`.
fn write(dir: &Path, port: u16, ports: &[u16], generation: u64) {
    let d = dir.display();
    // As root, its workers too (they write nothing but in `dir`).
    let user = if rustix::process::geteuid().is_root() {
        "user root;\n"
    } else {
        ""
    };
    let conf = format!(
        "{user}worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log notice;
events {{ worker_connections 1024; }}
# A reload's workers of before close what they hold within a second.
worker_shutdown_timeout 1s;
http {{
  access_log off;
  client_body_temp_path {d}/tmp-body;
  proxy_temp_path {d}/tmp-proxy;
  fastcgi_temp_path {d}/tmp-fastcgi;
  uwsgi_temp_path {d}/tmp-uwsgi;
  scgi_temp_path {d}/tmp-scgi;
{}}}
",
        server_block(port, ports, generation)
    );
    std::fs::write(dir.join("nginx.conf"), conf).unwrap();
}

/// The processes whose parent is `master`: its workers.
fn workers(master: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid ...: the name may hold spaces and parentheses.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(master) {
            found.push(pid);
        }
    }
    found
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // The master stops its workers (a SIGKILL would leave them serving).
        let _ = rustix::process::kill_process(
            rustix::process::Pid::from_child(&self.child),
            rustix::process::Signal::TERM,
        );
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_documented_block_is_run_with_the_suites_ports() {
        let block = super::server_block(4000, &[5001, 5002, 5003], 7);
        assert!(
            block.contains("server 127.0.0.1:5002 max_fails=1"),
            "{block}"
        );
        assert!(
            block.contains("location /s3/ { proxy_pass http://127.0.0.1:5003/; }"),
            "{block}"
        );
        assert!(block.contains("listen 127.0.0.1:4000;"), "{block}");
        assert!(!block.contains("ssl_certificate"), "{block}");
        assert!(!block.contains("8081"), "{block}");
        assert!(
            block.trim_end().ends_with("return 200 '7'; }\n}"),
            "{block}"
        );
    }
}

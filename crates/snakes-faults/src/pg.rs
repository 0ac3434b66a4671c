//! A PostgreSQL of the suite's own, in a scratch directory: listening on a Unix socket only (no
//! port to race for), and crashed, restarted or stopped as a fault asks.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A PostgreSQL cluster, stopped (`-m immediate`) when dropped.
pub struct Pg {
    /// Its data directory.
    data: PathBuf,
    /// The directory of its Unix socket (and its log).
    sock: PathBuf,
    bin: PathBuf,
    /// With TLS: the port it listens on (127.0.0.1), its certificate and key.
    tls: Option<(u16, PathBuf, PathBuf)>,
}

/// The directory of PostgreSQL's programs: `$SNAKES_PG_BIN`, else the newest under
/// `/usr/lib/postgresql`.
fn bin() -> PathBuf {
    if let Some(b) = std::env::var_os("SNAKES_PG_BIN") {
        return PathBuf::from(b);
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.flatten().map(|e| e.path().join("bin")).collect())
        .unwrap_or_default();
    found.retain(|b| b.join("initdb").is_file());
    found.sort();
    found.pop().unwrap_or_else(|| {
        panic!("the fault suite needs PostgreSQL (Debian's `postgresql`; scripts/install-test-deps installs it)")
    })
}

fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// The uid and gid of the `postgres` user (initdb refuses root).
fn postgres_user() -> (u32, u32) {
    let id = |flag: &str| -> u32 {
        let out = Command::new("id")
            .args([flag, "postgres"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("no user postgres: Debian's postgresql package makes it"))
    };
    (id("-u"), id("-g"))
}

impl Pg {
    /// A new cluster in `dir`, started.
    pub fn start(dir: &Path) -> Pg {
        let data = dir.join("data");
        let sock = dir.join("sock");
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&sock).unwrap();
        if is_root() {
            let (uid, gid) = postgres_user();
            for d in [dir, &data, &sock] {
                std::os::unix::fs::chown(d, Some(uid), Some(gid)).unwrap();
            }
        }
        let pg = Pg {
            data,
            sock,
            bin: bin(),
            tls: None,
        };
        let initdb = pg.bin.join("initdb");
        let out = pg
            .as_owner(&initdb)
            .arg("-D")
            .arg(&pg.data)
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        pg.up();
        pg
    }

    fn as_owner(&self, program: &Path) -> Command {
        if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        }
    }

    fn ctl(&self, args: &[&str]) {
        let out = self
            .as_owner(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            self.log_tail()
        );
    }

    /// The end of the server's log, for a failure's message.
    pub fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(self.sock.join("server.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    /// A new cluster in `dir` that also takes TLS connections on 127.0.0.1 (only TLS: any
    /// other is refused), with the certificate and key in PEM; started. Its port is one below
    /// the range the system hands out (taken anew while another program holds it).
    pub fn start_tls(dir: &Path, cert: &str, key: &str) -> Pg {
        let mut pg = Pg::start(dir);
        pg.crash();
        let (cert_file, key_file) = (pg.data.join("server.crt"), pg.data.join("server.key"));
        std::fs::write(&cert_file, cert).unwrap();
        std::fs::write(&key_file, key).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o600)).unwrap();
        if is_root() {
            let (uid, gid) = postgres_user();
            for f in [&cert_file, &key_file] {
                std::os::unix::fs::chown(f, Some(uid), Some(gid)).unwrap();
            }
        }
        std::fs::write(
            pg.data.join("pg_hba.conf"),
            "local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostnossl all all 127.0.0.1/32 reject\n",
        )
        .unwrap();
        let start = std::process::id() % 10_000;
        for i in 0..100 {
            let port = 20_000 + ((start + i * 97) % 10_000) as u16;
            pg.tls = Some((port, cert_file.clone(), key_file.clone()));
            if pg.try_up() {
                return pg;
            }
        }
        panic!("PostgreSQL found no port to listen on: {}", pg.log_tail());
    }

    /// With TLS, the port it listens on.
    pub fn port(&self) -> Option<u16> {
        self.tls.as_ref().map(|(p, _, _)| *p)
    }

    fn options(&self) -> String {
        let listen = match &self.tls {
            None => "-c listen_addresses=''".to_string(),
            Some((port, cert, key)) => format!(
                "-c listen_addresses=127.0.0.1 -p {port} -c ssl=on -c ssl_cert_file={} \
                 -c ssl_key_file={}",
                cert.display(),
                key.display()
            ),
        };
        format!(
            "{listen} -c unix_socket_directories={} -c max_connections=200 -c shared_buffers=32MB",
            self.sock.display()
        )
    }

    /// Starts it: whether it started.
    fn try_up(&self) -> bool {
        let log = self.sock.join("server.log");
        self.as_owner(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args([
                "-l",
                log.to_str().unwrap(),
                "-w",
                "-t",
                "120",
                "-o",
                &self.options(),
                "start",
            ])
            .output()
            .unwrap()
            .status
            .success()
    }

    /// Starts the cluster (waiting until it takes connections).
    pub fn up(&self) {
        assert!(
            self.try_up(),
            "PostgreSQL did not start: {}",
            self.log_tail()
        );
    }

    /// The crash of PostgreSQL's processes: `pg_ctl stop -m immediate` (no checkpoint, every
    /// connection cut; what is committed is in the log on disk, the rest is gone).
    pub fn crash(&self) {
        self.ctl(&["-m", "immediate", "-w", "stop"]);
    }

    /// A clean stop (`-m fast`).
    pub fn down(&self) {
        self.ctl(&["-m", "fast", "-w", "stop"]);
    }

    /// The address of database `name` (through the Unix socket).
    pub fn url(&self, name: &str) -> String {
        let dir: String = self
            .sock
            .display()
            .to_string()
            .replace('%', "%25")
            .replace('/', "%2F");
        match self.port() {
            Some(port) => format!("postgres://postgres@{dir}:{port}/{name}"),
            None => format!("postgres://postgres@{dir}/{name}"),
        }
    }

    /// The Unix socket: a TCP proxy connects there.
    pub fn socket(&self) -> PathBuf {
        self.sock
            .join(format!(".s.PGSQL.{}", self.port().unwrap_or(5432)))
    }

    /// A connection to database `name`.
    pub async fn client(&self, name: &str) -> tokio_postgres::Client {
        let (client, conn) = tokio_postgres::connect(&self.url(name), tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", self.url(name)));
        tokio::spawn(conn);
        client
    }

    /// Makes database `name`.
    pub async fn create_db(&self, name: &str) {
        self.client("postgres")
            .await
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .unwrap();
    }

    /// A program of PostgreSQL's (`pg_dump`, `pg_restore`).
    pub fn program(&self, name: &str) -> PathBuf {
        self.bin.join(name)
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let _ = self
            .as_owner(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "stop"])
            .output();
    }
}

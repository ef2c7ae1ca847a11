use std::fs::{self, Permissions};
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

const DB_PASSWORD: &str = "hunter2hunter2"; // expect: rs.hardcoded-credential
const DB_USER: &str = "service"; // ok: rs.hardcoded-credential

fn run(host: &str, cmd: String) -> std::io::Result<()> {
    Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", host)).output()?; // expect: rs.command-injection
    Command::new("sh").arg("-c").arg(&cmd).output()?; // expect: rs.command-injection
    Command::new("bash").args(["-c", &cmd]).output()?; // expect: rs.command-injection
    Command::new("sh").arg("-c").arg("ls -la /tmp").output()?; // ok: rs.command-injection
    Command::new("sh").args(vec!["-c", &cmd]).output()?; // expect: rs.command-injection
    Command::new("sh").args(vec!["-c", "make clean"]).output()?; // ok: rs.command-injection
    Command::new("sh").args(["-c", &format!("make {}", host)]).output()?; // expect: rs.command-injection
    Command::new("ping").arg("-c").arg(host).output()?; // ok: rs.command-injection
    Command::new("ping").args(["-c", "1", host]).output()?; // ok: rs.command-injection
    Ok(())
}

async fn find(pool: &PgPool, conn: &rusqlite::Connection, name: &str, id: i64) -> anyhow::Result<()> {
    sqlx::query(&format!("SELECT * FROM users WHERE name = '{}'", name)).fetch_all(pool).await?; // expect: rs.sql-injection
    conn.execute(&format!("DELETE FROM users WHERE id = {id}"), [])?; // expect: rs.sql-injection
    sqlx::query_as::<_, User>(&format!("SELECT * FROM users ORDER BY {}", name)).fetch_all(pool).await?; // expect: rs.sql-injection
    sqlx::query("SELECT * FROM users WHERE name = $1").bind(name).fetch_all(pool).await?; // ok: rs.sql-injection
    conn.execute("DELETE FROM users WHERE id = ?1", [id])?; // ok: rs.sql-injection
    log.execute(&format!("finished {}", name)); // ok: rs.sql-injection
    let password = std::env::var("DB_PASSWORD")?; // ok: rs.hardcoded-credential
    let password = "correct horse"; // expect: rs.hardcoded-credential
    Ok(())
}

fn client() -> reqwest::Result<reqwest::Client> {
    let insecure = reqwest::Client::builder().danger_accept_invalid_certs(true).build()?; // expect: rs.tls-verification-disabled
    let strict = reqwest::Client::builder().danger_accept_invalid_certs(false).build()?; // ok: rs.tls-verification-disabled
    let mut ssl = SslConnector::builder(SslMethod::tls()).unwrap();
    ssl.set_verify(SslVerifyMode::NONE); // expect: rs.tls-verification-disabled
    ssl.set_verify(SslVerifyMode::PEER); // ok: rs.tls-verification-disabled
    Ok(strict)
}

struct NoVerify;
impl ServerCertVerifier for NoVerify {
    fn verify_server_cert(&self, _end: &CertificateDer<'_>, _i: &[CertificateDer<'_>], _n: &ServerName<'_>, _o: &[u8], _now: UnixTime) -> Result<ServerCertVerified, Error> { // expect: rs.tls-verification-disabled
        Ok(ServerCertVerified::assertion())
    }
}

struct Pinned;
impl ServerCertVerifier for Pinned {
    fn verify_server_cert(&self, end: &CertificateDer<'_>, _i: &[CertificateDer<'_>], _n: &ServerName<'_>, _o: &[u8], _now: UnixTime) -> Result<ServerCertVerified, Error> { // ok: rs.tls-verification-disabled
        if end.as_ref() == PINNED { Ok(ServerCertVerified::assertion()) } else { Err(Error::General("pin".into())) }
    }
}

fn digest(data: &[u8]) {
    let a = md5::compute(data); // expect: rs.weak-hash
    let mut b = Sha1::new(); // expect: rs.weak-hash
    let c = openssl::hash::hash(MessageDigest::sha1(), data); // expect: rs.weak-hash
    let d = Sha256::digest(data); // ok: rs.weak-hash
}

fn perms(path: &str) -> std::io::Result<()> {
    fs::set_permissions(path, Permissions::from_mode(0o777))?; // expect: rs.world-writable-permissions
    fs::set_permissions(path, Permissions::from_mode(0o600))?; // ok: rs.world-writable-permissions
    fs::set_permissions(path, Permissions::from_mode(0o755))?; // ok: rs.world-writable-permissions
    Ok(())
}

unsafe fn raw<T>() -> (T, std::mem::MaybeUninit<T>) {
    let v: T = std::mem::uninitialized(); // expect: rs.mem-uninitialized
    let w = std::mem::MaybeUninit::<T>::uninit(); // ok: rs.mem-uninitialized
    (v, w)
}

//! `sudokit serve`: flags checked before binding, the address printed, a
//! clean stop on SIGTERM. The service itself is tested in `sudokit-server`.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::util::{BIN, sudokit};

#[test]
fn serve_refuses_bad_limits_before_binding() {
    sudokit(&["serve", "--time-budget", "0"], b"").expect_code(2).expect_stderr(&["--time-budget"]);
    sudokit(&["serve", "--max-size", "65"], b"").expect_code(2).expect_stderr(&["--max-size"]);
    sudokit(&["serve", "--addr", "nowhere"], b"").expect_code(2).expect_stderr(&["--addr"]);
    for flag in ["--idle-timeout", "--header-timeout", "--body-timeout", "--shutdown-grace"] {
        sudokit(&["serve", flag, "0"], b"").expect_code(2).expect_stderr(&[flag]);
    }
    sudokit(&["serve", "--max-connections", "0"], b"")
        .expect_code(2)
        .expect_stderr(&["--max-connections"]);
}

/// Starts `sudokit serve` on a free port with `args` and reads its first
/// line of stderr (which names the address it serves on); the rest of
/// stderr stays open for the caller (a closed pipe would fail later writes).
fn serve(args: &[&str]) -> (std::process::Child, BufReader<std::process::ChildStderr>, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the sudokit binary");
    let mut stderr = BufReader::new(child.stderr.take().expect("piped stderr"));
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    (child, stderr, first)
}

#[test]
fn serve_stops_on_sigterm_and_exits_0() {
    let (mut child, _stderr, first) = serve(&["--shutdown-grace", "2"]);
    assert!(first.contains("serving on"), "{first}");
    let started = std::time::Instant::now();
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn serve_answers_http_on_the_address_it_prints() {
    use std::io::{Read, Write};
    let (mut child, _stderr, first) = serve(&[]);
    let addr = first.trim().rsplit("http://").next().expect("an address").to_string();
    let mut stream = std::net::TcpStream::connect(&addr).expect("the service listens");
    write!(stream, "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""status":"ok""#), "{answer}");
}

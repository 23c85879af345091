//! The listener's backlog, in a process of its own (the test raises the descriptor limit).

use std::time::Duration;

use tokio::net::TcpStream;

/// 1,500 people arriving at once are all held by the kernel until the server accepts
/// them. With tokio's default backlog of 1,024 the kernel dropped the handshakes past it,
/// and those clients only tried again a second or more later.
#[tokio::test]
async fn a_crowd_arriving_at_once_waits_to_be_accepted() {
    let cap = std::fs::read_to_string("/proc/sys/net/core/somaxconn").unwrap_or_default();
    if cap.trim().parse::<u32>().is_ok_and(|cap| cap < 1500) {
        eprintln!(
            "skipped: the kernel caps backlogs at {} (net.core.somaxconn)",
            cap.trim()
        );
        return;
    }
    server::listen::descriptor_budget();
    let listener = server::listen::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let address = listener.local_addr().unwrap();
    let arriving = (0..1500)
        .map(|_| tokio::time::timeout(Duration::from_millis(900), TcpStream::connect(address)));
    let arrived = futures_util::future::join_all(arriving).await;
    let held = arrived.iter().filter(|a| matches!(a, Ok(Ok(_)))).count();
    assert_eq!(held, 1500, "connections held before any was accepted");
}

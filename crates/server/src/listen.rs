//! The server's TCP edge, from the first byte: each accepted connection is counted against
//! its address and the server before any HTTP is read, its request headers must arrive
//! within [`Limits::header_seconds`] (and an idle keep-alive connection closes after it),
//! and the server keeps a reserve of file descriptors so that a flood of sockets can
//! never starve its own files, `/healthz` or the tables already open.
//!
//! [`Limits::header_seconds`]: crate::edge::Limits::header_seconds

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::edge::{Edge, TcpSlot};

/// Descriptors kept back from connections: the store's files (data, log, shared memory),
/// the listener, the runtime's own, logging, and room to accept and close at once.
pub const RESERVE: u64 = 64;

/// Raises the process's open-file limit to its hard limit (the common soft limit, 1,024,
/// is what a socket flood exhausted) and returns how many connections fit below it with
/// the [`RESERVE`] kept back.
pub fn descriptor_budget() -> usize {
    let limit = raise_open_files();
    let Some(room) = limit.checked_sub(RESERVE) else {
        // Not a count a client drives: the operator's limit, too low to serve anyone.
        tracing::error!(
            open_files = limit,
            reserve = RESERVE,
            "no descriptors left for connections"
        );
        return 0;
    };
    usize::try_from(room).unwrap_or(usize::MAX)
}

/// Connections the kernel may hold waiting to be accepted (it caps this at
/// `net.core.somaxconn`, 4,096 on current Linux). Tokio's default, 1,024, overflowed when
/// thousands of people came back at once (a restart): the kernel dropped their handshakes
/// and their clients waited a second or more to try again.
pub const BACKLOG: u32 = 4096;

/// Listens on `address` with [`BACKLOG`], reusing an address left in `TIME_WAIT` as
/// tokio's own `bind` does.
pub fn bind(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = if address.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

#[cfg(unix)]
fn raise_open_files() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` and `setrlimit` only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = limit.rlim_max;
            }
        }
    }
    tracing::info!(open_files = limit.rlim_cur, "descriptor limit");
    limit.rlim_cur
}

#[cfg(not(unix))]
fn raise_open_files() -> u64 {
    8192
}

/// A TCP stream that holds its address's slot until it closes, through any upgrade.
struct Counted {
    stream: TcpStream,
    _slot: TcpSlot,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Accepts and serves HTTP/1.1 (and WebSocket upgrades) on `listener` with `router` until
/// `shutdown` completes, then gives open requests a few seconds to finish.
pub async fn run(
    listener: TcpListener,
    edge: Arc<Edge>,
    router: Router,
    shutdown: impl std::future::Future<Output = ()>,
) {
    // Each connection's task holds a receiver: `closed` hears when the last is done.
    let (stop, stopping) = tokio::sync::watch::channel(());
    let header_wait = Duration::from_secs(edge.limits().header_seconds.max(1));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors despite the reserve, or a connection reset
                    // before it was accepted: wait a moment rather than spin.
                    tracing::warn!("accept error: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = edge.open_tcp(peer.ip()) else {
            // Closed unread: a flood costs an accept and a close.
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted {
            stream,
            _slot: slot,
        });
        let service = service(router.clone(), peer);
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_wait)
            .serve_connection(io, service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(listener);
    drop(stopping);
    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(5), stop.closed()).await;
}

/// The router as one connection's hyper service, each request told its peer.
fn service(
    router: Router,
    peer: SocketAddr,
) -> impl hyper::service::Service<
    hyper::Request<hyper::body::Incoming>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Send,
> + Clone {
    hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move { tower_service::Service::call(&mut router, request).await }
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The common soft limit of 1,024 descriptors is what 1,100 idle sockets exhausted:
    /// the server raises it to the hard limit and keeps its reserve below that.
    #[test]
    fn the_descriptor_limit_is_raised_to_the_hard_limit_less_the_reserve() {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: reads and writes only the struct passed.
        unsafe {
            assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        }
        if limit.rlim_max <= 256 {
            eprintln!("hard limit {} too low to lower first", limit.rlim_max);
            return;
        }
        let lowered = libc::rlimit {
            rlim_cur: 256,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: as above.
        unsafe {
            assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &lowered), 0);
        }
        let budget = descriptor_budget();
        assert_eq!(budget as u64, limit.rlim_max - RESERVE);
    }
}

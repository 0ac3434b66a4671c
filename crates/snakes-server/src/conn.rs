//! What the listener (`listen.rs`) tells the router (`web.rs`) of each request's connection, as
//! request extensions: the server's address it reached, whether it came over HTTPS, and its
//! place under the caps; and the close code of a WebSocket that made room for a newcomer.

use std::any::Any;
use std::net::SocketAddr;
use std::sync::Arc;

use crate::fair::Standing;

/// The server's own address, as the connection reached it (for the `Origin` check).
#[derive(Debug, Clone, Copy)]
pub struct LocalAddr(pub SocketAddr);

/// Whether a request came over HTTPS (a request extension): its page's origin is `https://`.
#[derive(Debug, Clone, Copy)]
pub struct Secure;

/// The close code of a WebSocket closed to let a newcomer in when the server was full: 4001,
/// one of the codes the WebSocket standard leaves to applications. The page says "The server
/// is full and gave this page's place to a newcomer; trying again." and reconnects.
pub const YIELDED: u16 = 4001;

/// A connection's place under the caps: it stays counted while a holder lives (the request,
/// and the WebSocket it became, each hold one).
#[derive(Clone)]
pub struct Place {
    /// What the server knows of the connection when it is full.
    pub standing: Arc<Standing>,
    /// The listener's count of the connection, given back when the last holder is dropped.
    pub _held: Arc<dyn Any + Send + Sync>,
}

//! What people and pages see of a table ([`snakes_table::view`]), and a message as the socket
//! sends it.

use tungstenite::Utf8Bytes;

pub use snakes_table::view::*;

use crate::protocol::ServerMessage;
use crate::table::TableState;

/// A message as JSON text, ready for the socket.
pub fn to_json(message: &ServerMessage) -> Utf8Bytes {
    // Serializing our own types cannot fail: no maps with non-string keys, no custom code
    // that errs.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_default())
}

/// [`Tongues::new`] on a blocking thread, not on the runtime's threads that play the other
/// tables' rolls: the words of a big board take tens of milliseconds (two sentences a
/// jump: about 20 ms for 3,000 jumps), and a crowd making such tables at once held up
/// every game. The table comes back with its words; `None` when the runtime is stopping.
pub async fn tongues_ready(state: TableState) -> Option<(TableState, Tongues)> {
    let made = tokio::task::spawn_blocking(move || {
        let tongues = Tongues::new(&state);
        (state, tongues)
    })
    .await;
    match made {
        Ok(ready) => Some(ready),
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(_) => None,
    }
}

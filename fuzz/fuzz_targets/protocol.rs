//! The protocol decoder: any bytes a client sends as a message. Decoding never panics, and a
//! message that decodes is written back to JSON that decodes to the same message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use snakes_server::protocol::{Act, Action, ClientMessage};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(message) = serde_json::from_str::<ClientMessage>(text) {
        let again = serde_json::to_string(&message).expect("a message writes as JSON");
        let back: ClientMessage = serde_json::from_str(&again).expect("written JSON reads");
        assert_eq!(back, message);
        // The name rules take whatever name a message carries.
        if let ClientMessage::Act(Act {
            action: Action::Join { name, .. },
            ..
        }) = &message
        {
            if let Ok(normal) = snakes_text::names::check_name(name) {
                assert_eq!(
                    snakes_text::names::check_name(&normal).as_ref(),
                    Ok(&normal)
                );
            }
        }
    }
});

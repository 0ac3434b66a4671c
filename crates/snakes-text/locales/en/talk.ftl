## What people say at a table and in the lobby (talk.rs). Every message is said inside a frame
## that names who said it, which no name and no message can imitate: a name cannot hold the
## frame's words nor a colon (names.rs), and a message cannot hold the words just before it
## ("says:"). $text is the message as it was typed: it is never translated.

# $you: "you" for one's own message, else "other"; $role: "watcher" for someone watching a
# table without a seat, else "player" (in the lobby, everyone).
talk-said = { $you ->
    [you] You say: { $text }
   *[other] { $role ->
        [watcher] { $name }, watching, says: { $text }
       *[player] { $name } says: { $text }
    }
}

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


## Messages a listener was not sent: one listener is sent a few a second of what people it does
## not talk with say (the people it talks with, and the players of its table, always). $name:
## who said the first of them; $others: how many others said any; $count: how many.
talk-unheard = { $others ->
    [0] { $name } said { $count ->
        [one] one more message
       *[other] { $count } more messages
    }.
   *[other] { $name } and { $others ->
        [one] one other
       *[other] { $others } others
    } said { $count } more messages.
}
# The same, when who said them is not known (the listener fell behind).
talk-missed = { $count ->
    [one] One message was not sent to you: too many at once.
   *[other] { $count } messages were not sent to you: too many at once.
}

## W: who is here. $seat counts from 1; $label is the seat as the players' table shows it
## ("Ana (host, you, to roll)", "Bot 1 (bot)", "free seat").

who-seat = Seat { $seat }: { $label }.
# Those who watch the table without a seat: $names, the named ones as a list (the listener
# among them as "you"); $unnamed, how many have given no name.
who-watching = Watching: { $names }.
who-watching-and-unnamed = Watching: { $names }, and { $unnamed ->
    [one] one person without a name
   *[other] { $unnamed } people without a name
}.
who-watching-unnamed = Watching: { $unnamed ->
    [one] one person without a name
   *[other] { $unnamed } people without a name
}.
who-watching-nobody = Nobody is watching.

## Someone with a name comes to watch the table, or goes (said to those who hear the other
## players' moves, unless they asked for the ladders and snakes alone).

watcher-came = { $name } is watching.
watcher-went = { $name } stopped watching.
# Said once someone has said more messages than a listener can follow: the page keeps them in
# the Talk buffer without a word until they stop, then says how many ($count is at least 2).
talk-more = { $name } said { $count } more messages: [ and ] choose the Talk buffer to read them.

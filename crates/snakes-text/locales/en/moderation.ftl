## Moderation (docs/serve.md, "Moderation"): what a moderator is told, what the people a
## moderator acts on hear, and the lists a moderator reads. $until and $when: a date and time
## in UTC, as 2026-12-05 14:05. $name: a person's name as they typed it; $by: who acted or
## reported; $reason: as typed, never translated; $why: "none" when no reason was given.

mod-signed-in = You are the moderator { $name } now. { $reports ->
    [0] No report waits.
    [one] One report waits.
   *[other] { $reports } reports wait.
}
mod-silenced = { $name } is silenced everywhere until { $until } UTC.
# $scope: what is banned; $network: the address or network, as 203.0.113.0/24.
mod-banned = { $scope ->
    [address] The address of { $name }, { $network }, is banned until { $until } UTC.
    [network] The network of { $name }, { $network }, is banned until { $until } UTC.
   *[name] The name { $name } is banned until { $until } UTC.
}
mod-lifted = Number { $id } is lifted.
mod-removed = Message { $n } is removed.
mod-closed = Table { $table } is closed.
mod-handled = Report { $id } is dealt with.
# Said to every moderator on the server when someone reports someone.
mod-report-came = New report: { $by } reported { $name }: { $reason }
# What the history shows in the place of a message a moderator removed.
mod-message-removed = A moderator removed this message.
# Said to the one who reported.
mod-reported = Your report about { $name } reached the moderators.

## Said to the person a moderator acted on.

notice-silenced = A moderator silenced you until { $until } UTC{ $why ->
    [none] .
   *[given] : { $reason }
}
notice-banned = A moderator banned you from this server until { $until } UTC: { $reason }
notice-unsilenced = Your silence is over: you can talk again.

## The lists a moderator asks for: a first line, then a line each.

mod-list-sanctions = { $count ->
    [0] No silence or ban is in force.
    [one] One silence or ban is in force:
   *[other] { $count } silences and bans are in force:
}
mod-list-reports = { $count ->
    [0] No report waits.
    [one] One report waits:
   *[other] { $count } reports wait:
}
mod-list-log = { $count ->
    [0] The log is empty.
   *[other] The moderation log, newest first{ $more ->
        [yes] ; the next page holds older entries:
       *[no] :
    }
}
# $whom: a name, or an address or network.
mod-line-silence = Number { $id }: { $whom } is silenced until { $until } UTC, by { $by }{ $why ->
    [none] .
   *[given] : { $reason }
}
mod-line-ban = Number { $id }: { $whom } is banned until { $until } UTC, by { $by }: { $reason }
# $place: "lobby" or "table" ($table its number); $said: their last messages there, in order.
mod-line-report = Report { $id }, { $when } UTC, { $place ->
    [lobby] in the lobby
   *[table] at table { $table }
}: { $by } reported { $name }: { $reason }. { $count ->
    [0] They said nothing there.
    [one] Their message: { $said }
   *[other] Their last { $count } messages: { $said }
}
# One entry of the log. $action: what was done; $whom: to whom or what, in words.
mod-line-log = { $when } UTC: { $by } { $action ->
    [silence] silenced { $whom } until { $until } UTC
    [ban] banned { $whom } until { $until } UTC
    [lift] lifted { $whom }
    [remove] removed { $whom }
    [close] closed { $whom }
    [grant] made { $whom } a moderator
    [revoke] took the moderator's role from { $whom }
    [handle_report] dealt with { $whom }
   *[other] { $action } { $whom }
}{ $why ->
    [none] .
   *[given] : { $reason }
}
# $whom of a log entry, for what is not a name.
mod-whom-message = message { $n } of { $name } { $place ->
    [lobby] in the lobby
   *[table] at table { $table }
}: "{ $text }"
mod-whom-table = table { $table }
mod-whom-report = report { $id }
mod-whom-number = number { $id }

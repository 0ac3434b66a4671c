## What a player holding a seat at the board page hears as the game goes on: their own roll
## in one short sentence, and the other players' moves not one by one (a bot moves faster than
## a sentence is said, and any key cuts a screen reader's queue short) but in one line when the
## turn comes back to them, "Bot 1 went to 25, Bot 2 slid to 11. Your turn.", covering
## everything since their last roll.

# Where one player's moves since your last roll took them: $step is went, climbed, slid,
# bounced or stayed; $to the square they ended on (0: off the board).
move-clause = { $step ->
    [climbed] climbed to { $to }
    [slid] slid to { $to }
    [bounced] bounced back to { $to }
    [stayed] { $to ->
        [0] stayed off the board
       *[other] stayed on { $to }
    }
   *[went] went to { $to }
}
# A token that move sent back: $move is the clause above; $you is "you" when it was yours,
# else $victim names its player; $to is the start square (0: off the board).
move-bump = { $move } and sent { $you ->
        [you] you
       *[other] { $victim }
    } back { $to ->
        [0] off the board
       *[other] to { $to }
    }
# One other player's moves: "Bot 1 went to 25".
catch-up-move = { $name } { $move }
# $moves: the clauses above, joined with clause-join.
catch-up-your-turn = { $moves }. Your turn.
# The game ended before your turn came back (the line that follows says who won).
catch-up-game-over = { $moves }.

# Your own roll, in one sentence: "You rolled a 4 and went to 26."
heard-own-roll = You rolled { a-roll } and { $move }.
# The same with brief announcements: "4: went to 26."
heard-own-roll-brief = { $roll }: { $move }.

## Taking a seat at the board page. $table is the table's number; $seat counts from 1.

# $free: seats still free for people to join.
seated-host = Table { $table }: you are the host, seat { $seat }; { $free ->
        [0] Tab to Start the game.
       *[other] Tab to Start the game when others have joined.
    }
seated-joined = Table { $table }: you took seat { $seat }; the host starts the game.

## The keys of the board page, said after the others by H.

help-screen-reader = The keys act on the game's buttons; elsewhere on the page, switch your screen reader to focus mode first: Insert+A in Orca, Insert+Space in NVDA, Insert+Z in JAWS.

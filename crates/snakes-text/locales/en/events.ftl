## What happened in a game: one line per announcement.
##
## Variables shared by these messages:
##   $you   "you" when the listener is the player the sentence is about (first person), else "other"
##   $name  that player's display name
##   $roll  the face rolled; { a-roll } says it with its article ("a 4", "an 8")
##   $from, $to  squares the token rested on
##   $top   the die's top face (a six on a six-sided die)

a-roll = { $roll ->
    [8] an 8
    [11] an 11
    [18] an 18
   *[other] a { $roll }
}
# The die's top face with its article.
a-top = { $top ->
    [8] an 8
    [11] an 11
    [18] an 18
   *[other] a { $top }
}

## A roll with the move it made, as one sentence.

rolled = { $you ->
    [you] You rolled { a-roll }.
   *[other] { $name } rolled { a-roll }.
}
rolled-entered = { $you ->
    [you] You rolled { a-roll } and entered the board on square { $to }.
   *[other] { $name } rolled { a-roll } and entered the board on square { $to }.
}
rolled-moved = { $you ->
    [you] You rolled { a-roll } and moved from { $from } to { $to }.
   *[other] { $name } rolled { a-roll } and moved from { $from } to { $to }.
}
# $last: the last square, reached and bounced off.
rolled-bounced = { $you ->
    [you] You rolled { a-roll }, reached { $last } and bounced back to { $to }.
   *[other] { $name } rolled { a-roll }, reached { $last } and bounced back to { $to }.
}
rolled-entered-bounced = { $you ->
    [you] You rolled { a-roll }, entered the board, reached { $last } and bounced back to { $to }.
   *[other] { $name } rolled { a-roll }, entered the board, reached { $last } and bounced back to { $to }.
}
rolled-stayed-overshoot = { $you ->
    [you] You rolled { a-roll } and stay on { $from }: that is past the last square, which must be reached exactly.
   *[other] { $name } rolled { a-roll } and stays on { $from }: that is past the last square, which must be reached exactly.
}
rolled-stayed-need-six = { $you ->
    [you] You rolled { a-roll } and stay off the board: it takes { a-top } to enter.
   *[other] { $name } rolled { a-roll } and stays off the board: it takes { a-top } to enter.
}

## The same moves told without their roll (when the roll was told before).

entered = { $you ->
    [you] You entered the board on square { $to }.
   *[other] { $name } entered the board on square { $to }.
}
moved = { $you ->
    [you] You moved from { $from } to { $to }.
   *[other] { $name } moved from { $from } to { $to }.
}
bounced = { $you ->
    [you] You reached { $last } and bounced back to { $to }.
   *[other] { $name } reached { $last } and bounced back to { $to }.
}
stayed-overshoot = { $you ->
    [you] You stay on { $from }: the roll is past the last square, which must be reached exactly.
   *[other] { $name } stays on { $from }: the roll is past the last square, which must be reached exactly.
}
stayed-need-six = { $you ->
    [you] You stay off the board: it takes { a-top } to enter.
   *[other] { $name } stays off the board: it takes { a-top } to enter.
}

## Jumps, collisions, the six rule, the finish and the turn.

climbed = { $you ->
    [you] You climbed a ladder from { $from } to { $to }.
   *[other] { $name } climbed a ladder from { $from } to { $to }.
}
slid = { $you ->
    [you] You slid down a snake from { $from } to { $to }.
   *[other] { $name } slid down a snake from { $from } to { $to }.
}
# $by_you / $by: the player who landed; $you / $name: the player sent back; $square: where they met.
# $to: the start square (0 is off the board).
bumped = { $by_you ->
    [you] You landed on { $name } on square { $square } and sent { $name } back { $to ->
        [0] off the board.
       *[other] to square { $to }.
    }
   *[other] { $you ->
        [you] { $by } landed on you on square { $square } and sent you back { $to ->
            [0] off the board.
           *[other] to square { $to }.
        }
       *[other] { $by } landed on { $name } on square { $square } and sent { $name } back { $to ->
            [0] off the board.
           *[other] to square { $to }.
        }
    }
}
extra-roll = { $you ->
    [you] You roll again.
   *[other] { $name } rolls again.
}
# $square: the last square.
won = { $you ->
    [you] You won the game!
   *[other] { $name } won the game!
}
turn-passed = { $you ->
    [you] Your turn.
   *[other] { $name }'s turn.
}

## Brief forms for experienced players: one line per roll, "Ana, 4: 10 to 14, ladder to 35."
## The parts are listed with brief-list-join.

brief-roll = { $you ->
    [you] { $roll }: { $parts }.
   *[other] { $name }, { $roll }: { $parts }.
}
brief-no-roll = { $you ->
    [you] You: { $parts }.
   *[other] { $name }: { $parts }.
}
brief-list-join = { $first }, { $second }
brief-entered = in on { $to }
brief-moved = { $from } to { $to }
brief-bounced = { $from } to { $last }, back to { $to }
brief-entered-bounced = in to { $last }, back to { $to }
brief-stayed-overshoot = stays on { $from }, too far
brief-stayed-need-six = stays off, needs { a-top }
brief-climbed = ladder to { $to }
brief-slid = snake to { $to }
brief-bumped = { $you ->
    [you] bumps you { $to ->
        [0] off the board
       *[other] to { $to }
    }
   *[other] bumps { $name } { $to ->
        [0] off the board
       *[other] to { $to }
    }
}
brief-extra-roll = again
brief-won = { $you ->
    [you] you win
   *[other] wins
}
brief-turn-passed = { $you ->
    [you] Your turn.
   *[other] { $name }'s turn.
}

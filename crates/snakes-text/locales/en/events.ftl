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

## A roll with the move it made, as one sentence, a ladder or snake at the end of the move
## included.

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
# The move ended at the foot of a ladder or the head of a snake ($from) and the jump took the
# token to $to. $jump is "climbed" or "slid".
rolled-jumped = { $you ->
    [you] You rolled { a-roll } and { jump-at }.
   *[other] { $name } rolled { a-roll } and { jump-at }.
}
jump-at = { $jump ->
    [climbed] climbed the ladder at { $from } to { $to }
   *[slid] slid down the snake at { $from } to { $to }
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
# A bounce back onto a ladder or snake: $from is where the bounce ended, $to where the jump did.
rolled-bounced-jumped = { $you ->
    [you] You rolled { a-roll }, reached { $last }, bounced back to { $from } and { jump-on }.
   *[other] { $name } rolled { a-roll }, reached { $last }, bounced back to { $from } and { jump-on }.
}
rolled-entered-bounced-jumped = { $you ->
    [you] You rolled { a-roll }, entered the board, reached { $last }, bounced back to { $from } and { jump-on }.
   *[other] { $name } rolled { a-roll }, entered the board, reached { $last }, bounced back to { $from } and { jump-on }.
}
jump-on = { $jump ->
    [climbed] climbed the ladder to { $to }
   *[slid] slid down the snake to { $to }
}
# The exact ending: the roll would have gone past the last square, so the token did not move
# from $from (0: off the board, on a board shorter than the roll that enters).
stayed-where = { $from ->
    [0] off the board
   *[other] on { $from }
}
rolled-stayed-overshoot = { $you ->
    [you] You rolled { a-roll } and stayed { stayed-where }: the roll would go past the last square.
   *[other] { $name } rolled { a-roll } and stayed { stayed-where }: the roll would go past the last square.
}
rolled-stayed-need-six = { $you ->
    [you] You rolled { a-roll } and stayed off the board: it takes { a-top } to enter.
   *[other] { $name } rolled { a-roll } and stayed off the board: it takes { a-top } to enter.
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
    [you] You stayed { stayed-where }: the roll would go past the last square.
   *[other] { $name } stayed { stayed-where }: the roll would go past the last square.
}
stayed-need-six = { $you ->
    [you] You stayed off the board: it takes { a-top } to enter.
   *[other] { $name } stayed off the board: it takes { a-top } to enter.
}

## Jumps told alone (a jump that follows another one when jumps chain), collisions, the six
## rule and the turn. The win is told once, with the length of the game, by table-finished
## (lifecycle.ftl).

climbed = { $you ->
    [you] You climbed the ladder at { $from } to { $to }.
   *[other] { $name } climbed the ladder at { $from } to { $to }.
}
slid = { $you ->
    [you] You slid down the snake at { $from } to { $to }.
   *[other] { $name } slid down the snake at { $from } to { $to }.
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
brief-stayed-overshoot = { $from ->
    [0] stays off, too far
   *[other] stays on { $from }, too far
}
brief-stayed-need-six = stays off, needs { a-top }
# A jump at the end of a plain move, which it replaces: "ladder 28 to 84".
brief-climbed = ladder { $from } to { $to }
brief-slid = snake { $from } to { $to }
# A jump from a square the line has just named (after a bounce, or a jump before it).
brief-climbed-on = ladder to { $to }
brief-slid-on = snake to { $to }
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
brief-turn-passed = { $you ->
    [you] Your turn.
   *[other] { $name }'s turn.
}

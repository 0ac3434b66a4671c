## Looking ahead before a roll (key L), and what is on a square (key G).

## L: what each face of the die would do for the player whose turn it is, in one sentence:
## "From 24: 1 to 3 move you to 25 to 27, 4 climbs the ladder at 28 to 84, 5 and 6 move you to
## 29 and 30." Faces with the same kind of outcome, on squares in a row, are told together.
##
## $you: "you" when the roll is the listener's, else "other"; $name: the player to roll.
## $faces: the faces, one ("4"), two (look-pair) or several in a row (look-range); $count: how
## many faces, which the verb agrees with ("4 climbs", "5 and 6 move").
## $landing: where the faces take the token: one square, two (look-pair) or several in a row
## (look-range, counting up or down).

# $from: the square the roll starts from (0: off the board); $clauses: one clause per group of
# faces, joined with clause-join.
look-ahead = { $you ->
    [you] { $from ->
        [0] From off the board: { $clauses }.
       *[other] From { $from }: { $clauses }.
    }
   *[other] { $from ->
        [0] { $name } is off the board: { $clauses }.
       *[other] { $name } is on { $from }: { $clauses }.
    }
}
look-pair = { $first } and { $second }
look-range = { $first } to { $second }
# The faces that begin a clause ($faces above): one face, two, or several in a row. A language
# may say them otherwise than squares (a particle after the last face, a preposition before).
look-face = { $face }
look-face-pair = { $first } and { $second }
look-face-range = { $first } to { $second }

# A plain move, or entering the board.
look-move = { $faces } { $count ->
        [one] moves
       *[other] move
    } { $you ->
        [you] you to
       *[other] to
    } { $landing }
# A plain move onto the last square: the game is won.
look-win = { $faces } { $count ->
        [one] wins
       *[other] win
    }
# A move ending at the foot of a ladder or the head of a snake ($from), which takes the token to
# $to. $jump is climbed or slid.
look-jump = { $faces } { $jump ->
        [climbed] { $count ->
            [one] climbs
           *[other] climb
        } the ladder at { $from } to { $to }
       *[slid] { $count ->
            [one] slides
           *[other] slide
        } down the snake at { $from } to { $to }
    }
# Reaching the last square and counting back down to $landing.
look-bounce = { $faces } { $count ->
        [one] bounces
       *[other] bounce
    } { $you ->
        [you] you back to
       *[other] back to
    } { $landing }
# Counting back down to $from, a ladder's foot or a snake's head, which takes the token to $to.
look-bounce-jump = { $faces } { $count ->
        [one] bounces
       *[other] bounce
    } { $you ->
        [you] you back to
       *[other] back to
    } { $from } and { $jump ->
        [climbed] up the ladder to { $to }
       *[slid] down the snake to { $to }
    }
# The exact ending: a roll past the last square ($last) does not move the token.
look-overshoot = { $faces } { $count ->
        [one] goes
       *[other] go
    } past { $last } and { $count ->
        [one] does
       *[other] do
    } not move { $you ->
        [you] you
       *[other] { $name }
    }
# Off the board when only the top face enters.
look-need-top = { $faces } { $count ->
        [one] leaves
       *[other] leave
    } { $you ->
        [you] you
       *[other] { $name }
    } off the board

## What follows the move, said after the clause above ($move).

# Jumps chain: after the first jump, the next ones end on $to.
look-chain = { $move }, then on to { $to }
# Landing on other tokens sends them back to the start ($to: 0 is off the board). $victims is a
# list of players ("you" for the listener).
look-bump = { $move } and { $count ->
        [one] sends
       *[other] send
    } { $victims } back { $to ->
        [0] off the board
       *[other] to { $to }
    }
# A jump, a chain or a bump that ends on the last square: the game is won.
look-and-win = { $move } and { $count ->
        [one] wins
       *[other] win
    }
# The top face under the roll-again rule.
look-again = { $move }, then { $you ->
        [you] you roll again
       *[other] { $name } rolls again
    }

## G, a square's number and Enter: what is on the square, who is there, and the nearest ladder
## and snake after it. "Square 47: a snake down to 26. Bo is here. The next ladder is at 51, 4
## squares ahead; the next snake at 49, 2 squares ahead." Enter alone asks about the square of
## the listener's token (of the player to roll, for someone watching).

# The sentences of the line, one after the other.
look-join = { $first } { $second }
# $what: the parts below, joined with list-pair and list-comma.
look-square = Square { $square }: { $what }.
look-square-off = Off the board.
look-square-plain = no ladder or snake
look-square-last = the last square
look-square-ladder = a ladder up to { $to }
look-square-snake = a snake down to { $to }
# The end of a ladder or snake that starts on $from.
look-square-end = { $jump ->
        [climbed] the top of the ladder from { $from }
       *[slid] the tail of the snake from { $from }
    }
# The tokens on the square: $who is a list; $form is "you" when it is just the listener, "one"
# for one other player, "many" for several.
look-square-here = { $form ->
        [you] { $who } are here.
        [many] { $who } are here.
       *[one] { $who } is here.
    }
# The nearest ladder foot ($ladder) and snake head ($snake) after the square, $ladder_gap and
# $snake_gap squares ahead; 0 when there is none.
look-square-ahead = { $ladder ->
        [0] { $snake ->
            [0] No ladder or snake ahead.
           *[other] No ladder ahead; the next snake is at { $snake }, { $snake_gap } { $snake_gap ->
                [one] square
               *[other] squares
            } ahead.
        }
       *[other] The next ladder is at { $ladder }, { $ladder_gap } { $ladder_gap ->
            [one] square
           *[other] squares
        } ahead; { $snake ->
            [0] no snake ahead.
           *[other] the next snake at { $snake }, { $snake_gap } { $snake_gap ->
                [one] square
               *[other] squares
            } ahead.
        }
    }
# A number that is no square of the board ($square is text: it may be very long).
look-no-square = There is no square { $square }: the board has squares 1 to { $last }.
# The terminal game asks for the number after G.
look-square-prompt = Which square? Type its number, then Enter.
look-square-cancelled = No square asked.

## The state of a game, asked for with a key: C positions, T whose turn, S scores, Shift+S details.
##
## $you is "you" for the listener's own token, else "other"; $name the display name.
## Lists of players are built with list-pair ("Ana and Bo") and list-comma ("Ana, Bo").

you = you
list-pair = { $first } and { $second }
list-comma = { $first }, { $second }
# Joins the groups of a longer sentence.
clause-join = { $first }, { $second }
# Two whole sentences said as one announcement ("Bot 1 won the game in round 21. The game is
# over."): a space between them in languages that write one.
sentence-join = { $first } { $second }
sentence = { $text }.

first-player = { $you ->
    [you] You go first.
   *[other] { $name } goes first.
}

## C: positions, highest square first. $who is a list of players; $form is "you" when it is
## just the listener, "one" for one other player, "many" for several.

position-on = { $form ->
    [you] { $who } are on square { $square }
    [many] { $who } are on square { $square }
   *[one] { $who } is on square { $square }
}
position-off = { $form ->
    [you] { $who } have not entered the board
    [many] { $who } have not entered the board
   *[one] { $who } has not entered the board
}

## T: whose turn.

turn-on = { $you ->
    [you] It is your turn{ $again ->
        [yes] {" "}again
       *[no] {""}
    }; you are on square { $square }.
   *[other] It is { $name }'s turn{ $again ->
        [yes] {" "}again
       *[no] {""}
    }; { $name } is on square { $square }.
}
turn-off = { $you ->
    [you] It is your turn{ $again ->
        [yes] {" "}again
       *[no] {""}
    }; you have not entered the board.
   *[other] It is { $name }'s turn{ $again ->
        [yes] {" "}again
       *[no] {""}
    }; { $name } has not entered the board.
}
game-over = { $you ->
    [you] The game is over: you won.
   *[other] The game is over: { $name } won.
}

## S: a brief race summary. $who: the leader or leaders; $form as above; $behind: the next player
## or players; $gap: squares between them.

scores-nobody-entered = Nobody has entered the board yet.
scores-all-level = Everyone is level on square { $square }.
scores-lead = { $form ->
    [you] { $who } lead on square { $square }, { $gap } { $gap ->
        [one] square
       *[other] squares
    } ahead of { $behind }.
    [many] { $who } share the lead on square { $square }, { $gap } { $gap ->
        [one] square
       *[other] squares
    } ahead of { $behind }.
   *[one] { $who } leads on square { $square }, { $gap } { $gap ->
        [one] square
       *[other] squares
    } ahead of { $behind }.
}
scores-won = { $gap ->
    [0] { $who } won.
   *[other] { $who } won, { $gap } { $gap ->
        [one] square
       *[other] squares
    } ahead of { $behind }.
}

## Shift+S: one line per player. $to_go: squares left to the last square.

detail-line = { $who }: { $where }, { $to_go } { $to_go ->
        [one] square
       *[other] squares
    } to go; { $stats }.
detail-won = { $who }: won on square { $square }; { $stats }.
detail-on = square { $square }
detail-off = off the board
detail-stats = { $turns } { $turns ->
        [one] turn
       *[other] turns
    }, { $rolls } { $rolls ->
        [one] roll
       *[other] rolls
    }, { $ladders } { $ladders ->
        [one] ladder
       *[other] ladders
    }, { $snakes } { $snakes ->
        [one] snake
       *[other] snakes
    }, { $sixes } { $top ->
        [6] { $sixes ->
            [one] six
           *[other] sixes
        }
       *[other] { $sixes ->
            [one] roll
           *[other] rolls
        } of { $top }
    }
detail-bumps = { $stats }, { $made } { $made ->
        [one] bump
       *[other] bumps
    } made, { $suffered ->
        [0] never bumped
        [1] bumped once
        [2] bumped twice
       *[other] bumped { $suffered } times
    }

## The legend under a board drawn with its tokens: $mark is the token's letter in the grid.

board-token-on = { $mark } { $who } on { $square }
board-token-off = { $mark } { $who } off the board
board-tokens = Tokens: { $list }.

## Looking ahead before a roll (key L), and what is on a square (key G).

## L: what each face of the die would do for the player whose turn it is, in one sentence:
## "Desde la 24: del 1 al 3, avanzas a las casillas 25 a 27; con un 4, escalera de la 28 a la 84;
## con 5 y 6, avanzas a las casillas 29 y 30." Faces with the same kind of outcome, on squares in
## a row, are told together.
##
## Spanish: each group of faces begins "con un 4", "con 5 y 6" or "del 1 al 3" (look-face,
## look-face-pair, look-face-range; $count: how many faces); the
## verbs agree with the player to roll ("avanzas", "avanza"), named once at the start, and a
## clause whose English verb agrees with the faces has no verb ("con un 4, escalera de la 28 a
## la 84"), as the page's short lines do. Clauses are joined by clause-join (a semicolon).
##
## $you: "you" when the roll is the listener's, else "other"; $name: the player to roll.
## $faces: the faces, one ("4"), two (look-pair) or several in a row (look-range).
## $landing: where the faces take the token: one square, two (look-pair) or several in a row
## (look-range), as many squares as faces.

# $from: the square the roll starts from (0: off the board); $clauses: one clause per group of
# faces, joined with clause-join.
look-ahead = { $you ->
    [you] { $from ->
        [0] Desde fuera del tablero: { $clauses }.
       *[other] Desde la { $from }: { $clauses }.
    }
   *[other] { $from ->
        [0] { $name } sigue fuera del tablero: { $clauses }.
       *[other] { $name } está en la { $from }: { $clauses }.
    }
}
look-pair = { $first } y { $second }
look-range = { $first } a { $second }
# The faces that begin a clause ($faces): "con un 4", "con 5 y 6", "del 1 al 3" (a range of
# squares stays "25 a 27").
look-face = con un { $face }
look-face-pair = con { $first } y { $second }
look-face-range = del { $first } al { $second }

# A plain move, or entering the board.
look-move = { $count ->
        [one] { $faces }, { $you ->
            [you] avanzas
           *[other] avanza
        } a la casilla { $landing }
       *[other] { $faces }, { $you ->
            [you] avanzas
           *[other] avanza
        } a las casillas { $landing }
    }
# A plain move onto the last square: the game is won. ($count, which English's verb agrees
# with, chooses nothing where the clause has no verb.)
look-win = { $count ->
   *[other] { $faces }, victoria
}
# A move ending at the foot of a ladder or the head of a snake ($from), which takes the token to
# $to. $jump is climbed or slid.
look-jump = { $count ->
   *[other] { $faces }, { $jump ->
        [climbed] escalera de la { $from } a la { $to }
       *[slid] serpiente de la { $from } a la { $to }
    }
}
# Reaching the last square and counting back down to $landing.
look-bounce = { $count ->
        [one] { $faces }, { $you ->
            [you] rebotas
           *[other] rebota
        } hasta la casilla { $landing }
       *[other] { $faces }, { $you ->
            [you] rebotas
           *[other] rebota
        } hasta las casillas { $landing }
    }
# Counting back down to $from, a ladder's foot or a snake's head, which takes the token to $to.
look-bounce-jump = { $count ->
   *[other] { $faces }, { $you ->
        [you] rebotas hasta la { $from } y { $jump ->
            [climbed] subes por la escalera hasta la { $to }
           *[slid] bajas por la serpiente hasta la { $to }
        }
       *[other] rebota hasta la { $from } y { $jump ->
            [climbed] sube por la escalera hasta la { $to }
           *[slid] baja por la serpiente hasta la { $to }
        }
    }
}
# The exact ending: a roll past the last square ($last) does not move the token.
look-overshoot = { $count ->
   *[other] { $faces }, { $you ->
        [you] te pasas de la { $last } y no te mueves
       *[other] { $name } se pasa de la { $last } y no se mueve
    }
}
# Off the board when only the top face enters.
look-need-top = { $count ->
   *[other] { $faces }, { $you ->
        [you] sigues fuera del tablero
       *[other] { $name } sigue fuera del tablero
    }
}

## What follows the move, said after the clause above ($move).

# Jumps chain: after the first jump, the next ones end on $to.
look-chain = { $move }, y de ahí a la { $to }
# Landing on other tokens sends them back to the start ($to: 0 is off the board). $victims is a
# list of players ("tú" for the listener), after a colon, where nothing agrees with it; $count:
# how many faces. The roll is the subject ("esa tirada manda"), never the player, whose person
# $move has already fixed: "con un 4, avanzas a la casilla 4, y esa tirada manda fuera del
# tablero a quien esté allí: Bot 1".
look-bump = { $move }, y { $count ->
        [one] esa tirada manda
       *[other] esas tiradas mandan
    } { $to ->
        [0] fuera del tablero
       *[other] a la casilla { $to }
    } a quien esté allí: { $victims }
# A jump, a chain or a bump that ends on the last square: the game is won.
look-and-win = { $move }, y { $count ->
        [one] esa tirada gana
       *[other] esas tiradas ganan
    } la partida
# The top face under the roll-again rule.
look-again = { $move }, y { $you ->
        [you] vuelves a tirar
       *[other] { $name } vuelve a tirar
    }

## G, a square's number and Enter: what is on the square, who is there, and the nearest ladder
## and snake after it. "Casilla 47: una serpiente que baja a la 26. Aquí está Bo. La próxima
## escalera está en la 51, a 4 casillas; la próxima serpiente, en la 49, a 2 casillas." Enter
## alone asks about the square of the listener's token (of the player to roll, for someone
## watching).

# The sentences of the line, one after the other.
# same-as-en
look-join = { $first } { $second }
# $what: the parts below, joined with list-pair and list-comma.
look-square = Casilla { $square }: { $what }.
look-square-off = Fuera del tablero.
look-square-plain = sin escalera ni serpiente
look-square-last = la última casilla
look-square-ladder = una escalera que sube a la { $to }
look-square-snake = una serpiente que baja a la { $to }
# The end of a ladder or snake that starts on $from.
look-square-end = { $jump ->
        [climbed] el final de la escalera que sube desde la { $from }
       *[slid] la cola de la serpiente que baja desde la { $from }
    }
# The tokens on the square: $who is a list; $form is "you" when it is just the listener, "one"
# for one other player, "many" for several (a list that may hold "tú", after a colon).
look-square-here = { $form ->
        [you] Aquí estás { $who }.
        [one] Aquí está { $who }.
       *[many] Aquí: { $who }.
    }
# The nearest ladder foot ($ladder) and snake head ($snake) after the square, $ladder_gap and
# $snake_gap squares ahead; 0 when there is none.
look-square-ahead = { $ladder ->
        [0] { $snake ->
            [0] No hay escaleras ni serpientes más adelante.
           *[other] No hay escaleras más adelante; la próxima serpiente está en la { $snake }, a { $snake_gap } { $snake_gap ->
                [one] casilla
               *[other] casillas
            }.
        }
       *[other] La próxima escalera está en la { $ladder }, a { $ladder_gap } { $ladder_gap ->
            [one] casilla
           *[other] casillas
        }; { $snake ->
            [0] no hay serpientes más adelante.
           *[other] la próxima serpiente, en la { $snake }, a { $snake_gap } { $snake_gap ->
                [one] casilla
               *[other] casillas
            }.
        }
    }
# A number that is no square of the board ($square is text: it may be very long).
look-no-square = No hay casilla { $square }: el tablero tiene casillas de la 1 a la { $last }.
# The terminal game asks for the number after G.
look-square-prompt = ¿Qué casilla? Escribe su número y pulsa Enter.
look-square-cancelled = No se consultó ninguna casilla.

## What happened in a game: one line per announcement.
##
## Spanish: informal "tú"; the events are told in the simple past ("Ana sacó un 4"), understood
## everywhere. No word agrees with a player's gender: names are subjects of verbs, never of
## adjectives, and "le toca a Ana" needs no pronoun that shows it.
##
## Variables shared by these messages:
##   $you   "you" when the listener is the player the sentence is about (first person), else "other"
##   $name  that player's display name
##   $roll  the face rolled; { a-roll } says it with its article ("un 4", "un 8": always "un")
##   $from, $to  squares the token rested on ("la 14": "casilla" is feminine, "la" stands for it)
##   $top   the die's top face (a six on a six-sided die)

a-roll = un { $roll }
# The die's top face with its article.
a-top = un { $top }

## A roll with the move it made, as one sentence, a ladder or snake at the end of the move
## included.

rolled = { $you ->
    [you] Sacaste { a-roll }.
   *[other] { $name } sacó { a-roll }.
}
rolled-entered = { $you ->
    [you] Sacaste { a-roll } y entraste en el tablero por la casilla { $to }.
   *[other] { $name } sacó { a-roll } y entró en el tablero por la casilla { $to }.
}
rolled-moved = { $you ->
    [you] Sacaste { a-roll } y avanzaste de la { $from } a la { $to }.
   *[other] { $name } sacó { a-roll } y avanzó de la { $from } a la { $to }.
}
# The move ended at the foot of a ladder or the head of a snake ($from) and the jump took the
# token to $to. $jump is "climbed" or "slid". jump-at is a noun phrase with a relative clause
# ("la escalera de la 28, que sube hasta la 84") so that it fits "caíste en" and "cayó en"
# alike: the verb that agrees with the player stays in rolled-jumped.
rolled-jumped = { $you ->
    [you] Sacaste { a-roll } y caíste en { jump-at }.
   *[other] { $name } sacó { a-roll } y cayó en { jump-at }.
}
jump-at = { $jump ->
    [climbed] la escalera de la { $from }, que sube hasta la { $to }
   *[slid] la serpiente de la { $from }, que baja hasta la { $to }
}
# $last: the last square, reached and bounced off.
rolled-bounced = { $you ->
    [you] Sacaste { a-roll }, llegaste a la { $last } y rebotaste hasta la { $to }.
   *[other] { $name } sacó { a-roll }, llegó a la { $last } y rebotó hasta la { $to }.
}
rolled-entered-bounced = { $you ->
    [you] Sacaste { a-roll }, entraste en el tablero, llegaste a la { $last } y rebotaste hasta la { $to }.
   *[other] { $name } sacó { a-roll }, entró en el tablero, llegó a la { $last } y rebotó hasta la { $to }.
}
# A bounce back onto a ladder or snake: $from is where the bounce ended, $to where the jump did.
# jump-on, like jump-at, is a noun phrase after "caíste en" / "cayó en".
rolled-bounced-jumped = { $you ->
    [you] Sacaste { a-roll }, llegaste a la { $last }, rebotaste hasta la { $from } y caíste en { jump-on }.
   *[other] { $name } sacó { a-roll }, llegó a la { $last }, rebotó hasta la { $from } y cayó en { jump-on }.
}
rolled-entered-bounced-jumped = { $you ->
    [you] Sacaste { a-roll }, entraste en el tablero, llegaste a la { $last }, rebotaste hasta la { $from } y caíste en { jump-on }.
   *[other] { $name } sacó { a-roll }, entró en el tablero, llegó a la { $last }, rebotó hasta la { $from } y cayó en { jump-on }.
}
jump-on = { $jump ->
    [climbed] una escalera que sube hasta la { $to }
   *[slid] una serpiente que baja hasta la { $to }
}
# The exact ending: the roll would have gone past the last square, so the token did not move
# from $from (0: off the board, on a board shorter than the roll that enters). Said after
# "te quedaste" / "se quedó".
stayed-where = { $from ->
    [0] fuera del tablero
   *[other] en la casilla { $from }
}
rolled-stayed-overshoot = { $you ->
    [you] Sacaste { a-roll } y te quedaste { stayed-where }: te pasabas de la última casilla.
   *[other] { $name } sacó { a-roll } y se quedó { stayed-where }: se pasaba de la última casilla.
}
rolled-stayed-need-six = { $you ->
    [you] Sacaste { a-roll } y te quedaste fuera del tablero: hace falta { a-top } para entrar.
   *[other] { $name } sacó { a-roll } y se quedó fuera del tablero: hace falta { a-top } para entrar.
}

## The same moves told without their roll (when the roll was told before).

entered = { $you ->
    [you] Entraste en el tablero por la casilla { $to }.
   *[other] { $name } entró en el tablero por la casilla { $to }.
}
moved = { $you ->
    [you] Avanzaste de la { $from } a la { $to }.
   *[other] { $name } avanzó de la { $from } a la { $to }.
}
bounced = { $you ->
    [you] Llegaste a la { $last } y rebotaste hasta la { $to }.
   *[other] { $name } llegó a la { $last } y rebotó hasta la { $to }.
}
stayed-overshoot = { $you ->
    [you] Te quedaste { stayed-where }: te pasabas de la última casilla.
   *[other] { $name } se quedó { stayed-where }: se pasaba de la última casilla.
}
stayed-need-six = { $you ->
    [you] Te quedaste fuera del tablero: hace falta { a-top } para entrar.
   *[other] { $name } se quedó fuera del tablero: hace falta { a-top } para entrar.
}

## Jumps told alone (a jump that follows another one when jumps chain), collisions, the six
## rule and the turn. The win is told once, with the length of the game, by table-finished
## (lifecycle.ftl).

climbed = { $you ->
    [you] Subiste por la escalera de la { $from } a la { $to }.
   *[other] { $name } subió por la escalera de la { $from } a la { $to }.
}
slid = { $you ->
    [you] Bajaste por la serpiente de la { $from } a la { $to }.
   *[other] { $name } bajó por la serpiente de la { $from } a la { $to }.
}
# $by_you / $by: the player who landed; $you / $name: the player sent back; $square: where they met.
# $to: the start square (0 is off the board: "mandar fuera del tablero"). The name is repeated
# rather than replaced by "lo" or "la", which would give the player a gender.
bumped = { $by_you ->
    [you] Caíste en la casilla { $square }, donde estaba { $name }, y mandaste a { $name } { $to ->
        [0] fuera del tablero.
       *[other] de vuelta a la casilla { $to }.
    }
   *[other] { $you ->
        [you] { $by } cayó en tu casilla, la { $square }, y te mandó { $to ->
            [0] fuera del tablero.
           *[other] de vuelta a la casilla { $to }.
        }
       *[other] { $by } cayó en la casilla { $square }, donde estaba { $name }, y mandó a { $name } { $to ->
            [0] fuera del tablero.
           *[other] de vuelta a la casilla { $to }.
        }
    }
}
extra-roll = { $you ->
    [you] Vuelves a tirar.
   *[other] { $name } vuelve a tirar.
}
turn-passed = { $you ->
    [you] Te toca.
   *[other] Le toca a { $name }.
}

## Brief forms for experienced players: one line per roll, "Ana, 4: 10 a 14, escalera a 35."
## The parts are listed with brief-list-join. They have no verb, so that they read the same
## whoever moved ("4: 10 a 14" for you, "Ana, 4: 10 a 14" for Ana).

# same-as-en
brief-roll = { $you ->
    [you] { $roll }: { $parts }.
   *[other] { $name }, { $roll }: { $parts }.
}
brief-no-roll = { $you ->
    [you] Tú: { $parts }.
   *[other] { $name }: { $parts }.
}
# same-as-en
brief-list-join = { $first }, { $second }
brief-entered = entrada en la { $to }
brief-moved = { $from } a { $to }
brief-bounced = { $from } a { $last }, rebote a { $to }
brief-entered-bounced = entrada hasta { $last }, rebote a { $to }
# "se pasa": the roll goes past the last square.
brief-stayed-overshoot = { $from ->
    [0] sin entrar, se pasa
   *[other] sin avanzar de { $from }, se pasa
}
brief-stayed-need-six = sin entrar, hace falta { a-top }
# A jump at the end of a plain move, which it replaces: "escalera 28 a 84".
brief-climbed = escalera { $from } a { $to }
brief-slid = serpiente { $from } a { $to }
# A jump from a square the line has just named (after a bounce, or a jump before it).
brief-climbed-on = escalera a { $to }
brief-slid-on = serpiente a { $to }
# The player sent back, without a verb: "Bo de vuelta a 1", "tú fuera del tablero".
brief-bumped = { $you ->
    [you] tú { $to ->
        [0] fuera del tablero
       *[other] de vuelta a { $to }
    }
   *[other] { $name } { $to ->
        [0] fuera del tablero
       *[other] de vuelta a { $to }
    }
}
brief-extra-roll = otra tirada
brief-turn-passed = { $you ->
    [you] Tu turno.
   *[other] Turno de { $name }.
}

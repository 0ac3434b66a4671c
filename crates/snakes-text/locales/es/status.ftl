## The state of a game, asked for with a key: C positions, T whose turn, S scores, Shift+S details.
##
## $you is "you" for the listener's own token, else "other"; $name the display name.
## Lists of players are built with list-pair ("Ana y Bo") and list-comma ("Ana, Bo").
##
## A list may hold the word "tú" (the message `you`): a verb after a list of several players
## would have to choose between "Ana y tú están" (America) and "Ana y tú estáis" (Spain), and a
## preposition before it would need "ti" ("delante de ti"). So lists stand where no verb agrees
## with them and no preposition precedes them: "Ana y tú, en la casilla 3".

# How the listener is named inside a list ("Ana y tú"); also the word a player's name may not be.
you = tú
# "y" is not changed to "e" before a name beginning with an "i" sound ("Ana e Inés"): the
# catalogue cannot see the name's first letter.
list-pair = { $first } y { $second }
# same-as-en
list-comma = { $first }, { $second }
# Joins the groups of a longer sentence. A semicolon, as Spanish punctuates clauses whose verb
# is left out after a comma ("Bo está en la casilla 38; Ana y tú, en la casilla 3").
clause-join = { $first }; { $second }
# same-as-en
sentence-join = { $first } { $second }
# same-as-en
sentence = { $text }.

first-player = { $you ->
    [you] Empiezas tú.
   *[other] Empieza { $name }.
}

## C: positions, highest square first. $who is a list of players; $form is "you" when it is
## just the listener, "one" for one other player, "many" for several (then without a verb, see
## above). The sentence's first letter is made upper case by the code.

position-on = { $form ->
    [you] { $who } estás en la casilla { $square }
    [many] { $who }, en la casilla { $square }
   *[one] { $who } está en la casilla { $square }
}
position-off = { $form ->
    [you] { $who } sigues fuera del tablero
    [many] { $who }, fuera del tablero
   *[one] { $who } sigue fuera del tablero
}

## T: whose turn.

turn-on = { $you ->
    [you] Te toca{ $again ->
        [yes] {" "}otra vez
       *[no] {""}
    }; estás en la casilla { $square }.
   *[other] Le toca a { $name }{ $again ->
        [yes] {" "}otra vez
       *[no] {""}
    }; está en la casilla { $square }.
}
turn-off = { $you ->
    [you] Te toca{ $again ->
        [yes] {" "}otra vez
       *[no] {""}
    }; sigues fuera del tablero.
   *[other] Le toca a { $name }{ $again ->
        [yes] {" "}otra vez
       *[no] {""}
    }; sigue fuera del tablero.
}
game-over = { $you ->
    [you] La partida terminó: ganaste.
   *[other] La partida terminó: ganó { $name }.
}

## S: a brief race summary. $who: the leader or leaders; $form as above; $behind: the next player
## or players; $gap: squares between them. $behind may hold "tú", so it stands alone before a
## comma: "Bo, 3 casillas por detrás".

scores-nobody-entered = Todavía no hay nadie en el tablero.
# Said of the tokens ("fichas"), not of the players, so that no word agrees with them.
scores-all-level = Todas las fichas están en la casilla { $square }.
scores-lead = { $form ->
    [you] { $who } vas en cabeza, en la casilla { $square }; { $behind }, { $gap } { $gap ->
        [one] casilla
       *[other] casillas
    } por detrás.
    [many] { $who }, en cabeza en la casilla { $square }; { $behind }, { $gap } { $gap ->
        [one] casilla
       *[other] casillas
    } por detrás.
   *[one] { $who } va en cabeza, en la casilla { $square }; { $behind }, { $gap } { $gap ->
        [one] casilla
       *[other] casillas
    } por detrás.
}
# $who is the winner, "tú" or a name, with no $you to choose the verb: the sentence has none.
scores-won = { $gap ->
    [0] Primer puesto: { $who }.
   *[other] Primer puesto: { $who }; { $behind }, a { $gap } { $gap ->
        [one] casilla
       *[other] casillas
    }.
}

## Shift+S: one line per player. $to_go: squares left to the last square ("faltan 12 casillas",
## impersonal, so it reads the same after "Tú:" and after "Ana:").

detail-line = { $who }: { $where }, { $to_go ->
        [one] falta { $to_go } casilla
       *[other] faltan { $to_go } casillas
    }; { $stats }.
detail-won = { $who }: victoria en la casilla { $square }; { $stats }.
detail-on = casilla { $square }
detail-off = fuera del tablero
detail-stats = { $turns } { $turns ->
        [one] turno
       *[other] turnos
    }, { $rolls } { $rolls ->
        [one] tirada
       *[other] tiradas
    }, { $ladders } { $ladders ->
        [one] escalera
       *[other] escaleras
    }, { $snakes } { $snakes ->
        [one] serpiente
       *[other] serpientes
    }, { $sixes } { $top ->
        [6] { $sixes ->
            [one] seis
           *[other] seises
        }
       *[other] { $sixes ->
            [one] tirada
           *[other] tiradas
        } de { $top }
    }
# $made: tokens this player sent back; $suffered: times this player's token was sent back.
# Both are said of tokens and returns, never with a participle that would agree with a player.
detail-bumps = { $stats }, { $made } { $made ->
        [one] ficha mandada
       *[other] fichas mandadas
    } de vuelta, { $suffered ->
        [0] ningún regreso a la salida
        [one] un regreso a la salida
       *[other] { $suffered } regresos a la salida
    }

## The legend under a board drawn with its tokens: $mark is the token's letter in the grid,
## said after the name in brackets ("Ana (A) en la 12"), since "A Ana" would be heard as "a Ana".

board-token-on = { $who } ({ $mark }) en la { $square }
board-token-off = { $who } ({ $mark }) fuera del tablero
board-tokens = Fichas: { $list }.

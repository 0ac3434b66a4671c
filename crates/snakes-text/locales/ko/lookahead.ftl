## Looking ahead before a roll (key L), and what is on a square (key G).

## L: what each face of the die would do for the player whose turn it is: "24번 칸에서: 1~3이
## 나오면 25~27번 칸으로 가요. 4가 나오면 28번 칸 사다리 타고 84번 칸으로 올라가요."
## Faces with the same kind of outcome, on squares in a row, are told together.
##
## Korean: each group of faces is its own short sentence (clause-join puts a full stop between
## them), the faces before 나오면 ("if it comes up") with the subject particle of the face read
## last (look-face: "1이 나오면", "3~6이 나오면"); a run of squares is "5~8번 칸". The
## listener's sentences drop the subject; another player's token is 말 ("말이 25번 칸으로
## 가요"). Korean has no plural: $count, which English needs for
## its verbs ("4 climbs", "5 and 6 move"), chooses nothing here.
##
## $you: "you" when the roll is the listener's, else "other"; $name: the player to roll.
## $faces: the faces, one ("4"), two (look-pair) or several in a row (look-range).
## $landing: where the faces take the token: one square, two (look-pair) or several in a row
## (look-range).

# $from: the square the roll starts from (0: off the board); $clauses: one sentence per group
# of faces, joined with clause-join.
look-ahead = { $you ->
    [you] { $from ->
        [0] 출발 전이에요. { $clauses }.
       *[other] { $from }번 칸에서: { $clauses }.
    }
   *[other] { $from ->
        [0] { $name } 님은 출발 전이에요. { $clauses }.
       *[other] { $name } 님은 { $from }번 칸에 있어요. { $clauses }.
    }
}
look-pair = { $first }하고 { $second }
look-range = { $first }~{ $second }
# The faces that begin a clause ($faces), with the subject particle of the face read last, as
# a-roll chooses it: "4가", "5하고 6이", "1~3이".
look-face = { $face ->
    [2] 2가
    [4] 4가
    [5] 5가
    [9] 9가
    [12] 12가
    [14] 14가
    [15] 15가
    [19] 19가
   *[other] { $face }이
}
look-face-pair = { $first }하고 { $second ->
        [2] 2가
        [4] 4가
        [5] 5가
        [9] 9가
        [12] 12가
        [14] 14가
        [15] 15가
        [19] 19가
       *[other] { $second }이
    }
look-face-range = { $first }~{ $second ->
        [2] 2가
        [4] 4가
        [5] 5가
        [9] 9가
        [12] 12가
        [14] 14가
        [15] 15가
        [19] 19가
       *[other] { $second }이
    }

# A plain move, or entering the board.
look-move = { $count ->
   *[other] { $faces } 나오면 { $you ->
        [you] { $landing }번 칸으로 가요
       *[other] 말이 { $landing }번 칸으로 가요
    }
}
# A plain move onto the last square: the game is won.
look-win = { $count ->
   *[other] { $faces } 나오면 우승이에요
}
# A move ending at the foot of a ladder or the head of a snake ($from), which takes the token to
# $to. $jump is climbed or slid.
look-jump = { $count ->
   *[other] { $faces } 나오면 { $jump ->
        [climbed] { $from }번 칸 사다리 타고 { $to }번 칸으로 올라가요
       *[slid] { $from }번 칸 뱀에 걸려 { $to }번 칸으로 내려가요
    }
}
# Reaching the last square and counting back down to $landing.
look-bounce = { $count ->
   *[other] { $faces } 나오면 { $you ->
        [you] 끝에서 되돌아가 { $landing }번 칸으로 가요
       *[other] 말이 끝에서 되돌아가 { $landing }번 칸으로 가요
    }
}
# Counting back down to $from, a ladder's foot or a snake's head, which takes the token to $to.
look-bounce-jump = { $count ->
   *[other] { $faces } 나오면 { $you ->
        [you] 끝에서 { $from }번 칸으로 되돌아가
       *[other] 말이 끝에서 { $from }번 칸으로 되돌아가
    } { $jump ->
        [climbed] 사다리 타고 { $to }번 칸으로 올라가요
       *[slid] 뱀에 걸려 { $to }번 칸으로 내려가요
    }
}
# The exact ending: a roll past the last square ($last) does not move the token.
look-overshoot = { $count ->
   *[other] { $faces } 나오면 { $last }번 칸을 넘어서 { $you ->
        [you] 움직이지 않아요
       *[other] { $name } 님은 움직이지 않아요
    }
}
# Off the board when only the top face enters.
look-need-top = { $count ->
   *[other] { $faces } 나오면 { $you ->
        [you] 출발하지 못해요
       *[other] { $name } 님은 출발하지 못해요
    }
}

## What follows the move, said after the sentence above ($move).

# Jumps chain: after the first jump, the next ones end on $to.
look-chain = { $move }. 이어서 { $to }번 칸까지 가요
# Landing on other tokens sends them back to the start ($to: 0 is off the board). $victims is a
# list of players ("나" for the listener), before a colon.
look-bump = { $count ->
   *[other] { $move }. 잡힌 말: { $victims }, { $to ->
        [0] 출발 전으로 돌아가요
       *[other] { $to }번 칸으로 돌아가요
    }
}
# A jump, a chain or a bump that ends on the last square: the game is won.
look-and-win = { $count ->
   *[other] { $move }. 우승이에요
}
# The top face under the roll-again rule.
# The clause says "with this face" (이 눈이 나오면), so that it is heard as part of the top face's
# outcome and not as an instruction.
look-again = { $move }. { $you ->
    [you] 이 눈이 나오면 한 번 더 굴려요
   *[other] { $name } 님은 이 눈이 나오면 한 번 더 굴려요
}

## G, a square's number and Enter: what is on the square, who is there, and the nearest ladder
## and snake after it. "47번 칸: 26번 칸으로 내려가는 뱀. Bo 님이 여기 있어요. 다음 사다리는
## 51번 칸, 4칸 앞이에요. 다음 뱀은 49번 칸, 2칸 앞이에요." Enter alone asks about the square
## of the listener's token (of the player to roll, for someone watching).

# The sentences of the line, one after the other.
# same-as-en
look-join = { $first } { $second }
# $what: the parts below, joined with list-pair and list-comma.
look-square = { $square }번 칸: { $what }.
look-square-off = 출발 전이에요.
look-square-plain = 사다리도 뱀도 없음
look-square-last = 마지막 칸
look-square-ladder = { $to }번 칸으로 올라가는 사다리
look-square-snake = { $to }번 칸으로 내려가는 뱀
# The end of a ladder or snake that starts on $from.
look-square-end = { $jump ->
        [climbed] { $from }번 칸에서 올라오는 사다리의 끝
       *[slid] { $from }번 칸에서 내려오는 뱀의 꼬리
    }
# The tokens on the square: $who is a list; $form is "you" when it is just the listener, "one"
# for one other player, "many" for several. A list may hold 나, so it stands after a colon.
look-square-here = { $form ->
        [one] { $who } 님이 여기 있어요.
       *[other] 여기 있는 말: { $who }.
    }
# The nearest ladder foot ($ladder) and snake head ($snake) after the square, $ladder_gap and
# $snake_gap squares ahead; 0 when there is none.
look-square-ahead = { $ladder ->
        [0] { $snake ->
            [0] 앞에 사다리도 뱀도 없어요.
           *[other] 앞에 사다리는 없어요. 다음 뱀은 { $snake }번 칸, { $snake_gap }칸 앞이에요.
        }
       *[other] 다음 사다리는 { $ladder }번 칸, { $ladder_gap }칸 앞이에요. { $snake ->
            [0] 앞에 뱀은 없어요.
           *[other] 다음 뱀은 { $snake }번 칸, { $snake_gap }칸 앞이에요.
        }
    }
# A number that is no square of the board ($square is text: it may be very long).
look-no-square = { $square }번 칸은 없어요. 게임판은 1번부터 { $last }번 칸까지예요.
# The terminal game asks for the number after G.
look-square-prompt = 몇 번 칸을 볼까요? 번호를 입력하고 Enter를 누르세요.
look-square-cancelled = 칸을 묻지 않았어요.

## What happened in a game: one line per announcement.
##
## Variables shared by these messages:
##   $you   "you" when the listener is the player the sentence is about (first person), else "other"
##   $name  that player's display name
##   $roll  the face rolled; { a-roll } says it with its subject particle ("4가", "6이")
##   $from, $to  squares the token rested on
##   $top   the die's top face (a six on a six-sided die)
##
## Korean: the polite 해요체 throughout. The listener is never named ("you" has no good word in
## Korean): their sentences drop the subject ("4가 나왔어요."). Another player is "{ $name } 님",
## so the particle after the name always follows 님 (님은, 님이, 님의) whatever the name is.
## A square is "{ $to }번 칸", so particles follow 칸 (칸으로, 칸에), never a bare number.

# The roll with its subject particle, which depends on how the number is read (Sino-Korean):
# 2 이, 4 사, 5 오, 9 구 (and 12, 14, 15, 19) end in a vowel and take 가, the others 이.
# A die has at most 20 faces.
a-roll = { $roll ->
    [2] 2가
    [4] 4가
    [5] 5가
    [9] 9가
    [12] 12가
    [14] 14가
    [15] 15가
    [19] 19가
   *[other] { $roll }이
}
# The die's top face with its subject particle, as a-roll.
a-top = { $top ->
    [2] 2가
    [4] 4가
    [5] 5가
    [9] 9가
    [12] 12가
    [14] 14가
    [15] 15가
    [19] 19가
   *[other] { $top }이
}

## A roll with the move it made, as one sentence, a ladder or snake at the end of the move
## included.

rolled = { $you ->
    [you] { a-roll } 나왔어요.
   *[other] { $name } 님은 { a-roll } 나왔어요.
}
rolled-entered = { $you ->
    [you] { a-roll } 나와 출발해서 { $to }번 칸으로 갔어요.
   *[other] { $name } 님은 { a-roll } 나와 출발해서 { $to }번 칸으로 갔어요.
}
rolled-moved = { $you ->
    [you] { a-roll } 나와 { $from }번 칸에서 { $to }번 칸으로 갔어요.
   *[other] { $name } 님은 { a-roll } 나와 { $from }번 칸에서 { $to }번 칸으로 갔어요.
}
# The move ended at the foot of a ladder or the head of a snake ($from) and the jump took the
# token to $to. $jump is "climbed" or "slid". In Korean jump-at is the whole end of the
# sentence, verb included.
rolled-jumped = { $you ->
    [you] { a-roll } 나와 { jump-at }.
   *[other] { $name } 님은 { a-roll } 나와 { jump-at }.
}
jump-at = { $jump ->
    [climbed] { $from }번 칸 사다리를 타고 { $to }번 칸으로 올라갔어요
   *[slid] { $from }번 칸 뱀에 걸려 { $to }번 칸으로 내려갔어요
}
# $last: the last square, reached and bounced off.
rolled-bounced = { $you ->
    [you] { a-roll } 나와 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
   *[other] { $name } 님은 { a-roll } 나와 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
}
rolled-entered-bounced = { $you ->
    [you] { a-roll } 나와 출발해서 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
   *[other] { $name } 님은 { a-roll } 나와 출발해서 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
}
# A bounce back onto a ladder or snake: $from is where the bounce ended, $to where the jump did.
rolled-bounced-jumped = { $you ->
    [you] { a-roll } 나와 { $last }번 칸까지 갔다가 { $from }번 칸으로 되돌아와서 { jump-on }.
   *[other] { $name } 님은 { a-roll } 나와 { $last }번 칸까지 갔다가 { $from }번 칸으로 되돌아와서 { jump-on }.
}
rolled-entered-bounced-jumped = { $you ->
    [you] { a-roll } 나와 출발해서 { $last }번 칸까지 갔다가 { $from }번 칸으로 되돌아와서 { jump-on }.
   *[other] { $name } 님은 { a-roll } 나와 출발해서 { $last }번 칸까지 갔다가 { $from }번 칸으로 되돌아와서 { jump-on }.
}
# The end of the sentence, verb included.
jump-on = { $jump ->
    [climbed] 사다리를 타고 { $to }번 칸으로 올라갔어요
   *[slid] 뱀에 걸려 { $to }번 칸으로 내려갔어요
}
# The exact ending: the roll would have gone past the last square, so the token did not move
# from $from (0: off the board, on a board shorter than the roll that enters). In Korean this
# is the whole end of the sentence: "could not start" or "stays on square N".
stayed-where = { $from ->
    [0] 출발하지 못했어요
   *[other] { $from }번 칸에 그대로 있어요
}
rolled-stayed-overshoot = { $you ->
    [you] { a-roll } 나왔지만 마지막 칸을 넘게 돼서 { stayed-where }.
   *[other] { $name } 님은 { a-roll } 나왔지만 마지막 칸을 넘게 돼서 { stayed-where }.
}
rolled-stayed-need-six = { $you ->
    [you] { a-roll } 나와 출발하지 못했어요. { a-top } 나와야 출발할 수 있어요.
   *[other] { $name } 님은 { a-roll } 나와 출발하지 못했어요. { a-top } 나와야 출발할 수 있어요.
}

## The same moves told without their roll (when the roll was told before).

entered = { $you ->
    [you] 출발해서 { $to }번 칸으로 갔어요.
   *[other] { $name } 님은 출발해서 { $to }번 칸으로 갔어요.
}
moved = { $you ->
    [you] { $from }번 칸에서 { $to }번 칸으로 갔어요.
   *[other] { $name } 님은 { $from }번 칸에서 { $to }번 칸으로 갔어요.
}
bounced = { $you ->
    [you] { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
   *[other] { $name } 님은 { $last }번 칸까지 갔다가 { $to }번 칸으로 되돌아왔어요.
}
stayed-overshoot = { $you ->
    [you] 마지막 칸을 넘게 돼서 { stayed-where }.
   *[other] { $name } 님은 마지막 칸을 넘게 돼서 { stayed-where }.
}
stayed-need-six = { $you ->
    [you] 출발하지 못했어요. { a-top } 나와야 출발할 수 있어요.
   *[other] { $name } 님은 출발하지 못했어요. { a-top } 나와야 출발할 수 있어요.
}

## Jumps told alone (a jump that follows another one when jumps chain), collisions, the six
## rule and the turn. The win is told once, with the length of the game, by table-finished
## (lifecycle.ftl).

climbed = { $you ->
    [you] { $from }번 칸 사다리를 타고 { $to }번 칸으로 올라갔어요.
   *[other] { $name } 님은 { $from }번 칸 사다리를 타고 { $to }번 칸으로 올라갔어요.
}
slid = { $you ->
    [you] { $from }번 칸 뱀에 걸려 { $to }번 칸으로 내려갔어요.
   *[other] { $name } 님은 { $from }번 칸 뱀에 걸려 { $to }번 칸으로 내려갔어요.
}
# $by_you / $by: the player who landed; $you / $name: the player sent back; $square: where they met.
# $to: the start square (0 is off the board: 출발점, the starting point).
# Korean says it as in yut: the one who lands "catches" (잡다) the other's token.
bumped = { $by_you ->
    [you] { $to ->
        [0] { $square }번 칸에서 { $name } 님의 말을 잡아 출발점으로 돌려보냈어요.
       *[other] { $square }번 칸에서 { $name } 님의 말을 잡아 { $to }번 칸으로 돌려보냈어요.
    }
   *[other] { $you ->
        [you] { $to ->
            [0] { $square }번 칸에서 { $by } 님에게 잡혀 출발점으로 돌아갔어요.
           *[other] { $square }번 칸에서 { $by } 님에게 잡혀 { $to }번 칸으로 돌아갔어요.
        }
       *[other] { $to ->
            [0] { $by } 님이 { $square }번 칸에서 { $name } 님의 말을 잡아 출발점으로 돌려보냈어요.
           *[other] { $by } 님이 { $square }번 칸에서 { $name } 님의 말을 잡아 { $to }번 칸으로 돌려보냈어요.
        }
    }
}
extra-roll = { $you ->
    [you] 한 번 더 굴려요.
   *[other] { $name } 님이 한 번 더 굴려요.
}
# "내 차례" (my turn) is how Korean games say "your turn": the interface speaks from the
# player's side, as "나" in the lists (status.ftl, `you`).
turn-passed = { $you ->
    [you] 내 차례예요.
   *[other] { $name } 님 차례예요.
}

## Brief forms for experienced players: one line per roll, "Ana, 4: 10에서 14, 사다리 타고 35."
## The parts are listed with brief-list-join. Korean brief parts are short phrases without
## the polite ending; "A에서 B" (from A, B) needs no particle after the number B.

# same-as-en
brief-roll = { $you ->
    [you] { $roll }: { $parts }.
   *[other] { $name }, { $roll }: { $parts }.
}
brief-no-roll = { $you ->
    [you] 나: { $parts }.
   *[other] { $name }: { $parts }.
}
# same-as-en
brief-list-join = { $first }, { $second }
brief-entered = { $to }번 칸으로 출발
brief-moved = { $from }에서 { $to }
brief-bounced = { $from }에서 { $last }까지, 되돌아와 { $to }
brief-entered-bounced = 출발해서 { $last }까지, 되돌아와 { $to }
brief-stayed-overshoot = { $from ->
    [0] 너무 멀어 출발 전 그대로
   *[other] 너무 멀어 { $from }에 그대로
}
brief-stayed-need-six = { a-top } 나와야 출발
# A jump at the end of a plain move, which it replaces: "사다리 28에서 84".
brief-climbed = 사다리 { $from }에서 { $to }
brief-slid = 뱀 { $from }에서 { $to }
# A jump from a square the line has just named (after a bounce, or a jump before it).
brief-climbed-on = 사다리 타고 { $to }
brief-slid-on = 뱀 타고 { $to }
brief-bumped = { $you ->
    [you] { $to ->
        [0] 나를 잡아 출발점으로
       *[other] 나를 잡아 { $to }번 칸으로
    }
   *[other] { $to ->
        [0] { $name } 님을 잡아 출발점으로
       *[other] { $name } 님을 잡아 { $to }번 칸으로
    }
}
brief-extra-roll = 한 번 더
brief-turn-passed = { $you ->
    [you] 내 차례예요.
   *[other] { $name } 님 차례예요.
}

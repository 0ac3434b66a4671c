## The state of a game, asked for with a key: C positions, T whose turn, S scores, Shift+S details.
##
## $you is "you" for the listener's own token, else "other"; $name the display name.
## Lists of players are built with list-pair ("Ana하고 Bo") and list-comma ("Ana, Bo").
##
## Korean: a list of players may hold the listener, so lists and the lines built on them read
## as labels, "Ana하고 나: 12번 칸", with no particle after a name. Sentences about one other
## player say "{ $name } 님" (the particle then follows 님).

# The listener inside a list or a label: "나" (me), as Korean games label the player's own row.
you = 나
# 하고 (and) reads the same after any name, with or without a final consonant.
list-pair = { $first }하고 { $second }
# same-as-en
list-comma = { $first }, { $second }
# Joins the groups of a longer sentence. Korean makes each group its own short sentence.
clause-join = { $first }. { $second }
# same-as-en
sentence-join = { $first } { $second }
# same-as-en
sentence = { $text }.

first-player = { $you ->
    [you] 내가 먼저 시작해요.
   *[other] { $name } 님이 먼저 시작해요.
}

## C: positions, highest square first. $who is a list of players; $form is "you" when it is
## just the listener, "one" for one other player, "many" for several (모두: all of them).

position-on = { $form ->
    [many] { $who }: 모두 { $square }번 칸
   *[other] { $who }: { $square }번 칸
}
position-off = { $form ->
    [many] { $who }: 모두 출발 전
   *[other] { $who }: 출발 전
}

## T: whose turn. $again is "yes" after a six that gives another roll (한 번 더).

turn-on = { $you ->
    [you] { $again ->
        [yes] 한 번 더 내 차례예요. { $square }번 칸에 있어요.
       *[no] 내 차례예요. { $square }번 칸에 있어요.
    }
   *[other] { $again ->
        [yes] 한 번 더 { $name } 님 차례예요. { $name } 님은 { $square }번 칸에 있어요.
       *[no] { $name } 님 차례예요. { $name } 님은 { $square }번 칸에 있어요.
    }
}
turn-off = { $you ->
    [you] { $again ->
        [yes] 한 번 더 내 차례예요. 아직 출발 전이에요.
       *[no] 내 차례예요. 아직 출발 전이에요.
    }
   *[other] { $again ->
        [yes] 한 번 더 { $name } 님 차례예요. { $name } 님은 아직 출발 전이에요.
       *[no] { $name } 님 차례예요. { $name } 님은 아직 출발 전이에요.
    }
}
game-over = { $you ->
    [you] 게임이 끝났어요. 우승했어요!
   *[other] 게임이 끝났어요. { $name } 님이 우승했어요.
}

## S: a brief race summary. $who: the leader or leaders; $form as above; $behind: the next player
## or players; $gap: squares between them. "{ $behind }보다" (ahead of): 보다 reads the same
## after any name.

scores-nobody-entered = 아직 아무도 출발하지 않았어요.
scores-all-level = 모두 { $square }번 칸에 나란히 있어요.
scores-lead = { $form ->
    [you] { $square }번 칸으로 선두예요. { $behind }보다 { $gap }칸 앞서요.
    [many] { $who }: { $square }번 칸으로 공동 선두예요. { $behind }보다 { $gap }칸 앞서요.
   *[one] { $who }: { $square }번 칸으로 선두예요. { $behind }보다 { $gap }칸 앞서요.
}
# $who is the winner, "나" for the listener.
scores-won = { $gap ->
    [0] 우승: { $who }.
   *[other] 우승: { $who }. { $behind }보다 { $gap }칸 앞섰어요.
}

## Shift+S: one line per player. $to_go: squares left to the last square. Counts of events
## take 회 (times), read without doubt by a screen reader ("2번" could be "number 2").

detail-line = { $who }: { $where }, { $to_go }칸 남았어요. { $stats }.
detail-won = { $who }: { $square }번 칸에서 우승했어요. { $stats }.
detail-on = { $square }번 칸
detail-off = 출발 전
# $top: the die's top face: "6 나온 횟수 2회" (how often a 6 came up).
detail-stats = { $turns }턴, 굴림 { $rolls }회, 사다리 { $ladders }회, 뱀 { $snakes }회, { $top } 나온 횟수 { $sixes }회
# $made: how many tokens this player sent back (잡기: catching); $suffered: how often theirs was.
detail-bumps = { $stats }, 잡기 { $made }회, { $suffered ->
        [0] 잡힌 적 없음
       *[other] 잡힘 { $suffered }회
    }

## The legend under a board drawn with its tokens: $mark is the token's letter in the grid.

board-token-on = { $mark } { $who }: { $square }번 칸
board-token-off = { $mark } { $who }: 출발 전
board-tokens = 말 위치. { $list }.

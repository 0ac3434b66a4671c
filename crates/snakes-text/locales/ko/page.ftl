## What a player holding a seat at the board page hears as the game goes on: their own roll
## in one short sentence, and the other players' moves not one by one (a bot moves faster than
## a sentence is said, and any key cuts a screen reader's queue short) but in one line when the
## turn comes back to them, "봇 1: 25번 칸으로 갔어요. 봇 2: 뱀에 걸려 11번 칸으로
## 내려갔어요. 내 차례예요.", covering everything since their last roll.
##
## Korean: each clause is a whole short sentence (clause-join in status.ftl joins them with a
## full stop), and each player's clause is labelled "name: ..." because the name may be "나".

# Where one player's moves since your last roll took them: $step is went, climbed, slid,
# bounced or stayed; $to the square they ended on (0: off the board). A whole predicate.
move-clause = { $step ->
    [climbed] 사다리를 타고 { $to }번 칸으로 올라갔어요
    [slid] 뱀에 걸려 { $to }번 칸으로 내려갔어요
    [bounced] { $to }번 칸으로 되돌아왔어요
    [stayed] { $to ->
        [0] 출발하지 못했어요
       *[other] { $to }번 칸에 그대로 있어요
    }
   *[went] { $to }번 칸으로 갔어요
}
# A token that move sent back: $move is the clause above; $you is "you" when it was yours,
# else $victim names its player; $to is the start square (0: off the board). The catch is a
# second short sentence.
move-bump = { $you ->
        [you] { $to ->
            [0] { $move }. 내 말을 잡아 출발점으로 돌려보냈어요
           *[other] { $move }. 내 말을 잡아 { $to }번 칸으로 돌려보냈어요
        }
       *[other] { $to ->
            [0] { $move }. { $victim } 님의 말을 잡아 출발점으로 돌려보냈어요
           *[other] { $move }. { $victim } 님의 말을 잡아 { $to }번 칸으로 돌려보냈어요
        }
    }
# One other player's moves: "봇 1: 25번 칸으로 갔어요". $name is "나" when a bot played for the
# listener, hence the label.
catch-up-move = { $name }: { $move }
# $moves: the clauses above, joined with clause-join.
catch-up-your-turn = { $moves }. 내 차례예요.
# The game ended before your turn came back (the line that follows says who won).
# same-as-en
catch-up-game-over = { $moves }.

# Your own roll, in one sentence: "4가 나와 26번 칸으로 갔어요."
heard-own-roll = { a-roll } 나와 { $move }.
# The same with brief announcements: "4: 26번 칸으로 갔어요."
# same-as-en
heard-own-roll-brief = { $roll }: { $move }.

## Taking a seat at the board page. $table is the table's number; $seat counts from 1.

# $free: seats still free for people to join.
seated-host = { $free ->
        [0] { $table }번 방의 방장이 됐어요. { $seat }번 자리예요. Tab 키로 ‘게임 시작’ 버튼에 가세요.
       *[other] { $table }번 방의 방장이 됐어요. { $seat }번 자리예요. 다른 사람들이 들어오면 Tab 키로 ‘게임 시작’ 버튼에 가세요.
    }
seated-joined = { $table }번 방 { $seat }번 자리에 앉았어요. 방장이 게임을 시작해요.

## The keys of the board page, said after the others by H.

help-screen-reader = 키는 게임 버튼에서 작동해요. 페이지의 다른 곳에서는 먼저 스크린 리더를 포커스 모드로 바꾸세요. Orca는 Insert+A, NVDA는 Insert+Space, JAWS는 Insert+Z예요.

## After a reconnection, or a page opened again: what happened meanwhile, in one line before
## whose turn it is ("자리를 비운 동안 이런 일이 있었어요. 봇 1: 25번 칸으로 갔어요. 봇 2:
## 뱀에 걸려 11번 칸으로 내려갔어요.").

# $moves: the clauses of catch-up-move, joined with clause-join.
catch-up-away = 자리를 비운 동안 이런 일이 있었어요. { $moves }.

page-lang-unknown = 여기에는 { $locale } 언어가 없어요. 페이지 언어: { $name }. 쓸 수 있는 언어: { $available }.

## The table's page: its name, the line under it, and the players.

# $table: the table's number.
page-title = { $table }번 방 – 뱀과 사다리
# $board: classic or custom.
page-heading = { $board ->
        [classic] { $table }번 방 (클래식 게임판)
       *[custom] { $table }번 방 (사용자 게임판)
    }
# $host: you when the listener is the host.
status-waiting = { $host ->
        [you] 플레이어를 기다리는 중이에요. 모두 앉으면 게임을 시작하세요.
       *[other] 플레이어를 기다리는 중이에요. 방장이 게임을 시작해요.
    }
status-playing = { $you ->
        [you] 게임 중. 내 차례예요.
       *[other] 게임 중. { $name } 님이 굴릴 차례예요.
    }
# The player to roll has no connection: $grace, the seconds a seat waits before a bot plays it.
status-playing-gone = 게임 중. { $name } 님이 굴릴 차례지만 연결이 끊어졌어요. { $grace }초 안에 다시 연결되지 않으면 봇이 { $name } 님 대신 플레이해요.
# Said when the player to roll loses the connection during the game, and when it comes back.
presence-gone = { $name } 님의 연결이 끊어졌어요. { $grace }초 안에 다시 연결되지 않으면 봇이 { $name } 님 대신 플레이해요.
presence-back = { $name } 님이 다시 연결됐어요.

# Joins the items of the players' notes and of the lobby's seats.
# same-as-en
page-list-join = { $first }, { $second }
# One row of the players' table: the name, then notes in brackets ($notes: some or none;
# $list: the notes, joined with page-list-join).
# same-as-en
player-label = { $notes ->
        [some] { $name } ({ $list })
       *[none] { $name }
    }
player-note-bot = 봇
player-note-away = 자리 비움, 봇이 플레이 중
player-note-gone = 연결 끊김
player-note-host = 방장
player-note-you = 나
player-note-turn = 굴릴 차례
player-free = 빈자리
# Where a token is, in the players' table (never "square 0").
player-off-board = 출발 전

## A table in the lobby's list.

lobby-table = { $table }번 방
# $free: seats free for people. Korean has no plural: one seat is said as any number.
lobby-waiting = { $free ->
        [0] 시작을 기다리는 중
       *[other] 기다리는 중: 빈자리 { $free }개
    }
lobby-playing = 게임 중
lobby-finished = 끝남: { $name } 님 우승
lobby-drawn = 끝남: 무승부
# $board: classic or custom; $squares: how many.
lobby-board = { $board ->
        [classic] { $squares }칸짜리 클래식 게임판.
       *[custom] { $squares }칸짜리 사용자 게임판.
    }
lobby-free-seat = 빈자리
lobby-bot = { $name } (봇)
lobby-host = { $name } (방장)
lobby-open = { $table }번 방 들어가기
lobby-watch = { $table }번 방 관전하기

## The board drawn on the page, in words: the drawing's title, the lists of ladders and snakes,
## each jump's tooltip.

board-title = 게임판 { $squares }칸, 사다리 { $ladders }개, 뱀 { $snakes }개
board-ladders = 사다리 ({ $count })
board-snakes = 뱀 ({ $count })
board-jump = { $from }에서 { $to }까지
board-ladder-title = 사다리: { $from }번 칸에서 { $to }번 칸으로 올라가요
board-snake-title = 뱀: { $from }번 칸에서 { $to }번 칸으로 내려가요
# same-as-en
lobby-row-said = { $name }: { $state }. { $board } { $seats }.

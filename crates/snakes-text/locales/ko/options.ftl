## The rule options and what each value means: the lobby's form of the board page
## (GET /api/rules) and `snakes rules` both read them from here. Each option has a label and a
## meaning; each value a meaning and a short name (-name, for the figures of each ending), all
## standing on their own (no sentence around them).
##
## Korean names: the endings 되돌아가기 (bounce), 제자리 (exact), 넘어도 완주 (loose); bump is
## 잡기 (catching, as in yut); chained jumps 연속 타기.

option-ending = 도착 규칙
option-ending-meaning = 말이 마지막 칸을 넘어가는 눈이 나왔을 때
option-ending-bounce = 넘친 만큼 마지막 칸에서 되돌아와요
option-ending-bounce-name = 되돌아가기
option-ending-exact = 말이 움직이지 않아요. 마지막 칸에 정확히 도착해야 해요
option-ending-exact-name = 제자리
option-ending-loose = 그래도 완주해요. 마지막 칸에 닿거나 넘어가면 이겨요
option-ending-loose-name = 넘어도 완주

option-start = 출발 위치
option-start-meaning = 말이 처음 놓이는 곳
option-start-off-board = 게임판 밖: 첫 굴림으로 게임판에 들어와요
option-start-off-board-name = 게임판 밖
option-start-square-1 = 1번 칸 (1번 칸의 사다리나 뱀은 작동하지 않아요)
option-start-square-1-name = 1번 칸

option-entry = 출발 조건
option-entry-meaning = 출발점에서 게임판으로 들어오게 하는 눈
option-entry-any-roll = 어떤 눈이 나와도 출발해서, 나온 눈만큼 세어 도착해요
option-entry-any-roll-name = 아무 눈
option-entry-need-six = 6(주사위의 가장 큰 눈)이 나와야만 출발해서 6번 칸에 도착해요
option-entry-need-six-name = 6이 나와야 출발

option-six = 6이 나오면
option-six-meaning = 6(주사위의 가장 큰 눈)이 나왔을 때 일어나는 일
option-six-normal = 특별한 일 없이 다른 눈처럼 차례가 넘어가요
option-six-normal-name = 보통
option-six-roll-again = 같은 플레이어가 한 번 더 굴려요
option-six-roll-again-name = 한 번 더

option-collision = 말이 만나면
option-collision-meaning = 다른 말이 있는 칸에 말이 도착했을 때 일어나는 일
option-collision-share = 두 말이 그 칸에 함께 있어요
option-collision-share-name = 함께 있기
option-collision-bump = 원래 있던 말이 잡혀서 출발점으로 돌아가요
option-collision-bump-name = 잡기

option-jumps = 사다리와 뱀
option-jumps-meaning = 한 번 움직일 때 따라가는 사다리와 뱀의 수
option-jumps-single = 한 번 움직일 때 한 번만 타요
option-jumps-single-name = 한 번만 타기
option-jumps-chain = 사다리나 뱀이 없는 칸에 닿을 때까지 모두 타요 (뱀 꼬리가 사다리 아래에 닿으면 사다리를 올라가요)
option-jumps-chain-name = 연속 타기

option-die = 주사위 면 수
# $min and $max: the fewest and most faces a die may have.
option-die-meaning = 주사위의 면 수, { $min }부터 { $max }까지. 다른 주사위를 쓰면 ‘6’은 가장 큰 눈을 뜻해요

## `snakes rules` without an argument.

options-heading = 옵션 (첫 값이 기본값):
presets-heading = 프리셋:

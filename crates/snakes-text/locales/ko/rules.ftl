## The rules in force, said in one line (under the board and at the start of a game).
##
## Korean names of the endings, as in options.ftl: bounce 되돌아가기, exact 제자리, loose 넘어도
## 완주. 출발점 is the start (off the board, or square 1).

rules-ending-bounce = 되돌아가기 규칙: { $last }번 칸에 정확히 도착해야 하고, 넘친 만큼은 되돌아와요.
rules-ending-exact = 제자리 규칙: { $last }번 칸에 정확히 도착해야 하고, 넘치는 눈이 나오면 움직이지 않아요.
rules-ending-loose = 넘어도 완주 규칙: { $last }번 칸에 닿거나 넘어가기만 하면 이겨요.
rules-start-square-1 = 말은 1번 칸에서 출발해요.
rules-entry-need-six = { a-top } 나와야 출발할 수 있어요.
rules-six-roll-again = { a-top } 나오면 한 번 더 굴려요.
rules-collision-bump = 다른 말이 있는 칸에 도착하면 그 말을 잡아 출발점으로 돌려보내요.
rules-jumps-chain = 연속 타기: 사다리나 뱀으로 도착한 칸에 또 사다리나 뱀이 있으면 그것도 타요.
# "8면체": a die of eight faces.
rules-die = 주사위는 { $top }면체예요.
rules-no-house-rules = 추가 규칙은 없어요.
# same-as-en
rules-join = { $first } { $second }

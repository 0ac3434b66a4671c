## How long a game lasts, for the board page. Numbers with decimals arrive already formatted
## (text), counts as numbers. $strict and $loose are expected turns for one player; $percent is
## how much longer the strict ending makes a game, always positive, with $direction saying
## whether it is "longer" or "shorter" (an odd board can make the strict ending quicker).
## Korean: "the strict ending" is said as what it asks, landing on the last square exactly.

analysis-strict-vs-loose = { $direction ->
    [same] 이 게임판에서는 마지막 칸에 정확히 도착해야 해도 게임 길이가 같아요. 어느 쪽이든 한 사람에게 평균 { $strict }턴이 걸려요.
    [shorter] 이 게임판에서는 마지막 칸에 정확히 도착해야 하면 게임이 { $percent }% 짧아져요. 한 사람이 { $last }번 칸에 정확히 도착하려면 평균 { $strict }턴, { $last }번 칸에 닿기만 하면 이길 때는 { $loose }턴이 걸려요.
   *[longer] 이 게임판에서는 마지막 칸에 정확히 도착해야 하면 게임이 { $percent }% 길어져요. 한 사람이 { $last }번 칸에 정확히 도착하려면 평균 { $strict }턴, { $last }번 칸에 닿기만 하면 이길 때는 { $loose }턴이 걸려요.
}

## Games already played at this server on the same board, with the same rules apart from the
## ending, and the same number of players. Korean has no plural; one game is told apart only
## because it has no average.

analysis-observed-none = 이 게임판과 규칙, 플레이어 { $players }명으로 끝난 게임은 아직 없어요.
analysis-observed = { $games ->
    [1] 이 게임판과 규칙, 플레이어 { $players }명으로 끝난 게임 하나는 { $mean }라운드 걸렸어요.
   *[other] 이 게임판과 규칙, 플레이어 { $players }명으로 끝난 게임 { $games }판은 평균 { $mean }라운드 걸렸어요.
}

## A board the page declines to measure while it waits: $estimate and $budget are durations
## already in words ("3 min", "20 s"), $gib a number of gibibytes with one decimal.

analysis-over-budget = 이 게임판을 측정하려면 약 { $estimate } 걸려서, 이 페이지의 한도 { $budget }보다 길어요. snakes analyze 명령에 더 큰 --budget을 주면 측정할 수 있어요.
analysis-too-large = 이 게임판을 측정하려면 메모리가 약 { $gib }GiB 필요해서 분석 한도를 넘어요. snakes simulate 명령으로 추정할 수 있어요.

## How long a game lasts, for the board page. Numbers with decimals arrive already formatted
## (text), counts as numbers. $strict and $loose are expected turns for one player; $percent is
## how much longer the strict ending makes a game, always positive, with $direction saying
## whether it is "longer" or "shorter" (an odd board can make the strict ending quicker).

analysis-strict-vs-loose = { $direction ->
    [same] 在这个棋盘上，反弹规则不影响游戏长度：无论哪种终点规则，一名玩家平均都需要{ $strict }个回合。
    [shorter] 在这个棋盘上，反弹规则让一局缩短{ $percent }%：一名玩家平均只需{ $strict }个回合就能正好走到第{ $last }格，而走到或越过第{ $last }格就算赢时反而需要{ $loose }个回合。
   *[longer] 在这个棋盘上，反弹规则让一局延长{ $percent }%：一名玩家平均需要{ $strict }个回合才能正好走到第{ $last }格，而走到或越过第{ $last }格就算赢时只需{ $loose }个回合。
}

## Games already played at this server on the same board, with the same rules apart from the
## ending, and the same number of players.

analysis-observed-none = 还没有用这个棋盘、这些规则、{ $players }名玩家下完的对局。
# Chinese has no plural: one game has no average, so it says "lasted" rather than "on average".
analysis-observed = { $games ->
    [1] 用这个棋盘、这些规则、{ $players }名玩家下完的1局，共进行了{ $mean }轮。
   *[other] 用这个棋盘、这些规则、{ $players }名玩家下完的{ $games }局，平均每局进行了{ $mean }轮。
}

## A board the page declines to measure while it waits: $estimate and $budget are durations
## already in words ("3 min", "20 s"), $gib a number of gibibytes with one decimal.

analysis-over-budget = 测算这个棋盘大约需要{ $estimate }，超过了页面给自己留的{ $budget }。命令 snakes analyze 可以测算它，只要给出更大的 --budget。
analysis-too-large = 测算这个棋盘大约需要{ $gib } GiB 内存，超过了分析允许使用的上限。命令 snakes simulate 可以估算它。

## The state of a game, asked for with a key: C positions, T whose turn, S scores, Shift+S details.
##
## $you is "you" for the listener's own token, else "other"; $name the display name.
## Lists of players are built with list-pair ("Ana和Bo") and list-comma ("Ana、Bo").
##
## Chinese: the listener is 你 in lists too ("Ana和你"); no verb agrees with a list, so the
## sentences about one player or several differ only by 都 (both, all).

# The listener inside a list: 你.
you = 你
list-pair = { $first }和{ $second }
# The enumeration comma 、 between the names of a list.
list-comma = { $first }、{ $second }
# Joins the groups of a longer sentence.
clause-join = { $first }，{ $second }
# Chinese writes no space after a full stop (。).
sentence-join = { $first }{ $second }
sentence = { $text }。

first-player = { $you ->
    [you] 你先走。
   *[other] { $name }先走。
}

## C: positions, highest square first. $who is a list of players; $form is "you" when it is
## just the listener, "one" for one other player, "many" for several (都: all of them).

position-on = { $form ->
    [many] { $who }都在第{ $square }格
   *[other] { $who }在第{ $square }格
}
position-off = { $form ->
    [many] { $who }都还没进入棋盘
   *[other] { $who }还没进入棋盘
}

## T: whose turn. $again is "yes" after a six that gives another roll (又: again).

turn-on = { $you ->
    [you] { $again ->
        [yes] 又轮到你了
       *[no] 轮到你了
    }，你在第{ $square }格。
   *[other] { $again ->
        [yes] 又轮到{ $name }了
       *[no] 轮到{ $name }了
    }，{ $name }在第{ $square }格。
}
turn-off = { $you ->
    [you] { $again ->
        [yes] 又轮到你了
       *[no] 轮到你了
    }，你还没进入棋盘。
   *[other] { $again ->
        [yes] 又轮到{ $name }了
       *[no] 轮到{ $name }了
    }，{ $name }还没进入棋盘。
}
game-over = { $you ->
    [you] 游戏结束：你赢了。
   *[other] 游戏结束：{ $name }赢了。
}

## S: a brief race summary. $who: the leader or leaders; $form as above; $behind: the next player
## or players; $gap: squares between them.

scores-nobody-entered = 还没有人进入棋盘。
scores-all-level = 大家都在第{ $square }格，不分先后。
scores-lead = { $form ->
    [many] { $who }并列领先，在第{ $square }格，比{ $behind }多走{ $gap }格。
   *[other] { $who }领先，在第{ $square }格，比{ $behind }多走{ $gap }格。
}
scores-won = { $gap ->
    [0] { $who }赢了。
   *[other] { $who }赢了，比{ $behind }多走{ $gap }格。
}

## Shift+S: one line per player. $to_go: squares left to the last square.

detail-line = { $who }：{ $where }，还差{ $to_go }格；{ $stats }。
detail-won = { $who }：在第{ $square }格获胜；{ $stats }。
detail-on = 第{ $square }格
detail-off = 棋盘外
# "Rolls of 6": the die's top face, whatever the die.
detail-stats = { $turns }个回合，掷骰{ $rolls }次，爬梯子{ $ladders }次，遇到蛇{ $snakes }次，掷出{ $top }点{ $sixes }次
detail-bumps = { $stats }，撞回别人{ $made }次，{ $suffered ->
        [0] 从没被撞回
       *[other] 被撞回{ $suffered }次
    }

## The legend under a board drawn with its tokens: $mark is the token's letter in the grid.

board-token-on = { $mark } { $who }在第{ $square }格
board-token-off = { $mark } { $who }在棋盘外
board-tokens = 棋子：{ $list }。

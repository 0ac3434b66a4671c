## What happened in a game: one line per announcement.
##
## Variables shared by these messages:
##   $you   "you" when the listener is the player the sentence is about (first person), else "other"
##   $name  that player's display name
##   $roll  the face rolled; { a-roll } says it with its unit ("4点")
##   $from, $to  squares the token rested on ("第14格")
##   $top   the die's top face (a six on a six-sided die)
##
## Chinese: the listener is 你, another player is named; verbs do not change with the person,
## so each pair of variants differs only in its subject. Squares are "第N格", numbers are
## digits, punctuation is full-width (，。：；).

# The face rolled with its unit: "4点".
a-roll = { $roll }点
# The die's top face with its unit: "6点".
a-top = { $top }点

## A roll with the move it made, as one sentence, a ladder or snake at the end of the move
## included.

rolled = { $you ->
    [you] 你掷出了{ a-roll }。
   *[other] { $name }掷出了{ a-roll }。
}
rolled-entered = { $you ->
    [you] 你掷出了{ a-roll }，进入棋盘，来到第{ $to }格。
   *[other] { $name }掷出了{ a-roll }，进入棋盘，来到第{ $to }格。
}
rolled-moved = { $you ->
    [you] 你掷出了{ a-roll }，从第{ $from }格走到第{ $to }格。
   *[other] { $name }掷出了{ a-roll }，从第{ $from }格走到第{ $to }格。
}
# The move ended at the foot of a ladder or the head of a snake ($from) and the jump took the
# token to $to. $jump is "climbed" or "slid".
rolled-jumped = { $you ->
    [you] 你掷出了{ a-roll }，{ jump-at }。
   *[other] { $name }掷出了{ a-roll }，{ jump-at }。
}
jump-at = { $jump ->
    [climbed] 在第{ $from }格顺着梯子爬到第{ $to }格
   *[slid] 在第{ $from }格顺着蛇滑到第{ $to }格
}
# $last: the last square, reached and bounced off.
rolled-bounced = { $you ->
    [you] 你掷出了{ a-roll }，走到第{ $last }格后弹回第{ $to }格。
   *[other] { $name }掷出了{ a-roll }，走到第{ $last }格后弹回第{ $to }格。
}
rolled-entered-bounced = { $you ->
    [you] 你掷出了{ a-roll }，进入棋盘，走到第{ $last }格后弹回第{ $to }格。
   *[other] { $name }掷出了{ a-roll }，进入棋盘，走到第{ $last }格后弹回第{ $to }格。
}
# A bounce back onto a ladder or snake: $from is where the bounce ended, $to where the jump did.
rolled-bounced-jumped = { $you ->
    [you] 你掷出了{ a-roll }，走到第{ $last }格后弹回第{ $from }格，{ jump-on }。
   *[other] { $name }掷出了{ a-roll }，走到第{ $last }格后弹回第{ $from }格，{ jump-on }。
}
rolled-entered-bounced-jumped = { $you ->
    [you] 你掷出了{ a-roll }，进入棋盘，走到第{ $last }格后弹回第{ $from }格，{ jump-on }。
   *[other] { $name }掷出了{ a-roll }，进入棋盘，走到第{ $last }格后弹回第{ $from }格，{ jump-on }。
}
jump-on = { $jump ->
    [climbed] 又顺着梯子爬到第{ $to }格
   *[slid] 又顺着蛇滑到第{ $to }格
}
# The exact ending: the roll would have gone past the last square, so the token did not move
# from $from (0: off the board, on a board shorter than the roll that enters).
stayed-where = { $from ->
    [0] 棋盘外
   *[other] 第{ $from }格
}
rolled-stayed-overshoot = { $you ->
    [you] 你掷出了{ a-roll }，留在{ stayed-where }没动：这一步会走过终点。
   *[other] { $name }掷出了{ a-roll }，留在{ stayed-where }没动：这一步会走过终点。
}
rolled-stayed-need-six = { $you ->
    [you] 你掷出了{ a-roll }，还在棋盘外：要掷出{ a-top }才能进入棋盘。
   *[other] { $name }掷出了{ a-roll }，还在棋盘外：要掷出{ a-top }才能进入棋盘。
}

## The same moves told without their roll (when the roll was told before).

entered = { $you ->
    [you] 你进入棋盘，来到第{ $to }格。
   *[other] { $name }进入棋盘，来到第{ $to }格。
}
moved = { $you ->
    [you] 你从第{ $from }格走到第{ $to }格。
   *[other] { $name }从第{ $from }格走到第{ $to }格。
}
bounced = { $you ->
    [you] 你走到第{ $last }格后弹回第{ $to }格。
   *[other] { $name }走到第{ $last }格后弹回第{ $to }格。
}
stayed-overshoot = { $you ->
    [you] 你留在{ stayed-where }没动：这一步会走过终点。
   *[other] { $name }留在{ stayed-where }没动：这一步会走过终点。
}
stayed-need-six = { $you ->
    [you] 你还在棋盘外：要掷出{ a-top }才能进入棋盘。
   *[other] { $name }还在棋盘外：要掷出{ a-top }才能进入棋盘。
}

## Jumps told alone (a jump that follows another one when jumps chain), collisions, the six
## rule and the turn. The win is told once, with the length of the game, by table-finished
## (lifecycle.ftl).

climbed = { $you ->
    [you] 你在第{ $from }格顺着梯子爬到第{ $to }格。
   *[other] { $name }在第{ $from }格顺着梯子爬到第{ $to }格。
}
slid = { $you ->
    [you] 你在第{ $from }格顺着蛇滑到第{ $to }格。
   *[other] { $name }在第{ $from }格顺着蛇滑到第{ $to }格。
}
# $by_you / $by: the player who landed; $you / $name: the player sent back; $square: where they met.
# $to: the start square (0 is off the board).
bumped = { $by_you ->
    [you] 你在第{ $square }格撞上了{ $name }，把{ $name }{ $to ->
        [0] 撞出了棋盘。
       *[other] 撞回第{ $to }格。
    }
   *[other] { $you ->
        [you] { $by }在第{ $square }格撞上了你，把你{ $to ->
            [0] 撞出了棋盘。
           *[other] 撞回第{ $to }格。
        }
       *[other] { $by }在第{ $square }格撞上了{ $name }，把{ $name }{ $to ->
            [0] 撞出了棋盘。
           *[other] 撞回第{ $to }格。
        }
    }
}
extra-roll = { $you ->
    [you] 你再掷一次。
   *[other] { $name }再掷一次。
}
turn-passed = { $you ->
    [you] 轮到你了。
   *[other] 轮到{ $name }了。
}

## Brief forms for experienced players: one line per roll, "Ana，4：10到14，梯子到35。"
## The parts are listed with brief-list-join.

brief-roll = { $you ->
    [you] { $roll }：{ $parts }。
   *[other] { $name }，{ $roll }：{ $parts }。
}
brief-no-roll = { $you ->
    [you] 你：{ $parts }。
   *[other] { $name }：{ $parts }。
}
brief-list-join = { $first }，{ $second }
brief-entered = 进入棋盘到{ $to }
brief-moved = { $from }到{ $to }
brief-bounced = { $from }到{ $last }，弹回{ $to }
brief-entered-bounced = 进入棋盘到{ $last }，弹回{ $to }
brief-stayed-overshoot = { $from ->
    [0] 留在棋盘外，走过头了
   *[other] 留在{ $from }，走过头了
}
brief-stayed-need-six = 留在棋盘外，要{ a-top }
# A jump at the end of a plain move, which it replaces: "梯子28到84".
brief-climbed = 梯子{ $from }到{ $to }
brief-slid = 蛇{ $from }到{ $to }
# A jump from a square the line has just named (after a bounce, or a jump before it).
brief-climbed-on = 梯子到{ $to }
brief-slid-on = 蛇到{ $to }
brief-bumped = { $you ->
    [you] 把你{ $to ->
        [0] 撞出棋盘
       *[other] 撞回{ $to }
    }
   *[other] 把{ $name }{ $to ->
        [0] 撞出棋盘
       *[other] 撞回{ $to }
    }
}
brief-extra-roll = 再掷一次
brief-turn-passed = { $you ->
    [you] 轮到你了。
   *[other] 轮到{ $name }了。
}

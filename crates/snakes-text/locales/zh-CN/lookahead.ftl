## Looking ahead before a roll (key L), and what is on a square (key G).

## L: what each face of the die would do for the player whose turn it is, in one sentence:
## "你在第24格：掷1到3点走到第25到27格，掷4点在第28格顺着梯子爬到第84格，掷5和6点走到第29和
## 30格。" Faces with the same kind of outcome, on squares in a row, are told together.
##
## Chinese: verbs change neither with the person nor with the number, so $you and $count, which
## English needs for "moves you" and "5 and 6 move", choose nothing in most clauses; the player
## is named once, at the start.
##
## $you: "you" when the roll is the listener's, else "other"; $name: the player to roll.
## $faces: the faces, one ("4"), two (look-pair) or several in a row (look-range).
## $landing: where the faces take the token: one square, two (look-pair) or several in a row
## (look-range).

# $from: the square the roll starts from (0: off the board); $clauses: one clause per group of
# faces, joined with clause-join.
look-ahead = { $you ->
    [you] { $from ->
        [0] 你在棋盘外：{ $clauses }。
       *[other] 你在第{ $from }格：{ $clauses }。
    }
   *[other] { $from ->
        [0] { $name }在棋盘外：{ $clauses }。
       *[other] { $name }在第{ $from }格：{ $clauses }。
    }
}
look-pair = { $first }和{ $second }
look-range = { $first }到{ $second }
# The faces that begin a clause ($faces): as the squares are said.
# same-as-en
look-face = { $face }
look-face-pair = { $first }和{ $second }
look-face-range = { $first }到{ $second }

# A plain move, or entering the board.
look-move = { $count ->
   *[other] { $you ->
       *[other] 掷{ $faces }点走到第{ $landing }格
    }
}
# A plain move onto the last square: the game is won.
look-win = { $count ->
   *[other] 掷{ $faces }点获胜
}
# A move ending at the foot of a ladder or the head of a snake ($from), which takes the token to
# $to. $jump is climbed or slid.
look-jump = { $count ->
   *[other] 掷{ $faces }点{ $jump ->
        [climbed] 在第{ $from }格顺着梯子爬到第{ $to }格
       *[slid] 在第{ $from }格顺着蛇滑到第{ $to }格
    }
}
# Reaching the last square and counting back down to $landing.
look-bounce = { $count ->
   *[other] { $you ->
       *[other] 掷{ $faces }点走到终点后弹回第{ $landing }格
    }
}
# Counting back down to $from, a ladder's foot or a snake's head, which takes the token to $to.
look-bounce-jump = { $count ->
   *[other] { $you ->
       *[other] 掷{ $faces }点弹回第{ $from }格{ $jump ->
            [climbed] 再顺着梯子爬到第{ $to }格
           *[slid] 再顺着蛇滑到第{ $to }格
        }
    }
}
# The exact ending: a roll past the last square ($last) does not move the token.
look-overshoot = { $count ->
   *[other] 掷{ $faces }点会越过第{ $last }格，{ $you ->
        [you] 你原地不动
       *[other] { $name }原地不动
    }
}
# Off the board when only the top face enters.
look-need-top = { $count ->
   *[other] 掷{ $faces }点{ $you ->
        [you] 你仍在棋盘外
       *[other] { $name }仍在棋盘外
    }
}

## What follows the move, said after the clause above ($move).

# Jumps chain: after the first jump, the next ones end on $to.
look-chain = { $move }，再接着到第{ $to }格
# Landing on other tokens sends them back to the start ($to: 0 is off the board). $victims is a
# list of players (你 for the listener).
look-bump = { $count ->
   *[other] { $to ->
        [0] { $move }，把{ $victims }撞出棋盘
       *[other] { $move }，把{ $victims }撞回第{ $to }格
    }
}
# A jump, a chain or a bump that ends on the last square: the game is won.
look-and-win = { $count ->
   *[other] { $move }，赢得这局
}
# The top face under the roll-again rule.
look-again = { $move }，{ $you ->
    [you] 你再掷一次
   *[other] { $name }再掷一次
}

## G, a square's number and Enter: what is on the square, who is there, and the nearest ladder
## and snake after it. "第47格：一条通到第26格的蛇。Bo在这里。下一架梯子在第51格，前方4格；
## 下一条蛇在第49格，前方2格。" Enter alone asks about the square of the listener's token (of
## the player to roll, for someone watching).

# The sentences of the line, one after the other (no space between Chinese sentences).
look-join = { $first }{ $second }
# $what: the parts below, joined with list-pair and list-comma.
look-square = 第{ $square }格：{ $what }。
look-square-off = 棋盘外。
look-square-plain = 没有梯子或蛇
look-square-last = 最后一格
look-square-ladder = 一架通到第{ $to }格的梯子
look-square-snake = 一条通到第{ $to }格的蛇
# The end of a ladder or snake that starts on $from.
look-square-end = { $jump ->
        [climbed] 从第{ $from }格爬上来的梯子顶端
       *[slid] 从第{ $from }格滑下来的蛇尾
    }
# The tokens on the square: $who is a list; $form is "you" when it is just the listener, "one"
# for one other player, "many" for several (都: all of them).
look-square-here = { $form ->
        [many] { $who }都在这里。
       *[other] { $who }在这里。
    }
# The nearest ladder foot ($ladder) and snake head ($snake) after the square, $ladder_gap and
# $snake_gap squares ahead; 0 when there is none.
look-square-ahead = { $ladder ->
        [0] { $snake ->
            [0] 前面没有梯子，也没有蛇。
           *[other] 前面没有梯子；下一条蛇在第{ $snake }格，前方{ $snake_gap }格。
        }
       *[other] 下一架梯子在第{ $ladder }格，前方{ $ladder_gap }格；{ $snake ->
            [0] 前面没有蛇。
           *[other] 下一条蛇在第{ $snake }格，前方{ $snake_gap }格。
        }
    }
# A number that is no square of the board ($square is text: it may be very long).
look-no-square = 没有第{ $square }格：棋盘只有第1到第{ $last }格。
# The terminal game asks for the number after G.
look-square-prompt = 查看哪一格？输入格子编号，然后按 Enter。
look-square-cancelled = 没有查看格子。

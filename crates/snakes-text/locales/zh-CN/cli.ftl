## The snakes command's own lines, apart from the terminal game and the reports of analyze:
## errors and warnings, reading files, progress, solve, simulate, board, serve, snakes-bench.
## Words a program reads are not here: JSON keys, grids and layouts, rules written key=value,
## option names (--board) and values (bounce), which stay as they are in every language.
##
## Chinese: full-width punctuation (，：；（）) around Chinese words; a space on each side of a
## file name, an option, a command or other Latin text, so that it can be copied as it is.

## Every error and warning on standard error. $message is one of the sentences below (or a
## system's own words, such as an error writing to a file), beginning in lower case.
cli-error = 错误：{ $message }
cli-warning = 警告：{ $message }

## Reading and writing files. $name is a file as it was given, or input-standard-input. $reason
## says what went wrong: not-found, denied, directory, or other, with $detail the system's words.

file-cannot-read = 无法读取 { $name }：{ $reason ->
    [not-found] 没有这个文件
    [no-folder] 没有 { $detail } 这个文件夹
    [denied] 没有权限
    [directory] 这是一个目录
   *[other] { $detail }
}
file-cannot-write = 无法写入 { $name }：{ $reason ->
    [not-found] 没有这个文件
    [no-folder] 没有 { $detail } 这个文件夹
    [denied] 没有权限
    [directory] 这是一个目录
   *[other] { $detail }
}
input-standard-input = 标准输入
input-no-board-file = 无法读取 { $name }：没有这个文件（棋盘可以是 `classic`，或网格文件、布局文件的路径）
# $mib: the largest input read, in mebibytes.
input-too-large = { $name } 超过 { $mib } MiB：没有这么大的棋盘
# $byte: where the text stops being UTF-8, counting from 1.
input-not-utf8 = { $name } 不是 UTF-8 文本（第{ $byte }个字节不是）：请给出网格或布局
input-reading-board = 正在从标准输入读取棋盘；输入完毕按 Ctrl-D。
# What is wrong with the board in the file $file.
input-in-file = { $file }：{ $message }
input-empty = 输入为空：应为 LeetCode 网格或布局
# $flag: how the board was given (--board).
input-stdin-is-keys = { $flag } -：标准输入用来传游戏的按键；请把棋盘放在文件里给出
input-the-board = 棋盘
input-bad-rules = 规则：{ $message }

## Progress lines on standard error, redrawn while a long run goes on (at a terminal, past a
## second). $shape: start (nothing counted yet), count ($done so far, no total known), share
## ($done of $total) or counted ($done so far, $percent of the input read). $percent: the share
## done, 0 to 100.

progress-simulate = 模拟中：{ $percent }%（{ $total }局中已完成{ $done }局）
progress-random-boards = 随机棋盘：{ $percent }%（{ $total }个中已完成{ $done }个）
progress-solve-lines = 求解中：{ $percent }%（{ $done }行）
# The stages of snakes analyze. Solving counts iterations when the method iterates (no total
# known), squares when it eliminates.
progress-chain = 正在建立马尔可夫链并检查游戏能否结束
progress-expected-turns = { $shape ->
    [start] 正在求解平均回合数
    [count] 正在求解平均回合数：已迭代{ $done }次
   *[share] 正在求解平均回合数：{ $percent }%（{ $total }格中已完成{ $done }格）
}
progress-expected-rolls = { $shape ->
    [start] 正在求解平均掷骰次数
    [count] 正在求解平均掷骰次数：已迭代{ $done }次
   *[share] 正在求解平均掷骰次数：{ $percent }%（{ $total }格中已完成{ $done }格）
}
progress-variance = { $shape ->
    [start] 正在求解方差
    [count] 正在求解方差：已迭代{ $done }次
   *[share] 正在求解方差：{ $percent }%（{ $total }格中已完成{ $done }格）
}
progress-distribution = { $shape ->
    [start] 正在累加回合数的分布
   *[share] 正在累加回合数的分布：{ $percent }%（{ $total }个回合中已完成{ $done }个）
}
# The race of several players: steps of a chain over every token's square (no total known), or
# games of a simulation.
progress-race = { $shape ->
    [start] 正在计算多人比赛
    [count] 正在计算多人比赛：已走{ $done }步
   *[share] 正在模拟多人比赛：{ $percent }%（{ $total }局中已完成{ $done }局）
}
progress-exact = { $shape ->
    [start] 正在计算精确分数
   *[share] 正在计算精确分数：{ $percent }%（{ $total }格中已完成{ $done }格）
}

## Figures in tables and lines: $value is a number the catalogue writes (its decimals decided by
## the command).
# same-as-en
figure = { $value }
# same-as-en
percent = { $value }%
# A figure with the half-width of its 95 % confidence interval.
# same-as-en
estimate = { $value } ± { $margin }
# The first decimals of an exact value, cut (not rounded): $whole is the whole part and
# $fraction the decimals, both as digits.
truncated = { $whole }.{ $fraction }…（截断）

## Headings shared by the tables of analyze and simulate.
table-seat = 座位
table-chance-to-win = 获胜概率

## Options every measuring command checks.
cli-no-board = 请用 --board 给出棋盘
cli-no-games = --games 至少为 2：只有一局无法给出置信区间
# A count typed for an option that is not a whole number in its range: $value as typed,
# quoted; $min and $max the range.
cli-not-a-whole-number = { $value } 不是 { $min } 到 { $max } 之间的整数

## snakes simulate. $unit: turns (one player: each player's turns) or rounds (several players:
## a turn of every seat). $secs: the time the simulation took, in seconds.

simulate-rules = 规则：{ $rules }
simulate-summary = { $games }局，{ $players }名玩家，种子{ $seed }，{ $threads }个线程（{ $secs }秒）。± 表示95%置信区间的半宽。
simulate-expected = { $unit ->
    [rounds] 平均轮数
   *[turns] 平均回合数
}
simulate-total-turns = 平均回合数（所有玩家合计）
simulate-total-rolls = 平均掷骰次数（所有玩家合计）
simulate-rolls = 平均掷骰次数
# One quantile: by $turns turns (or rounds), $level percent of the games had ended. $list:
# these, joined by list-separator.
simulate-quantile = { $level }%：{ $turns }
simulate-quantiles = { $unit ->
    [rounds] 轮数
   *[turns] 回合数
}分位数：{ $list }
# --threads: $value as typed, quoted; $max: the most threads; $cores: the machine's cores.
simulate-threads-not-a-number = { $value } 不是线程数
simulate-no-threads = 模拟至少需要1个线程
# --budget: simulating $games games (as typed) would take about $estimate (a duration), more
# than $budget; $fits games fit in it.
simulate-over-budget = 模拟{ $games }局约需{ $estimate }，超过了{ $budget }的时间上限：请给出 --games { $fits }（所需时间与上限相当），或者用 --budget 0 取消时间限制
simulate-too-many-threads = 最多{ $max }个线程（这台机器有{ $cores }个核心：线程比核心多只会排队等待）

## snakes solve. $what: grid (one grid is read) or lines (one grid per line).

solve-reading = { $what ->
    [lines] 正在从标准输入读取网格，每行一个；输入完毕按 Ctrl-D。
   *[grid] 正在从标准输入读取网格，例如 [[-1,-1],[-1,3]]；输入完毕按 Ctrl-D。
}
solve-unreachable = 从起点出发，无论怎么掷都到不了第{ $last }格。
# One roll of the fewest: its $number in the path, the $roll chosen, and its $steps (the
# solve-step messages below, joined by list-separator).
solve-path-roll = 第{ $number }步，掷出{ $roll }点：{ $steps }
solve-step-entered = 进入棋盘，落在第{ $to }格
# same-as-en
solve-step-moved = { $from } -> { $to }
# A roll past the last square that counts back down: it turned on square $turned.
solve-step-bounced = { $from } -> { $turned }，弹回{ $to }
# $why: need-six (a token off the board rolled another face) or overshoot (the roll would pass
# $last, the last square, under the exact ending).
solve-step-stayed = { $why ->
    [need-six] 留在{ $at }：要掷出6点才能进入棋盘
   *[overshoot] 留在{ $at }：这一步会走过{ $last }
}
solve-step-climbed = 顺着梯子爬到{ $to }
solve-step-slid = 顺着蛇滑到{ $to }
# solve --jsonl: what is wrong with line $line of the input.
solve-line-error = 第{ $line }行：{ $message }
solve-line-error-at = 第{ $line }行第{ $column }列：{ $message }
solve-line-cannot-read = 第{ $line }行：无法读取：{ $detail }
solve-line-too-long = 这一行超过 { $mib } MiB：没有这么长的网格
solve-line-not-utf8 = 这一行不是 UTF-8 文本
solve-line-empty = 这一行是空的；每行应有一个网格

## snakes board. The verdict of board check is the line on standard output: $warnings is how
## many warnings were written on standard error.

board-check-ok = { $warnings ->
    [0] 正常
   *[other] 正常，{ $warnings }条警告
}
board-check-unplayable = 无法进行游戏
board-convert-not-square = LeetCode 网格是正方形，而这个棋盘是{ $rows }行{ $cols }列：请写成布局（--to json 或 --to toml）
# What keeps a grid snakes reads from being one LeetCode 909 accepts.
board-grid-jump-on-one = 第1格上有梯子或蛇 1-{ $to }：snakes 能读这个网格，LeetCode 909 不能（它的第1格和第n*n格上没有梯子或蛇）
board-grid-size = { $size } x { $size } 的网格：snakes 能读，LeetCode 909 只接受 2 x 2 到 20 x 20
board-random-no-size = 请给出棋盘大小：--size N，或 --rows R 和 --cols C
board-random-grid-not-square = LeetCode 网格是正方形：请用 --size N 配合 --format grid（或写成布局）
board-random-count-needs-grid = --count 每行写一个网格：请加上 --format grid
board-random-seed-error = 种子{ $seed }：{ $message }

## snakes-bench: the load benchmark of snakes serve.

bench-no-binary = { $path } 处没有 snakes 程序：请用 `cargo build --release` 构建，或用 --server 指定一个
bench-cannot-start = 无法启动服务器
bench-no-output = 服务器没有输出
bench-no-address = 无法读取服务器的地址
# $line: the server's first line, quoted.
bench-not-an-address = 服务器输出的是 { $line }，而不是它的地址
# The progress line while a pass plays: $done of $total games are over.
bench-progress = { $tables }桌：{ $total }局中已结束{ $done }局
# $message: what the load generator says went wrong.
bench-failed = { $tables }桌的基准测试：{ $message }
bench-players = --players 必须是2到4，不能是{ $players }
# snakes-bench --abuse: $attack is the name of an attack (not translated), $attacks a list of
# them; $outcome is what the load generator says the attack came to.
bench-unknown-attack = --attack { $attack }：可用的攻击有 { $attacks }
bench-attack-running = { $attack }：{ $secs }秒
bench-attack-failed = { $attack }：{ $message }
bench-attack-outcome = { $attack }：{ $outcome }
bench-attack-before = { $attack }，之前（{ $binary }）：{ $outcome }
bench-attack-newcomers = 新来的人：{ $tried } 人中有 { $played } 人开了一桌并玩了（{ $what }）
bench-attack-store = 存储：预写日志最大时为 { $wal } MiB
bench-attack-store-restart = 存储：预写日志最大时为 { $wal } MiB；用 SIGKILL 杀掉后，服务器过了 { $secs } 秒重新开始接受连接
# What the normal players saw during an attack: latencies in milliseconds, the server's peak
# memory in MiB and its CPU time in seconds.
bench-attack-players = 正常玩家：掷骰{ $rolls }次，p50 { $p50 } ms，p99 { $p99 } ms，最大 { $max } ms，被拒绝{ $refused }次；服务器内存峰值 { $peak } MiB，CPU { $cpu }秒
bench-attack-slow = snakes-bench：在以下攻击期间，正常玩家的 p99 达到 { $ms } ms（或无法掷骰）：{ $attacks }
bench-no-tables = --tables 至少为 1
# The headings of the table of results, one per column: tables played at once, WebSocket
# connections, the players' thinking time, games finished, rolls, rolls per second, the
# latency from a roll to its broadcast (median, 99th percentile, most), the server's peak
# memory, the CPU time it used, and the requests it refused.
bench-tables = 桌数
bench-sockets = 连接数
bench-think = 思考 ms
bench-games = 局数
bench-rolls = 掷骰数
bench-rolls-per-sec = 掷骰/秒
# same-as-en
bench-p50 = p50 ms
# same-as-en
bench-p99 = p99 ms
bench-max = 最大 ms
bench-peak = 峰值 MiB
bench-cpu = CPU 秒
bench-refused = 拒绝数
# snakes-bench --members: what member accounts cost the server. Each section's title, then
# the headings of its table, one per column. $set: Argon2id parameters, as "m=19456 t=2 p=1"
# (not translated).
bench-members-hashes = Argon2id，在一个线程上逐个计算哈希：
bench-members-servers = { $set }（服务器所用）
bench-members-parameters = 参数
bench-members-mib = 每个哈希 MiB
bench-members-hashes-count = 哈希数
bench-members-ms = 每个哈希 ms
bench-members-ms-min = 最快 ms
bench-members-per-core = 每核哈希/秒
# Sign-ins to a server, $clients at once for $secs seconds, one server for each set of
# parameters, its members' passwords hashed at that set.
bench-members-sign-ins = 登录使用 SQLite 的服务器，同时 { $clients } 个，持续 { $secs } 秒，会员密码按每组参数计算哈希：
bench-members-signed-in = 登录数
bench-members-per-sec = 登录/秒
bench-members-rss-before = 之前 MiB
bench-members-answers = 响应
bench-members-threads = 线程数
# One sign-in at a time, $tries of each kind: the medians in milliseconds of the right
# password, a wrong password and a name nobody has; $first: the first try with a name nobody
# has after the server started.
bench-members-one-at-a-time = 按服务器的参数逐个登录（每种 { $tries } 次），中位数：正确密码 { $right } ms，错误密码 { $password } ms，无人使用的名字 { $name } ms（服务器启动后的第一次：{ $first } ms）
# A server whose store holds $count members, and one whose store holds none.
bench-members-stores = 有 { $count } 名会员的服务器，和没有会员的服务器：
bench-members-store = 存储
bench-members-count = 会员数
bench-members-fill = 写入秒数
bench-members-bytes = 存储 MiB
bench-members-free = 空闲名字 p50 / p99 ms
bench-members-held = 会员名字 p50 / p99 ms
bench-members-sign-in = 登录 p50 / p99 ms
bench-members-rss = 开始 / set_name 后 / 登录后 MiB
# --members with --db: the PostgreSQL database $url already holds $count members.
bench-members-db-not-empty = --members：数据库 { $url } 已有 { $count } 名会员；请给一个没有会员的数据库（写入其中的会员会在结束时删除）

## analyze --plot FILE: the chart's file.

plot-bad-name = 图表只能写成 SVG 或 PNG：文件名请以 .svg 或 .png 结尾
plot-wrote-svg = 图表已写入 { $file }（SVG）。
# $width and $height: the picture's size in pixels.
plot-wrote-png = 图表已写入 { $file }（PNG，{ $width } x { $height } 像素）。
plot-no-fonts = 无法绘制图表中的文字：系统没有字体（请安装一种能显示汉字的字体，例如 Debian 的 fonts-noto-cjk，或者改写 .svg 文件）
plot-too-big = 无法绘制 { $width } x { $height } 像素的图表
# This snakes was built without the png feature.
plot-png-not-built = 这个 snakes 不能画 PNG 图表（编译时没有启用 png 功能）：请把图表写成 .svg，或者安装带这一功能的 snakes：cargo install --locked --path crates/snakes-cli --features png
# $letters: the letters of the chart no font of the system has, spaced; $package: a Debian
# package with fonts that have them (fonts-noto-cjk, fonts-noto-core).
plot-missing-letters = 无法把图表中的文字画成 PNG：系统里没有任何字体包含 { $letters }（请安装包含这些字的字体，例如 Debian 的 { $package }，或者改写 .svg 文件，由查看器用自己的字体来画）
# The distribution of turns was not followed at all, so no line can be drawn.
plot-nothing-to-draw = 没有写入图表：在时间上限内，这个棋盘上的对局没有被逐回合跟踪（见上文）

## snakes serve. $url: the address to open in a browser; $db: the SQLite file.

serve-listening = snakes：正在提供服务 { $url }（数据库 { $db }）
# Said at the start of `snakes serve --test-dice-seed`, after "warning: ". $seed: the seed.
serve-test-dice = 骰子使用了测试用的种子（--test-dice-seed { $seed }）：知道种子的人就知道每一次掷骰的结果；切勿用于真正的对局
serve-open-files = --max-connections { $connections } 加上服务器自身的 { $reserved } 个文件，共需 { $needed } 个打开的文件，但此进程最多只能打开 { $limit } 个（打开文件数的硬限制，RLIMIT_NOFILE）；请把 --max-connections 降到 { $fits }，或提高该限制（ulimit -Hn，或 systemd 单元中的 LimitNOFILE=）
# $detail: the system's words.
serve-address-in-use = 无法在 { $address } 上监听：{ $detail }

## snakes help COMMAND: $name is the command asked about (snakes board), $command the word
## that is no command of it, quoted, and $commands its commands.
help-no-command = `{ $name }` 没有子命令 { $command }：可用的子命令有 { $commands }

## A value on the command line that the command refuses: $value as typed, $arg the option it
## was given to (--budget <SECONDS>), $message why. The hint follows, after an empty line.
cli-invalid-value = 参数 '{ $arg }' 的值 '{ $value }' 无效：{ $message }
cli-more-information = 想了解更多，请试试 '--help'。

## --lang names a language without messages.
cli-unknown-language = { $option }：没有 { $lang } 这种语言的文字；可用的语言有 { $languages }
language-item = { $tag }（{ $name }）

## snakes verify. A table is 桌 ("3号桌"); the dice commitment is 承诺值 (ui-dice-commitment); an
## event of the record is "第N个事件"; what the record says (记录是) and what the replay gives
## (骰子和规则给出的是) are quoted sentences of the game, or names and numbers.

verify-not-a-record = { $file } 不是一局游戏的记录（GET /api/tables/ID/record）：{ $detail }
verify-unknown-format = { $file } 是格式{ $format }的游戏记录，这个 snakes verify 只能读到格式{ $known }为止：请用更新的版本
verify-ok = { $table }号桌：验证通过。{ $outcome }记录里的全部{ $events }个事件都是规则对座位和骰子给出的结果，全部{ $rolls }次掷骰和先手都来自公开的密钥，它的 SHA-256 就是第一次掷骰前公布的承诺值（{ $commitment }）。{ $game ->
    [none] 开局时公布的也是这个承诺值，这是每局还没有自己承诺值时的做法：这份记录的桌号、棋盘、规则、座位和玩家没有和它绑定。
   *[other] 开局时公布的本局承诺值（{ $game }）把这个密钥和这份记录的桌号、棋盘、规则、座位和玩家绑定在一起。
}
verify-failed = snakes verify：{ $table }号桌：{ $problem }
verify-not-committed = 这一桌的骰子（{ $algorithm }）在开局前没有给出承诺值：无法验证
verify-not-over = 这一局还没结束：密钥在结束时公开
verify-bad-key = 密钥“{ $key }”不是64位十六进制数
verify-key-mismatch = 密钥和承诺值不符：密钥的 SHA-256 是 { $hashed }，公布的承诺值是 { $commitment }
verify-setup = 记录里的 { $what } 无法读取：{ $detail }
verify-seats = 记录里的桌子有{ $seats }个座位；一桌有2到4个座位
verify-numbering = { $after ->
    [0] 记录的第一个事件编号是{ $seq }，不是1：事件要按1、2、3……编号，不能缺也不能重复
   *[other] 第{ $after }个事件后面的事件编号是{ $seq }，不是{ $expected }：事件要按1、2、3……编号，不能缺也不能重复
}
verify-untyped-event = 第{ $seq }个事件没有类型
verify-unknown-event = 第{ $seq }个事件的类型是“{ $type }”，游戏记录里没有这种事件
verify-unreadable-event = 第{ $seq }个事件（{ $type }）无法读取：{ $detail }
verify-unknown-field = 第{ $seq }个事件（{ $type }）有一个这种事件没有的字段“{ $field }”
verify-differs = 第{ $seq }个事件不符：记录是“{ $logged }”，骰子和规则给出的是“{ $expected }”
verify-differs-field = 第{ $seq }个事件（“{ $said }”）的字段 { $field } 不符：记录是{ $logged }，骰子和规则给出的是{ $expected }
verify-roll = 第{ $number }次掷骰（第{ $seq }个事件）不符：记录是“{ $logged }”，骰子给出的是“{ $expected }”
verify-seating = 第{ $seq }个事件不符：记录是“{ $logged }”，按座位应该是“{ $expected }”
verify-not-now = 第{ $seq }个事件：记录是“{ $logged }”，但服务器{ $when ->
    [waiting] 在开局前
    [playing] 在游戏中
    [closed] 在桌子关闭后
   *[over] 在这一局结束后
}从不写这种事件
verify-creator = 第{ $seq }个事件：记录是“{ $logged }”，但每一桌都从创建者坐上1号座位开始
verify-no-seat = 第{ $seq }个事件：记录是“{ $logged }”，但这一桌没有{ $seat }号座位：只有{ $seats }个座位
verify-seat-taken = 第{ $seq }个事件：记录是“{ $logged }”，但{ $seat }号座位上坐着{ $name }
verify-seat-empty = 第{ $seq }个事件：记录是“{ $logged }”，但{ $seat }号座位是空的
verify-a-bot = 第{ $seq }个事件：记录是“{ $logged }”，但{ $name }是机器人
verify-not-a-bot = 第{ $seq }个事件：记录是“{ $logged }”，但{ $name }不是机器人
verify-no-host = 第{ $seq }个事件：记录是“{ $logged }”，但桌上没有能提出这个要求的人
verify-bad-name = 第{ $seq }个事件：记录是“{ $logged }”，但服务器不接受这个名字：{ $detail }
verify-players = 第{ $seq }个事件（开局）：记录里的玩家是{ $logged }，座位上是{ $expected }
verify-player = { $bot ->
    [yes] { $name }（机器人，{ $seat }号座位）
   *[no] { $name }（{ $seat }号座位）
}
verify-too-few-players = 第{ $seq }个事件以{ $players }名玩家开局；一局要有2到4名玩家
verify-no-commitment = 第{ $seq }个事件（开局）没有公布骰子的承诺值
verify-commitment-changed = 第{ $seq }个事件（开局）公布的承诺值（{ $announced }）不是公开的密钥加上这份记录的桌号、棋盘、规则、座位和玩家算出的 SHA-256（{ $expected }）：其中有一项不是这局游戏的
verify-first-player = 第{ $seq }个事件（开局）：记录说{ $logged }先走，骰子抽到的是{ $drawn }
verify-no-player = 第{ $seq }个事件：记录是“{ $logged }”，但这一局只有{ $players }名玩家
verify-already-away = 第{ $seq }个事件：记录是“{ $logged }”，但已经由机器人替{ $name }玩了
verify-not-away = 第{ $seq }个事件：记录是“{ $logged }”，但{ $name }并没有离开
verify-not-their-turn = 第{ $seq }个事件：记录是“{ $logged }”，但现在轮到{ $name }
verify-person-plays = 第{ $seq }个事件：记录是“{ $logged }”，但{ $name }还在玩
verify-winner = 第{ $seq }个事件（终局）：记录说{ $logged }赢了，骰子和规则给出的是{ $expected }
verify-winner-name = 第{ $seq }个事件（终局）：记录里赢家的名字是“{ $logged }”，但赢的是{ $expected }
verify-turns = 第{ $seq }个事件（终局）：记录说一共玩了{ $logged }个回合，骰子和规则给出的是{ $expected }个
verify-rolls = 第{ $seq }个事件（终局）：记录说一共掷了{ $logged }次骰子，骰子和规则给出的是{ $expected }次
verify-squares = 第{ $seq }个事件（终局）：记录里棋子最后的位置是{ $logged }，骰子和规则给出的是{ $expected }
verify-square = { $square ->
    [0] { $name }在棋盘外
   *[other] { $name }在第{ $square }格
}
verify-no-key = 第{ $seq }个事件（终局）没有公开密钥
verify-key-changed = 第{ $seq }个事件（终局）公开的密钥（{ $revealed }）和记录里的（{ $record }）不一样
verify-cut = 记录在这一局结束前的第{ $seq }个事件就结束了：按骰子和规则，接下来是“{ $expected }”
verify-not-started = { $seq ->
    [0] 记录里没有任何事件
   *[other] 记录在开局前的第{ $seq }个事件就结束了
}
verify-status = 记录的状态是“{ $logged }”，但它的事件以这一局结束（“{ $expected }”）告终
verify-status-closed = 记录的状态是“{ $logged }”，但它的事件以管理员在“{ $expected }”状态下关闭这一桌告终
verify-does-not-follow = 第{ $seq }个事件：记录是“{ $logged }”，这和前面的事件接不上（{ $detail }）
verify-won = { $name }到达第{ $square }格，赢了。
verify-bounced = { $from ->
    [0] { $name }进入棋盘，走到第{ $last }格后弹回第{ $to }格。
   *[other] { $name }从第{ $from }格走到第{ $last }格后弹回第{ $to }格。
}

## snakes serve 的配置（--config 文件、SNAKES_* 环境变量、命令行选项）、其错误与 --check-config。
## $key：设置名（max-tables）；$value：给出的值，带引号。
config-error = { $where }：{ $problem }
config-from-default = 默认值
config-from-file = { $file }，第 { $line } 行
config-from-env = 环境变量 { $var }
config-from-flag = 命令行
config-unknown-key = 没有名为 { $key } 的设置（设置名就是 snakes serve 的长选项去掉短横线）
config-not-whole = { $key } 必须是整数，不能是 { $value }
config-too-small = { $key } 至少为 { $min }，不能是 { $value }
config-too-large = { $key } 至多为 { $max }，不能是 { $value }
config-not-positive = { $key } 必须是大于 0 的数，不能是 { $value }
config-not-address = { $key } 必须是带端口的地址，例如 127.0.0.1:8080，不能是 { $value }
config-not-choice = { $key } 必须是 { $choices } 之一，不能是 { $value }
config-not-network = { $key } 必须是地址或网络，例如 10.0.0.0/8（前缀之后的位为零），不能是 { $value }
config-not-origin = { $key } 必须是 http://host[:port] 或 https://host[:port] 形式的来源，不能是 { $value }
config-not-public-url = { $key } 必须是 http://host[:port][/path] 或 https://host[:port][/path] 形式、末尾不带斜杠的地址，不能是 { $value }
config-empty = { $key } 必须指明一个文件，不能为空
config-not-one = { $key } 只接受一个值，不能是列表
config-not-value = { $key } 必须是一个值，不能是表
config-pair = 给出了 { $key } 却没有 { $other }：HTTPS 需要证书及其私钥
config-syntax = 文件不是 TOML：{ $detail }
config-unreadable = 无法读取文件：{ $detail }

backup-done = snakes：已将 { $db } 复制到 { $file }（{ $bytes } 字节）
backup-postgres = snakes backup 复制的是 SQLite 文件；PostgreSQL 数据库请用它自己的工具复制，即 pg_dump 或基础备份（docs/scale.md）

# snakes tables：运营者查看已保存的桌子。
tables-status = { $status ->
    [waiting] 等待中
    [playing] 游戏中
    [finished] 已结束
    [abandoned] 已放弃
   *[quarantined] 已隔离
}
tables-col-id = 桌子
tables-col-status = 状态
tables-col-seats = 座位
tables-col-events = 事件
tables-col-made = 创建时间（UTC）
tables-col-why = 隔离原因
tables-none = snakes：没有{ $statuses }的桌子。
tables-bad-status = --status { $status }：状态只能是 { $statuses } 之一
tables-show-table = 桌子 { $id }：{ $status }，{ $seats } 个座位，{ $events } 个事件，创建于 { $made } UTC；棋盘 { $board }，规则 { $rules }
tables-show-damage = 隔离原因（服务器日志原文）：{ $damage }
tables-show-whole = 它的整个记录都能重建。
tables-show-upto = 它的前 { $keep } 个事件能重建；之后：{ $problem }
tables-show-nothing = 它的记录完全无法重建：{ $problem }
tables-show-last = 它最后的几个事件（按保存原样）：
tables-show-repair = 要保留前 { $keep } 个事件继续游戏：snakes tables repair { $id }（先加 --dry-run 看一看）。要结束它：snakes tables close { $id }。
tables-show-close = 只能关闭它：snakes tables close { $id }。
tables-repaired = snakes：桌子 { $id } 已修复：保留前 { $kept } 个事件，丢弃 { $dropped } 个（{ $seqs }）；它又是{ $status }状态，有人打开时服务器会立刻接手。
tables-would-repair = snakes：桌子 { $id } 将保留前 { $kept } 个事件并丢弃 { $dropped } 个（{ $seqs }）；它将回到{ $status }状态。没有做任何改动（--dry-run）。
tables-closed = snakes：桌子 { $id } 已关闭：它已从大厅消失，记录会保留到 --keep-finished-days 将其删除为止。
tables-no-such = 没有 id 为 { $id } 的桌子
tables-not-quarantined = 桌子 { $id } 处于{ $status }状态，不是隔离状态：只有已隔离的桌子才能修复或关闭
tables-unrepairable = 桌子 { $id } 无法修复，因为它的记录完全无法重建（{ $problem }）：请用 snakes tables close { $id } 关闭它

# snakes admin：管理员。$name 输入的名字，$role 输入的角色，$roles 现有的角色（按输入原样：moderator），
# $max 和 $chars 字符数，$action 日志中保存的操作。
admin-granted = snakes：{ $name }现在是管理员了。下面的密钥只显示这一次：服务器只保存它的哈希值，无法再次显示。{ $name }在页面上输入这个密钥，就能以管理员身份操作。再次授予会生成新的密钥，这个密钥随即失效。
admin-revoked = snakes：{ $name }不再是管理员，其密钥随即失效。
admin-not-moderator = { $name }不是管理员
admin-bad-role = { $role } 不是可以授予的角色；可用的角色：{ $roles }
admin-name-empty = 管理员的名字不能为空
admin-name-long = 名字最多{ $max }个字符，而这个名字有{ $chars }个
admin-none = snakes：还没有管理员。要授予一名管理员：snakes admin grant 名字 moderator
admin-col-name = 管理员
admin-col-granted = 授予时间（UTC）
admin-log-none = snakes：管理日志是空的。
admin-col-when = 时间（UTC）
admin-col-by = 操作者
admin-col-action = 操作
admin-col-whom = 对象
admin-col-until = 截止时间（UTC）
admin-col-why = 原因
admin-action = { $action ->
    [silence] 禁言
    [ban] 封禁
    [lift] 解除处罚
    [remove] 删除消息
    [close] 关闭桌子
    [grant] 授予管理员
    [revoke] 撤销管理员
    [handle_report] 处理举报
   *[other] { $action }
}

# snakes restore：$copy 副本，$db 数据库，$tables 副本中的桌子数，$kept 原数据库保存的位置。
restore-done = snakes：已将 { $copy } 恢复为 { $db }（{ $tables } 张桌子）；原来的数据库保存为 { $kept }（如有 -wal 和 -shm 文件，一并保存）
restore-new = snakes：已将 { $copy } 恢复为 { $db }（{ $tables } 张桌子）
restore-postgres = snakes restore 只恢复 SQLite 文件；PostgreSQL 数据库请用它自己的工具 pg_restore 恢复（docs/scale.md）

# snakes serve --check-config：在选项之后，对它们所指的东西各试一次。
serve-checked-tls = # 已检查：证书 { $cert } 和密钥 { $key } 可以使用
serve-checked-db-new = # 已检查：{ $db } 尚未创建；其目录可写，服务器首次启动时会创建它
serve-checked-db-file = # 已检查：{ $db } 是结构版本 { $version } 的数据库（本服务器的版本：{ $supported }）{ $used ->
    [yes] ，正被运行中的服务器使用
   *[no] {""}
}
serve-checked-db-postgres = # 已检查：{ $db } 在 { $at } 应答，结构版本 { $version }（本服务器的版本：{ $supported }），{ $tls ->
    [yes] 使用 TLS
   *[no] 未使用 TLS
}
serve-check-db-failed = 数据库 { $db } 无法使用：{ $detail }

## Why something was refused. Every refusal says why: silence is a bug.

refusal-not-your-turn = { $you ->
    [you] 现在轮到你。
   *[other] 现在轮到{ $name }。
}
refusal-game-over = { $you ->
    [you] 游戏结束：你赢了。
   *[other] 游戏结束：{ $name }赢了。
}
refusal-game-drawn = 游戏结束：这局是平局。
refusal-not-started = 游戏还没开始。
refusal-already-started = 游戏已经开始了。
# $seat counts from 1.
refusal-seat-taken = { $seat }号座位已经有人了。
refusal-not-seated = 你在这一桌没有座位。
refusal-bot-plays-for-you = 你离开后由机器人坐你的座位：按 { -key-come-back } 拿回座位。
refusal-not-away = 你正在自己的座位上玩，没有机器人替你玩。
refusal-not-host = 只有房主才能这样做。
refusal-table-full = 这一桌已经坐满了。
refusal-no-such-table = 没有这一桌。
refusal-not-enough-players = 至少要有两名玩家才能开始。
# $got and $expected: the numbers of the last event the sender had seen and of the table's last.
refusal-stale-seq = 这个操作送达之前游戏已经往下进行了，所以没有执行；如果轮到你，请再按一次 { -key-roll }。
refusal-bad-message = 无法理解这条消息：{ $detail }
refusal-too-large = 消息太大：上限是{ $limit }字节。
refusal-too-many-requests = 请求太多：请稍等一下再试。
refusal-too-many-tables = 开着的桌子太多：请加入一桌，或者稍后再试。
refusal-bad-board = 这个棋盘不能用：{ $detail }
refusal-bad-rules = 这些规则不能用：{ $detail }
refusal-bad-name = 这个名字不能用：{ $detail }
refusal-bad-text = 这条消息不能发送：{ $detail }
refusal-no-name = 说话之前先给自己起个名字，这样大家才知道是谁在说。
refusal-talk-too-fast = 你说得太快了，大家来不及听：请稍等一下再说。
refusal-network-talk-too-fast = 这会儿和你同一网络的人在这里说话太多了，别人什么都听不到：请稍等一下再说。
refusal-bad-seats = 无法这样开桌：{ $detail }。
refusal-store-failed = 服务器没能记录这一步，所以它没有生效：请再试一次。
refusal-not-found = 这个地址上什么也没有。
refusal-method-not-allowed = 这个地址不接受这类请求。
# $origin: the site whose page sent the request, as http://example.com.
refusal-bad-origin = 来自 { $origin } 的页面不能在这里玩：请从本服务器自己的地址打开游戏。
# $address: where the server that serves the table now is reached (http://host:port).
refusal-moved = 这张桌子现在由 { $address } 的服务器负责：正在转到那里。
refusal-quarantined = 这张桌子无法继续游戏：服务器数据库中的记录已损坏。已通知服务器管理员。
refusal-unknown-locale = 这里没有 { $locale } 这种语言：可用的语言有 { $available }。
refusal-already-seated = 你在这一桌已经有座位了。
refusal-too-many-open-tables = 你的地址或网络开的游戏桌太多了：请在其中一桌玩，或等有一桌关闭后再试。

## What exactly was wrong ($detail above), for the problems the server puts in words. They
## follow a colon, so they begin in lower case. $seat counts from 0 here, as in the protocol.

detail-name-empty = 名字至少要有一个字
detail-name-too-long = 名字最多{ $max }个字符
detail-name-control = 名字不能包含控制字符
# $code: the character's code point, as U+200B.
detail-name-character = 名字不能包含 { $code }，这个字符看不见或无法与其他字符区分
detail-name-reserved = “{ $name }”是留给机器人的名字
# The word is the one the sentences use for the listener (status.ftl, `you`).
detail-name-you = “{ $name }”在游戏的句子里会被读成“你”
detail-name-number = “{ $name }”在游戏的句子里会被读成数字
detail-name-taken = “{ $name }”已经在这一桌了
detail-name-game-word = “{ $name }”含有游戏句子里的词“{ $word }”，会被听成句子的一部分
detail-name-mark = “{ $name }”含有“{ $mark }”，游戏的句子用这个符号分隔各个部分
detail-name-joins = “{ $name }”含有“{ $word }”，它连接两个名字，听起来像两个玩家
detail-name-taken-lobby = “{ $name }”已经有人在大厅里用了
detail-text-empty = 消息至少要有一个字
detail-text-too-long = 消息最多{ $max }个字符
detail-text-control = 消息只能有一行：不能包含换行或其他控制字符
detail-text-character = 消息不能包含 { $code }，这个字符看不见或无法与其他字符区分
detail-text-frame = 消息不能包含“{ $frame }”：听起来会像别人在说话
# $highest: the table's last seat.
detail-no-such-seat = 这一桌的座位是0到{ $highest }号，没有{ $seat }号
detail-no-bot = { $seat }号座位上没有机器人
detail-no-person = { $seat }号座位上没有可以请出的人
detail-remove-yourself = 房主要离开请用“离开”，而不是把自己请出去
detail-seat-count = 一桌有2到4个座位，不能是{ $seats }个
detail-too-many-bots = { $bots }个机器人会占满这张{ $seats }人桌，没有留给你的座位
detail-protocol = 本服务器使用第{ $server }版协议，不是第{ $client }版；请重新加载页面
detail-board-too-large = 本服务器的棋盘最多{ $max }格，不能是{ $squares }格
detail-slow-body = 请求的内容没有按时送达
detail-not-websocket = 这个地址只接受 WebSocket 连接
detail-binary-frame = 协议不使用二进制帧；请发送 JSON 文本
# The board page's analysis could not be made: the server failed, not the board.
detail-analysis-failed = 分析失败了；请再试一次

## Names heard inside the game's sentences (names.rs).

# 游戏句子里有、但名字可以包含的词（只用来连接名字里的词）。用空格分开；没有就写 {""}。
name-glue-words = {""}
# 句子里称呼听的人的词。用空格分开。
name-you-words = 你 您
# The words that join two names ("and"): a name holding one between two of its parts is heard as
# two players and refused (Korean particles such as 와 and 과 count at the end of a word).
# Separated by spaces.
name-and-words = 和 与 跟 及 同

## 管理相关的拒绝（docs/serve.md，“Moderation”）。

refusal-not-moderator = 只有管理员才能这样做。
refusal-bad-key = 这个名字和密钥不属于任何管理员。
refusal-silenced = 管理员已将你禁言，直到 UTC { $until }。{ $why ->
    [none] {""}
   *[given] 理由：{ $reason }
}
refusal-banned = 管理员已禁止你使用本服务器，直到 UTC { $until }。理由：{ $reason }
refusal-no-such-person = 这里没有叫{ $name }的人。
refusal-no-such-message = 这里没有第{ $n }条消息。
refusal-no-such-entry = 没有生效中或待处理的第{ $id }号。
refusal-bad-span = { $unit ->
    [minutes] 禁言时长为1到{ $most }分钟。
   *[hours] 封禁时长为1到{ $most }小时。
}
refusal-no-reason = 请给出理由：当事人会收到，管理员也会看到。

## 账户相关的拒绝（docs/protocol.md，“Members”）。

refusal-name-taken = 名字“{ $name }”已被占用：它属于某位会员，或读起来与会员的名字相同。请另选一个。
refusal-name-held = 名字“{ $name }”属于一位会员：请以该会员身份登录后使用，或另选一个名字。
refusal-bad-sign-in = 这个名字和密码不属于任何账户。
refusal-bad-password = 密码须为{ $min }到{ $max }个字符，且不能与账户名相同。
refusal-too-many-sign-ins = 登录尝试次数过多：请等一分钟再试。
refusal-not-signed-in = 请先登录：只有会员才能这样做。
refusal-not-a-member = 只能拉黑会员：没有名为“{ $name }”的账户。
refusal-block-yourself = 不能拉黑你自己的账户。
refusal-not-open-to-you = 这张桌子不能让你加入：请另选一张。
refusal-bad-passkey = 无法验证这个通行密钥：请重试，或换一个。
refusal-last-passkey = 这个通行密钥是你唯一的登录方式：请先添加另一个。

## The fixed words of the board page: headings, labels, buttons and short notices. None takes
## an argument: the server writes them into the page, and hands them to its scripts as they are
## (words that depend on the game come with the game, from page.ftl). Every id begins "ui-".

ui-title = 蛇梯棋
ui-skip = 跳到正文
ui-language = 语言
ui-language-go = 切换
ui-language-hint = 用方向键浏览各种语言；按 Enter 或“切换”即以所选语言打开页面。
ui-connecting = 正在连接…
ui-connected = 已连接。
ui-connection-lost = 连接断开：正在重新连接…
ui-server-restarting = 服务器正在重启，正在重新连接。
ui-server-full = 服务器已满，已把本页的位置让给新来的人；稍后重新连接。
ui-help-more = 其余 %count% 个按键在历史记录中各占一行：句号读下一行，逗号读上一行。
# Said at once for a key pressed, or a form sent, while the page has no connection.
ui-not-connected = 未连接：正在重新连接。请稍后再试。

## The lobby.

ui-intro = 2到4名玩家（真人或机器人）一起玩蛇梯棋，用键盘、靠听或靠看都能玩：每一步都有文字播报。在下面打开一桌就能加入或观战，也可以自己开一桌；列表会自动更新。
ui-tables = 游戏桌
ui-col-table = 桌号
ui-col-seats = 座位
ui-col-actions = 操作
ui-no-tables = 还没有游戏桌：在下面开一桌吧。
ui-older-tables = 更早的游戏桌
ui-newer-tables = 更新的游戏桌
ui-new-table = 开新桌
ui-your-name = 你的名字
ui-board = 棋盘
ui-board-classic = 经典棋盘（10乘10，9架梯子，10条蛇）
ui-board-custom = 粘贴一个棋盘：LeetCode 网格，或 JSON、TOML 格式的布局
ui-board-text = 棋盘文本
ui-board-hint = 形如 [[-1,-1],[-1,4]] 的网格（第0行在最上面），或写明大小、梯子和蛇的布局。
# $size and $limit: kilobytes (1024 bytes), whole numbers.
ui-board-too-large = 这个棋盘发送时有 { $size } KB；这台服务器最多接受 { $limit } KB 的棋盘。
ui-rules = 规则
ui-seats = 座位数
ui-bots = 机器人
ui-bots-hint = 机器人会立即坐满座位；至少留一个座位给你。
ui-create = 开桌

## The table's page.

ui-game = 游戏
ui-key-roll = 掷骰子（{ -key-roll }）
ui-key-positions = 位置（{ -key-positions }）
ui-key-turn = 轮到谁（{ -key-turn }）
ui-key-scores = 战况（{ -key-scores }）
ui-key-detailed = 详细战况（{ -key-detailed-scores }）
ui-key-look = 前瞻（{ -key-look-ahead }）
ui-key-square = 查看格子（{ -key-square }）
ui-key-help = 帮助（{ -key-help }）
ui-sr-hint = 使用读屏软件时：焦点在游戏按钮上时按键才起作用，读屏软件会把按键传给这些按钮。如果读屏软件仍然自己响应按键（比如按 R 时说“没有更多单选按钮”），请切换到焦点模式：Orca 按 Insert+A，NVDA 按 Insert+空格，JAWS 按 Insert+Z。
# The field G opens: a square's number, then Enter.
ui-square-label = 要查看的格子
ui-square-hint = 输入编号后按 Enter；留空则查看你所在的格子（观战时为轮到掷骰子的玩家所在的格子）。按 Esc 回到游戏按钮。
ui-square-ask = 查看
ui-square-not-number = 请用数字输入格子编号，或者留空查看你所在的格子（观战时为轮到掷骰子的玩家所在的格子）。
ui-start = 开始游戏
ui-add-bot = 添加机器人
ui-fill-bots = 用机器人坐满空座位
# Before the bot's name, on the host's button that removes it.
ui-remove-bot = 移除
ui-players = 玩家
ui-col-player = 玩家
ui-col-seat = 座位
ui-col-square = 格子
ui-col-to-go = 还差
ui-join-name = 你的名字，用来入座
ui-join = 入座
ui-leave = 离开座位
ui-leave-waiting = 要离开座位吗？座位会空出来给别人；你之后还可以再坐空座位。
ui-leave-playing = 要离开座位吗？在你用“回到我的座位”（{ -key-come-back }）回来之前，由机器人替你玩。
ui-leave-yes = 离开
ui-leave-no = 留下
ui-come-back = 回到我的座位
# At the end of a game: a new table with the same board, rules, seats and bots, hosted by you.
ui-play-again = 再来一局
ui-settings = 设置
ui-brief = 简短播报
ui-sounds = 音效
ui-volume = 音量
ui-sounds-hint = 掷骰子、每走一格、梯子、蛇、轮到你和获胜时都有简短音效；文字播报照常。
# How much is said of the other players' moves (the history keeps every one).
ui-others = 其他玩家的走棋
ui-others-full = 每一步都立即播报
ui-others-brief = 轮到你时用一句话汇总
ui-others-jumps = 只播报梯子、蛇、撞回和获胜
ui-others-hint = 观战时，前两种都会逐步播报。历史记录保留每一步。
# The page's own voice (the browser's speech), for phones whose screen readers skip announcements.
ui-voice = 页面自带语音
ui-voice-hint = 页面用浏览器的语音按顺序亲自朗读每条播报，适用于读屏软件可能跳过播报的手机（把读屏软件的语音调低，就只听这个语音）。按下游戏按键会打断正在朗读的内容。
ui-voice-rate = 语速
ui-voice-name = 语音
ui-voice-default = 浏览器默认
# Said by the page's voice when it is switched on or changed.
ui-voice-sample = 页面语音已开启。
ui-board-words = 文字版棋盘
ui-history = 历史记录
ui-history-hint = 在游戏按钮上，用 [ 和 ] 选择历史记录的分区（全部、游戏、聊天、回答）；用逗号和句号在分区里前后重听，每条都带编号；Shift+逗号和 Shift+句号重听第一条和最后一条，撇号再读一遍最后一条。
ui-start-square = 起点
# Under the board: the dice's commitment (a SHA-256 hash follows), and once the game is over a
# link to the game's record.
ui-dice-commitment = 骰子的承诺值（骰子密钥的 SHA-256）：
ui-game-commitment = 本局承诺值（该密钥加上本桌的棋盘、规则、座位和玩家的 SHA-256）：
ui-dice-verify = 验证骰子
ui-dice-verify-how = （保存对局记录，然后对它运行 snakes verify。）

## How long a game lasts here.

ui-analysis = 在这里一局要多久
ui-measuring = 正在测算这个棋盘…
ui-analysis-failed = 无法算出这些数据。
ui-analysis-caption = 各种终点规则下，一名玩家走完所需的回合数，以及这一桌一局的轮数
ui-analysis-ending = 终点规则
ui-analysis-expected = 预计回合数
ui-analysis-median = 中位数
ui-analysis-p90 = 第90百分位数
ui-analysis-rounds = 这一桌预计轮数
ui-analysis-games = 这里下完的对局
ui-analysis-mean = 实际平均轮数
ui-analysis-in-force = 当前采用
ui-analysis-figures = 各终点规则的数据
ui-chart-title = 到第t回合为止已走完的概率，每种终点规则一条线
ui-chart-turns = 回合
ui-chart-finished = 已走完
ui-chart-legend = 一名玩家到每个回合为止已走完的概率：
ui-chart-data = 用表格列出图表数据
ui-chart-data-caption = 一名玩家到第t回合为止已走完的概率
ui-chart-turn = 回合

## 说话：桌上和大厅里的消息输入框。

ui-key-talk = 说话（/）
ui-talk-label = 对这里的所有人说
ui-talk-hint = 在页面任何地方按斜杠（/）都会来到这里；按 Enter 发送并回到原来的位置，按 Escape 不发送直接回去。只能是一行纯文本，最多 300 个字符。
ui-talk-send = 发送
ui-talk-name = 你的名字，让大家知道是谁在说话
ui-lobby-talk = 在大厅里说话
ui-lobby-said = 大厅里说过的话
ui-key-who = 这里有谁（{ -key-who }）

## 用按键完成桌上的操作，以及这里的人。

ui-sounds-on = 声音已打开。
ui-sounds-off = 声音已关闭。
ui-volume-now = 音量{ $volume }。
ui-no-bot = 这一桌没有机器人。
ui-people = 这里的人
ui-people-hint = 屏蔽某人说的话（只对你自己有效），或向管理员举报；登录的会员可以在所有地方拉黑另一位会员；房主可以把某人请出这一桌（游戏中由机器人接替），管理员可以禁言或封禁。按 Escape 回到游戏。
ui-people-empty = 这里还没有其他坐下或说过话的人。
ui-mute = 屏蔽{ $name }
ui-remove-person = 把{ $name }请出这一桌
ui-muted-now = 你将听不到{ $name }说的话。
ui-unmuted-now = 你又能听到{ $name }说的话了。
ui-choose-table = 请先用 [ 和 ] 选一桌。

## 管理：管理员登录后处理某人、查看各个列表；任何人都可以向管理员举报某人。

ui-mod-sign-in = 管理员登录
ui-mod-sign-in-title = 以管理员身份登录
ui-mod-name = 你的管理员名字
ui-mod-key = 你的密钥
ui-mod-key-hint = 服务器运营者给你的密钥。这个标签页会记住它，直到关闭为止，刷新页面后会自动重新登录。
ui-mod-sign-in-go = 登录
ui-mod-sign-in-needed = 请输入你的管理员名字和密钥。
ui-cancel = 取消
ui-mod-open = 管理（{ -key-moderation }）
ui-mod-title = 管理
ui-mod-hint = 列表显示在这里，每条一行，附带可以进行的操作；按 Escape 回去。
ui-mod-sanctions = 禁言和封禁
ui-mod-reports = 举报
ui-mod-log = 管理日志
ui-mod-older = 更早的记录
ui-mod-lift = 解除
ui-mod-handled = 标为已处理
ui-mod-silence-someone = 禁言某人
ui-mod-ban-someone = 封禁某人
ui-mod-close-table = 关闭这一桌
ui-mod-close-reason = 关闭理由（会告诉这一桌的玩家）
ui-mod-close-go = 永久关闭这一桌
ui-mod-back = 返回
ui-mod-remove-question = 删除第{ $number }条消息吗？{ $text }
ui-mod-remove-go = 删除
ui-mod-nothing-to-remove = 这里还没有人说过话。
ui-mod-silence-title = 在所有聊天中禁言某人
ui-mod-ban-title = 把某人封禁出服务器
ui-mod-person = 对方的名字（聊天或玩游戏时用的名字）
ui-mod-for = 时长
ui-mod-10-minutes = 10分钟
ui-mod-an-hour = 1小时
ui-mod-a-day = 1天
ui-mod-a-week = 1周
ui-mod-30-days = 30天
ui-mod-ban-what = 封禁什么
ui-mod-ban-name = 对方的名字
ui-mod-ban-address = 对方最后一次连接时的地址
ui-mod-ban-network = 该地址所在的网络
ui-mod-reason = 理由（会告诉对方）
ui-mod-reason-optional = 理由（会告诉对方，可以不填）
ui-mod-reason-needed = 请填写理由：会告诉被封禁的人。
ui-mod-name-needed = 请输入对方的名字。
ui-mod-silence-go = 禁言
ui-mod-ban-go = 封禁
ui-mod-silence-10 = 禁言{ $name }10分钟
ui-mod-silence-60 = 禁言{ $name }1小时
ui-mod-silence-day = 禁言{ $name }1天
ui-mod-ban-person = 封禁{ $name }…
ui-report-person = 举报{ $name }
ui-block-person = 拉黑{ $name }
ui-unblock-person = 将{ $name }移出黑名单
ui-report-title = 向管理员举报{ $name }
ui-report-reason = 对方做了什么
ui-report-go = 发送举报
ui-report-reason-needed = 请写下对方做了什么：管理员会看。
ui-banned = 管理员已把你从这个服务器封禁。

## 会员：有了账号，一个名字只归一个人用，设置也会跟着你到每一台登录的设备上。不登录也能玩。

ui-account-sign-in = 登录
ui-account-title = 登录或注册账号
ui-account-hint = 有了账号，你的名字只归你一个人用，你的设置也会跟着你到每一台登录的设备上。没有账号也能玩。
ui-account-name = 名字
ui-account-password = 密码
ui-account-password-hint = 注册新账号时：8到128个字符，不能和名字相同。
ui-account-create = 注册账号
ui-account-needed = 请输入你的名字和密码。
ui-account-signed-in = 已登录：{ $name }
ui-account-welcome = 已登录：{ $name }。你的设置会跟着你。
ui-account-created = 账号已注册。已登录：{ $name }，这个名字现在只归你用。
ui-account-sign-out = 退出登录
ui-account-sign-out-everywhere = 在所有设备上退出登录
ui-account-export = 下载我的数据
ui-account-delete = 注销账号
ui-account-blocked = 已拉黑：
ui-account-signed-out = 已退出登录。这个浏览器会保留你的设置。
ui-account-signed-out-everywhere = 已在所有设备上退出登录。
ui-account-delete-question = 要永久注销账号{ $name }吗？这个名字将可以被任何人使用，账号的设置和对局列表也会被删除；已经玩过的对局仍保留当时用的名字。
ui-account-delete-password = 请输入密码确认
ui-account-delete-go = 永久注销
ui-account-deleted = 账号{ $name }已注销：你现在以游客身份玩。
ui-account-ended = 你已退出登录：可能有人在别的设备上选了“在所有设备上退出登录”，或者这次登录已满30天。
ui-account-unreachable = 服务器没有回应：请稍后再试。
# 会员的对局（account.js、games.js）：已结束对局的列表、统计，以及逐步讲述的对局回放。
ui-games-open = 我的对局
ui-games-title = 我的对局
ui-games-figures = 已玩对局：{ $played }。获胜：{ $won }。
ui-games-figure = { $board } { $rules } 已玩：{ $played }。获胜：{ $won }。
ui-games-list = 已结束的对局，最新的在前
ui-games-none = 还没有已结束的对局。
ui-games-game = { $date }：{ $outcome }
ui-games-details = { $board } { $rules } 座位：{ $seats }。
ui-games-turns = 回合数：{ $turns }。
ui-games-close = 关闭
ui-games-more = 更多对局
ui-games-record = { $table } 号桌的记录
ui-games-record-hint = 对局记录保存了它的骰子：命令 snakes verify 可以核对它。
ui-games-loading = 正在读取你的对局……
ui-replay-title = { $table } 号桌的回放
ui-replay-keys = 句号说出回放的下一步，逗号说出上一步；Escape 关闭回放。
ui-replay-opened = { $table } 号桌的回放：共 { $steps } 步。按句号说出第一步。
ui-replay-next = 下一步
ui-replay-back = 上一步
ui-replay-close = 关闭回放
ui-replay-end = 回放结束。
ui-replay-start = 回放开始。

## 通行密钥：用设备的锁（指纹、面容、PIN）代替密码登录。
ui-account-passkey-sign-in = 用通行密钥登录
ui-account-passkey-create = 用通行密钥注册
ui-account-passkey-hint = 通行密钥让你用这台设备的锁（指纹、面容或 PIN）登录，不用密码。要用它注册，请先输入你的名字。
ui-account-passkey-name-needed = 请先输入新账户的名字。
ui-account-passkey-cancelled = 没有使用通行密钥：浏览器的对话框已关闭。准备好后请再试一次。
ui-account-passkey-here-already = 这台设备已经保存了你账户的一个通行密钥：请在另一台设备上添加。
ui-account-passkey-failed = 这个通行密钥没能让你登录。请换一个，或用名字和密码登录。
ui-account-passkeys = 通行密钥
ui-account-passkeys-title = 你的通行密钥
ui-account-passkeys-none = 你还没有通行密钥。
ui-account-passkey-entry = { $label }，添加于 { $made }，上次使用于 { $used }
ui-account-passkey-entry-unused = { $label }，添加于 { $made }，尚未使用
ui-account-passkey-remove = 移除 { $label }
ui-account-passkey-add = 添加通行密钥
ui-account-passkey-added = 已添加通行密钥：现在可以用它登录了。
ui-account-passkey-removed = 已移除通行密钥：{ $label }。
ui-close = 关闭
ui-account-delete-passkey = 你的账户没有密码：请用你的一个通行密钥确认。

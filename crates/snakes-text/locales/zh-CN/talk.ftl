## 大家在桌上和大厅里说的话（talk.rs）。每条消息都放在说明是谁说的框架里读出，任何名字或
## 消息都无法模仿这个框架。$text 是输入的原文，从不翻译。

talk-said = { $you ->
    [you] 你说：{ $text }
   *[other] { $role ->
        [watcher] 观战的{ $name }说：{ $text }
       *[player] { $name }说：{ $text }
    }
}


## 没有发给收听者的消息：与收听者不交谈的人说的话，每秒只发几条（与其交谈的人和同桌玩家的消息总会发送）。
## $name：第一条的发言者；$others：另外还有几人；$count：条数。
talk-unheard = { $others ->
    [0] { $name }又说了 { $count } 条消息。
   *[other] { $name }和另外 { $others } 人又说了 { $count } 条消息。
}
# 同上，但不知道是谁说的（收听者跟不上了）。
talk-missed = 有 { $count } 条消息没有发给你：同时发来的太多了。

## W：这里有谁。

who-seat = { $seat }号座位：{ $label }。
who-watching = 观战：{ $names }。
who-watching-and-unnamed = 观战：{ $names }，还有{ $unnamed }个没有名字的人。
who-watching-unnamed = 观战：{ $unnamed }个没有名字的人。
who-watching-nobody = 没有人在观战。

watcher-came = { $name }在观战。
watcher-went = { $name }不再观战了。
# Said once someone has said more messages than a listener can follow: the page keeps them in
# the Talk buffer without a word until they stop, then says how many ($count is at least 2).
talk-more = { $name }又发了{ $count }条消息：用 [ 和 ] 选择“聊天”缓冲区即可阅读。

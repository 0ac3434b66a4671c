## 管理（docs/serve.md，“Moderation”）：管理员听到的话、被处理的人听到的话，以及管理员读的列表。
## $until、$when：UTC 日期和时间。

mod-signed-in = 你现在是管理员{ $name }。{ $reports ->
    [0] 没有待处理的举报。
   *[other] 有{ $reports }条待处理的举报。
}
mod-silenced = { $name }在所有聊天中被禁言，直到 UTC { $until }。
mod-banned = { $scope ->
    [address] { $name }的地址 { $network } 被封禁，直到 UTC { $until }。
    [network] { $name }的网络 { $network } 被封禁，直到 UTC { $until }。
   *[name] 名字“{ $name }”被封禁，直到 UTC { $until }。
}
mod-lifted = 第{ $id }号已解除。
mod-removed = 第{ $n }条消息已删除。
mod-closed = 第{ $table }桌已关闭。
mod-handled = 第{ $id }号举报已处理。
mod-report-came = 新举报：{ $by }举报了{ $name }，理由：{ $reason }
mod-message-removed = 这条消息已被管理员删除。
mod-reported = 你对{ $name }的举报已送达管理员。

notice-silenced = 管理员已将你禁言，直到 UTC { $until }。{ $why ->
    [none] {""}
   *[given] 理由：{ $reason }
}
notice-banned = 管理员已禁止你使用本服务器，直到 UTC { $until }。理由：{ $reason }
notice-unsilenced = 你的禁言已结束：可以再次发言了。

mod-list-sanctions = { $count ->
    [0] 目前没有生效的禁言或封禁。
   *[other] 目前有{ $count }条禁言和封禁生效：
}
mod-list-reports = { $count ->
    [0] 没有待处理的举报。
   *[other] 有{ $count }条待处理的举报：
}
mod-list-log = { $count ->
    [0] 管理记录是空的。
   *[other] 管理记录，从新到旧{ $more ->
        [yes] ；下一页还有更早的记录：
       *[no] ：
    }
}
mod-line-silence = 第{ $id }号：{ $whom }被禁言，直到 UTC { $until }，处理人{ $by }。{ $why ->
    [none] {""}
   *[given] 理由：{ $reason }
}
mod-line-ban = 第{ $id }号：{ $whom }被封禁，直到 UTC { $until }，处理人{ $by }。理由：{ $reason }
mod-line-report = 第{ $id }号举报，UTC { $when }，{ $place ->
    [lobby] 在大厅
   *[table] 在第{ $table }桌
}：{ $by }举报了{ $name }，理由：{ $reason }。{ $count ->
    [0] 此人在那里没有发言。
   *[other] 此人最后{ $count }条消息：{ $said }
}
mod-line-log = UTC { $when }：{ $by }{ $action ->
    [silence] 将{ $whom }禁言，直到 UTC { $until }
    [ban] 封禁了{ $whom }，直到 UTC { $until }
    [lift] 解除了{ $whom }
    [remove] 删除了{ $whom }
    [close] 关闭了{ $whom }
    [grant] 任命{ $whom }为管理员
    [revoke] 取消了{ $whom }的管理员身份
    [handle_report] 处理了{ $whom }
   *[other] { $action } { $whom }
}。{ $why ->
    [none] {""}
   *[given] 理由：{ $reason }
}
mod-whom-message = { $name }{ $place ->
    [lobby] 在大厅
   *[table] 在第{ $table }桌
}发的第{ $n }条消息“{ $text }”
mod-whom-table = 第{ $table }桌
mod-whom-report = 第{ $id }号举报
mod-whom-number = 第{ $id }号

## 大家在桌上和大厅里说的话（talk.rs）。每条消息都放在说明是谁说的框架里读出，任何名字或
## 消息都无法模仿这个框架。$text 是输入的原文，从不翻译。

talk-said = { $you ->
    [you] 你说：{ $text }
   *[other] { $role ->
        [watcher] 观战的{ $name }说：{ $text }
       *[player] { $name }说：{ $text }
    }
}

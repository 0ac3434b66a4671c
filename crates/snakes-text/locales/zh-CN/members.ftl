## 会员（docs/protocol.md，“Members”）：服务器告诉会员已打开页面的话。

notice-signed-out = 你已退出登录：你账户的所有会话都已结束。你将以访客身份继续。

member-blocked = 你已拉黑{ $name }：你不会再听到对方的消息，对方也不能加入你等待中的桌子。对方不会收到通知。
member-unblocked = 你已将{ $name }移出黑名单。

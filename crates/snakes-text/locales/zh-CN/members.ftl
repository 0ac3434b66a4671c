## 会员（docs/protocol.md，“Members”）：服务器告诉会员已打开页面的话。

notice-signed-out = 你已退出登录：你账户的所有会话都已结束。你将以访客身份继续。

## 회원 (docs/protocol.md, "Members"): 서버가 회원의 열린 페이지에 알리는 말.

notice-signed-out = 로그아웃되었어요. 계정의 모든 세션이 끝났어요. 이제 손님으로 계속해요.

member-blocked = { $name } 님을 차단했어요. 그 사람의 메시지는 들리지 않고, 내가 기다리는 테이블에 앉을 수 없어요. 상대에게는 알리지 않아요.
member-unblocked = { $name } 님의 차단을 풀었어요.

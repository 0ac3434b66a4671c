## 회원 (docs/protocol.md, "Members"): 서버가 회원의 열린 페이지에 알리는 말.

notice-signed-out = 로그아웃되었어요. 계정의 모든 세션이 끝났어요. 이제 손님으로 계속해요.

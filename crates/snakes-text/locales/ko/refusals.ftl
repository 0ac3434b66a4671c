## Why something was refused. Every refusal says why: silence is a bug.

refusal-not-your-turn = { $you ->
    [you] 지금은 내 차례예요.
   *[other] 지금은 { $name } 님 차례예요.
}
refusal-game-over = { $you ->
    [you] 게임이 끝났어요. 우승했어요.
   *[other] 게임이 끝났어요. { $name } 님이 우승했어요.
}
refusal-game-drawn = 게임이 끝났어요. 무승부예요.
refusal-not-started = 게임이 아직 시작되지 않았어요.
refusal-already-started = 게임이 이미 시작됐어요.
# $seat counts from 1.
refusal-seat-taken = { $seat }번 자리에는 이미 다른 사람이 있어요.
refusal-not-seated = 이 방에 내 자리가 없어요.
refusal-bot-plays-for-you = 내가 나간 뒤로 봇이 내 자리에서 플레이하고 있어요. 자리를 되찾으려면 { -key-come-back } 키를 누르세요.
refusal-not-away = 지금 내 자리에서 직접 플레이하고 있어요. 대신 플레이하는 봇이 없어요.
refusal-not-host = 방장만 할 수 있어요.
refusal-table-full = 이 방은 자리가 다 찼어요.
refusal-no-such-table = 그런 방은 없어요.
refusal-not-enough-players = 게임을 시작하려면 플레이어가 2명 이상 있어야 해요.
# $got and $expected: the numbers of the last event the sender had seen and of the table's last.
refusal-stale-seq = 요청이 도착하기 전에 게임이 진행돼서 아무것도 하지 않았어요. 내 차례라면 { -key-roll } 키를 다시 누르세요.
refusal-bad-message = 메시지를 이해하지 못했어요: { $detail }
refusal-too-large = 메시지가 너무 커요. 최대 { $limit }바이트까지 보낼 수 있어요.
refusal-too-many-requests = 요청이 너무 많아요. 잠시 후 다시 해 보세요.
refusal-too-many-tables = 열린 방이 너무 많아요. 있는 방에 들어가거나 나중에 다시 해 보세요.
refusal-bad-board = 이 게임판은 쓸 수 없어요: { $detail }
refusal-bad-rules = 이 규칙은 쓸 수 없어요: { $detail }
refusal-bad-name = 이 이름은 쓸 수 없어요: { $detail }
refusal-bad-text = 이 메시지는 보낼 수 없어요: { $detail }
refusal-no-name = 말하기 전에 이름을 정해 주세요. 그래야 누가 말하는지 다른 사람들이 알 수 있어요.
refusal-talk-too-fast = 다른 사람들이 들을 수 있는 것보다 빨리 말하고 있어요. 잠시 기다렸다가 다시 말해 주세요.
refusal-network-talk-too-fast = 지금 같은 네트워크에서 여기서 말하는 사람이 너무 많아서 다른 사람들이 다른 소리를 들을 수 없어요. 잠시 기다렸다가 다시 말해 주세요.
refusal-bad-seats = 방을 이렇게 만들 수 없어요: { $detail }.
refusal-store-failed = 서버가 기록하지 못해서 실행되지 않았어요. 다시 해 보세요.
refusal-not-found = 이 주소에는 아무것도 없어요.
refusal-method-not-allowed = 이 주소는 그런 종류의 요청을 받지 않아요.
# $origin: the site whose page sent the request, as http://example.com.
refusal-bad-origin = { $origin } 페이지에서는 여기서 게임할 수 없어요. 이 서버의 주소에서 게임을 여세요.
# $address: where the server that serves the table now is reached (http://host:port).
refusal-moved = 이제 이 테이블은 { $address } 서버가 맡고 있어요. 그쪽으로 옮겨 가요.
refusal-quarantined = 이 테이블에서는 게임을 할 수 없어요. 서버 데이터베이스에 있는 기록이 손상되었어요. 서버 관리자에게 알렸어요.
refusal-unknown-locale = 여기에는 { $locale } 언어가 없어요. 쓸 수 있는 언어: { $available }.
refusal-already-seated = 이 방에 이미 자리가 있어요.
refusal-too-many-open-tables = 내 주소나 네트워크에서 연 방이 너무 많아요. 그중 한 방에서 게임하거나, 방이 하나 닫힌 뒤에 다시 해 보세요.

## What exactly was wrong ($detail above), for the problems the server puts in words. They
## follow a colon. $seat counts from 0 here, as in the protocol. A name is quoted (‘…’) and
## followed by 이름은, so no particle hangs on the name itself.

detail-name-empty = 이름에는 글자가 하나 이상 있어야 해요
detail-name-too-long = 이름은 최대 { $max }자까지 쓸 수 있어요
detail-name-control = 이름에 제어 문자를 넣을 수 없어요
# $code: the character's code point, as U+200B.
detail-name-character = 이름에 { $code } 문자를 넣을 수 없어요. 보이지 않거나 다른 문자와 구별되지 않는 문자예요
detail-name-reserved = ‘{ $name }’ 이름은 봇 전용이에요
# The word is the one the sentences use for the listener (status.ftl, `you`): 나.
detail-name-you = ‘{ $name }’ 이름은 안내 문장에서 플레이어 자신을 가리키는 ‘나’로 들려요
detail-name-number = ‘{ $name }’ 이름은 안내 문장에서 숫자로 들려요
detail-name-taken = ‘{ $name }’ 이름은 이미 이 방에 있어요
detail-name-game-word = ‘{ $name }’ 이름에는 안내 문장에 쓰이는 말 ‘{ $word }’ 부분이 있어서 문장의 일부처럼 들려요
detail-name-mark = ‘{ $name }’ 이름에는 안내 문장이 부분을 나눌 때 쓰는 ‘{ $mark }’ 기호가 있어요
detail-name-joins = ‘{ $name }’ 이름에는 두 이름을 잇는 ‘{ $word }’이(가) 있어서 두 플레이어처럼 들려요
detail-name-taken-lobby = ‘{ $name }’ 이름은 이미 로비에서 쓰고 있어요
detail-text-empty = 메시지에는 글자가 하나 이상 있어야 해요
detail-text-too-long = 메시지는 최대 { $max }자까지 쓸 수 있어요
detail-text-control = 메시지는 한 줄이어야 해요. 줄바꿈이나 다른 제어 문자를 넣을 수 없어요
detail-text-character = 메시지에 { $code } 문자를 넣을 수 없어요. 보이지 않거나 다른 문자와 구별되지 않는 문자예요
detail-text-frame = 메시지에 ‘{ $frame }’ 부분을 넣을 수 없어요. 다른 사람이 말하는 것처럼 들려요
# $highest: the table's last seat.
detail-no-such-seat = 이 방의 자리 번호는 0부터 { $highest }까지예요. { $seat }번 자리는 없어요
detail-no-bot = { $seat }번 자리에는 봇이 없어요
detail-no-person = { $seat }번 자리에는 내보낼 사람이 없어요
detail-remove-yourself = 방장은 자신을 내보내지 않고 나가기로 방을 떠나요
detail-seat-count = 방의 자리는 2개에서 4개까지예요. { $seats }개는 안 돼요
detail-too-many-bots = 자리가 { $seats }개인 방에 봇 { $bots }명을 넣으면 내 자리가 남지 않아요
detail-protocol = 프로토콜 버전이 맞지 않아요(서버 { $server }, 페이지 { $client }). 페이지를 새로 고치세요
detail-board-too-large = 이 서버는 최대 { $max }칸짜리 게임판까지 써요. { $squares }칸은 너무 커요
detail-slow-body = 요청 본문이 제때 도착하지 않았어요
detail-not-websocket = 이 주소는 WebSocket 연결만 받아요
detail-binary-frame = 바이너리 프레임은 프로토콜에 없어요. JSON 텍스트로 보내세요
# The board page's analysis could not be made: the server failed, not the board.
detail-analysis-failed = 분석하지 못했어요. 다시 해 보세요

## Names heard inside the game's sentences (names.rs).

# 게임 안내 문장에 나오지만 이름에 써도 되는 말(이름의 단어를 잇기만 하는 말). 띄어 써서 나열하고, 없으면 {""}.
name-glue-words = {""}
# 안내 문장이 듣는 사람을 가리킬 때 쓰는 말. 띄어 써서 나열.
name-you-words = 나 내 나를 내가 나의 당신 너 네
# The words that join two names ("and"): a name holding one between two of its parts is heard as
# two players and refused (Korean particles such as 와 and 과 count at the end of a word).
# Separated by spaces.
name-and-words = 및 와 과 하고 그리고

## 운영 관련 거절 (docs/serve.md, "Moderation").

refusal-not-moderator = 운영자만 할 수 있어요.
refusal-bad-key = 운영자의 이름과 키가 아니에요.
refusal-silenced = 운영자가 { $until } UTC까지 대화를 막았어요.{ $why ->
    [none] {""}
   *[given] {" "}사유: { $reason }
}
refusal-banned = 운영자가 { $until } UTC까지 이 서버 이용을 막았어요. 사유: { $reason }
refusal-no-such-person = 여기에 { $name } 님은 없어요.
refusal-no-such-message = 여기에 { $n }번 메시지는 없어요.
refusal-no-such-entry = { $id }번은 적용 중인 조치나 기다리는 신고가 아니에요.
refusal-bad-span = { $unit ->
    [minutes] 대화 금지는 1분에서 { $most }분까지예요.
   *[hours] 차단은 1시간에서 { $most }시간까지예요.
}
refusal-no-reason = 사유를 적어 주세요. 당사자에게 전해지고 운영자들이 읽어요.

## 회원 관련 거절 (docs/protocol.md, "Members").

refusal-name-taken = 이미 있는 이름이에요: “{ $name }”. 회원의 이름이거나 회원의 이름과 똑같이 읽혀요. 다른 이름을 골라 주세요.
refusal-name-held = 회원의 이름이라 쓸 수 없어요: “{ $name }”. 그 회원으로 로그인하거나 다른 이름을 골라 주세요.
refusal-bad-sign-in = 그 이름과 비밀번호에 맞는 계정이 없어요.
refusal-bad-password = 비밀번호는 { $min }자에서 { $max }자까지이고, 계정 이름과 달라야 해요.
refusal-too-many-sign-ins = 로그인 시도가 너무 많아요. 1분 뒤에 다시 해 주세요.
refusal-not-signed-in = 먼저 로그인해 주세요. 회원만 할 수 있어요.
refusal-not-a-member = 회원만 차단할 수 있어요. 이 이름의 계정은 없어요: “{ $name }”.
refusal-block-yourself = 내 계정은 차단할 수 없어요.
refusal-not-open-to-you = 이 테이블에는 앉을 수 없어요. 다른 테이블을 골라 주세요.
refusal-bad-passkey = 그 패스키를 확인할 수 없었어요. 다시 해 보거나 다른 패스키를 써 주세요.
refusal-last-passkey = 그 패스키가 로그인할 유일한 방법이에요. 먼저 다른 패스키를 추가해 주세요.

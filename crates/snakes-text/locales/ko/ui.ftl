## The fixed words of the board page: headings, labels, buttons and short notices. None takes
## an argument: the server writes them into the page, and hands them to its scripts as they are
## (words that depend on the game come with the game, from page.ftl). Every id begins "ui-".
## Korean: buttons and labels are nouns or -기 forms (방 만들기), notices polite 해요체.

ui-title = 뱀과 사다리
ui-skip = 본문으로 건너뛰기
ui-language = 언어
ui-language-go = 바꾸기
ui-language-hint = 화살표로 언어를 고르고, Enter나 바꾸기를 누르면 그 언어로 페이지를 열어요.
ui-connecting = 연결하는 중…
ui-connected = 연결됐어요.
ui-connection-lost = 연결이 끊어졌어요. 다시 연결하는 중…
ui-server-restarting = 서버가 다시 시작하는 중이에요. 다시 연결하는 중…
ui-server-full = 서버가 가득 차서 이 페이지의 자리를 새로 온 사람에게 내줬어요. 잠시 후에 다시 연결할게요.
ui-help-more = 다른 키 %count%개는 기록에 한 줄씩 있어요. 마침표로 다음 줄을, 쉼표로 이전 줄을 읽어요.
# Said at once for a key pressed, or a form sent, while the page has no connection.
ui-not-connected = 연결되지 않았어요. 다시 연결하는 중이니 잠시 후 다시 해 보세요.

## The lobby.

ui-intro = 사람과 봇이 2명에서 4명까지 함께 뱀과 사다리를 해요. 키보드로도, 귀로도, 눈으로도 할 수 있고, 모든 움직임을 말로 알려 줘요. 아래에서 방에 들어가거나 관전하고, 내 방을 만들 수도 있어요. 목록은 저절로 새로 고쳐져요.
ui-tables = 방 목록
ui-col-table = 방
ui-col-seats = 자리
ui-col-actions = 동작
ui-no-tables = 아직 방이 없어요. 아래에서 만들어 보세요.
ui-older-tables = 이전 방
ui-newer-tables = 최근 방
ui-new-table = 새 방
ui-your-name = 내 이름
ui-board = 게임판
ui-board-classic = 클래식 (가로세로 10칸, 사다리 9개, 뱀 10개)
ui-board-custom = 게임판 붙여넣기: LeetCode 격자, 또는 JSON이나 TOML로 쓴 배치
ui-board-text = 게임판 텍스트
ui-board-hint = [[-1,-1],[-1,4]] 같은 격자(0번 줄이 맨 위), 또는 크기와 사다리, 뱀을 적은 배치.
# $size and $limit: kilobytes (1024 bytes), whole numbers.
ui-board-too-large = 이 게임판은 보낼 때 { $size }KB예요. 이 서버는 { $limit }KB까지의 게임판만 받아요.
ui-rules = 규칙
ui-seats = 자리 수
ui-bots = 봇 수
ui-bots-hint = 봇은 바로 자리를 채워요. 내 자리는 적어도 하나 남아요.
ui-create = 방 만들기

## The table's page.

ui-game = 게임
ui-key-roll = 굴리기 ({ -key-roll })
ui-key-positions = 위치 ({ -key-positions })
ui-key-turn = 차례 ({ -key-turn })
ui-key-scores = 순위 ({ -key-scores })
ui-key-detailed = 자세한 기록 ({ -key-detailed-scores })
ui-key-look = 미리 보기 ({ -key-look-ahead })
ui-key-square = 칸 보기 ({ -key-square })
ui-key-help = 도움말 ({ -key-help })
ui-sr-hint = 스크린 리더를 쓸 때: 포커스가 게임 버튼에 있으면, 스크린 리더가 키를 넘겨 주는 한 키가 작동해요. 그래도 스크린 리더가 키에 직접 답하면(R을 누르면 라디오 버튼이 더 없다고 말하면) 포커스 모드로 바꾸세요. Orca는 Insert+A, NVDA는 Insert+Space, JAWS는 Insert+Z예요.
# The field G opens: a square's number, then Enter.
ui-square-label = 볼 칸 번호
ui-square-hint = 번호를 입력하고 Enter를 누르세요. 비워 두면 내 칸이에요(구경 중이면 굴릴 차례인 사람의 칸). Esc를 누르면 게임 버튼으로 돌아가요.
ui-square-ask = 묻기
ui-square-not-number = 칸 번호를 숫자로 입력하세요. 내 칸(구경 중이면 굴릴 차례인 사람의 칸)을 보려면 비워 두세요.
ui-start = 게임 시작
ui-add-bot = 봇 추가
ui-fill-bots = 빈자리를 봇으로 채우기
# The label of the group of the host's buttons that remove a bot, each named by its bot.
ui-remove-bot = 봇 내보내기
ui-players = 플레이어
ui-col-player = 플레이어
ui-col-seat = 자리
ui-col-square = 칸
ui-col-to-go = 남은 칸
ui-join-name = 자리에 앉을 이름
ui-join = 자리에 앉기
ui-leave = 자리에서 일어나기
ui-leave-waiting = 자리에서 일어날까요? 다른 사람이 앉을 수 있게 되고, 빈자리에는 다시 앉을 수 있어요.
ui-leave-playing = 자리에서 일어날까요? “내 자리로 돌아가기”({ -key-come-back })로 돌아올 때까지 봇이 대신 플레이해요.
ui-leave-yes = 일어나기
ui-leave-no = 그대로 있기
ui-come-back = 내 자리로 돌아가기
# At the end of a game: a new table with the same board, rules, seats and bots, hosted by you.
ui-play-again = 한 판 더 하기
ui-settings = 설정
ui-brief = 짧은 안내
ui-sounds = 소리
ui-volume = 음량
ui-sounds-hint = 주사위, 칸마다, 사다리, 뱀, 내 차례, 우승 때 짧은 소리가 나요. 말로 하는 안내는 그대로예요.
# How much is said of the other players' moves (the history keeps every one).
ui-others = 다른 플레이어의 움직임
ui-others-full = 움직일 때마다 모두
ui-others-brief = 내 차례가 오면 한 줄로
ui-others-jumps = 사다리, 뱀, 잡기, 우승만
ui-others-hint = 관전할 때는 앞의 두 가지 모두 움직임을 하나하나 들려줘요. 기록에는 모든 움직임이 남아요.
# The page's own voice (the browser's speech), for phones whose screen readers skip announcements.
ui-voice = 페이지 자체 음성
ui-voice-hint = 페이지가 모든 안내를 브라우저의 음성으로 차례대로 직접 읽어 줘요. 스크린 리더가 안내를 건너뛸 수 있는 휴대폰용이에요(이 음성만 들으려면 스크린 리더의 음성을 줄이세요). 키를 누르면 읽던 말을 멈춰요.
ui-voice-rate = 음성 속도
ui-voice-name = 음성
ui-voice-default = 브라우저 기본 음성
# Said by the page's voice when it is switched on or changed.
ui-voice-sample = 페이지 음성이 켜졌어요.
ui-board-words = 말로 설명한 게임판
ui-history = 기록
ui-history-hint = 게임 버튼에서 [ 와 ] 로 기록의 버퍼(전체, 게임, 대화, 답변)를 고르고, 쉼표와 마침표로 그 버퍼를 앞뒤로 한 줄씩 번호와 함께 다시 읽어요. Shift+쉼표와 Shift+마침표는 처음 줄과 마지막 줄을, 작은따옴표는 마지막 줄을 다시 읽어요.
ui-start-square = 출발
# Under the board: the dice's commitment (a SHA-256 hash follows), and once the game is over a
# link to the game's record. 봉인값: the sealed value that fixes the dice before the game.
ui-dice-commitment = 주사위 봉인값 (주사위 키의 SHA-256):
ui-game-commitment = 게임 봉인값 (그 키와 이 방의 판, 규칙, 자리, 플레이어를 합한 SHA-256):
ui-dice-verify = 주사위 검증하기
ui-dice-verify-how = (기록을 저장한 다음 snakes verify로 확인하세요.)

## How long a game lasts here.

ui-analysis = 여기서 게임은 얼마나 걸릴까요
ui-measuring = 이 게임판을 측정하는 중…
ui-analysis-failed = 수치를 계산하지 못했어요.
ui-analysis-caption = 도착 규칙별로 한 사람이 완주하는 데 필요한 턴 수와 이 방의 게임 라운드 수
ui-analysis-ending = 도착 규칙
ui-analysis-expected = 예상 턴 수
ui-analysis-median = 중앙값
ui-analysis-p90 = 90번째 백분위수
ui-analysis-rounds = 이 방의 예상 라운드 수
ui-analysis-games = 여기서 끝난 게임
ui-analysis-mean = 실제 평균 라운드 수
ui-analysis-in-force = 적용 중
ui-analysis-figures = 도착 규칙별 수치
ui-chart-title = t턴까지 완주했을 확률, 도착 규칙마다 선 하나
ui-chart-turns = 턴
ui-chart-finished = 완주
ui-chart-legend = 한 사람이 각 턴까지 완주했을 확률:
ui-chart-data = 차트의 수치를 표로 보기
ui-chart-data-caption = 한 사람이 t턴까지 완주했을 확률
ui-chart-turn = 턴

## 말하기: 방과 로비의 메시지 입력란.

ui-key-talk = 말하기 (/)
ui-talk-label = 여기 있는 모두에게 말하기
ui-talk-hint = 페이지 어디서든 슬래시(/)를 누르면 여기로 와요. Enter는 보내고 원래 자리로 돌아가고, Escape는 보내지 않고 돌아가요. 한 줄짜리 일반 텍스트로 300자까지 쓸 수 있어요.
ui-talk-send = 보내기
ui-talk-name = 누가 말하는지 다른 사람들이 알 수 있게 쓸 이름
ui-lobby-talk = 로비에서 말하기
ui-lobby-said = 로비에서 나온 말
ui-key-who = 여기 누가 있나 ({ -key-who })

## 키로 하는 방의 동작과 여기 있는 사람들.

ui-sounds-on = 소리를 켰어요.
ui-sounds-off = 소리를 껐어요.
ui-volume-now = 음량 { $volume }.
ui-no-bot = 이 방에는 봇이 없어요.
ui-people = 여기 있는 사람들
ui-people-hint = 누군가의 말을 나에게만 들리지 않게 하거나 운영자에게 신고해요. 로그인한 회원은 다른 회원을 어디서나 차단할 수 있어요. 방장은 사람을 방에서 내보낼 수 있고(게임 중에는 봇이 그 자리에서 플레이해요), 운영자는 대화를 막거나 차단할 수 있어요. Escape로 게임으로 돌아가요.
ui-people-empty = 아직 자리에 앉았거나 말을 한 다른 사람이 없어요.
ui-mute = { $name } 님 음소거
ui-remove-person = { $name } 님을 방에서 내보내기
ui-muted-now = 이제 { $name } 님의 말이 들리지 않아요.
ui-unmuted-now = 다시 { $name } 님의 말이 들려요.
ui-choose-table = 먼저 [ 와 ] 로 방을 골라 주세요.

## 운영: 운영자가 로그인해 누군가에게 조치하고 목록을 살펴봐요. 누구나 운영자에게 신고할 수 있어요.

ui-mod-sign-in = 운영자 로그인
ui-mod-sign-in-title = 운영자로 로그인하기
ui-mod-name = 운영자 이름
ui-mod-key = 운영자 키
ui-mod-key-hint = 서버 관리자가 준 키예요. 이 탭을 닫을 때까지만 기억해서, 페이지를 새로 고쳐도 다시 로그인해요.
ui-mod-sign-in-go = 로그인
ui-mod-sign-in-needed = 운영자 이름과 키를 입력해 주세요.
ui-cancel = 취소
ui-mod-open = 운영({ -key-moderation })
ui-mod-title = 운영
ui-mod-hint = 목록은 여기에 한 줄씩, 할 수 있는 조치와 함께 나와요. Escape로 돌아가요.
ui-mod-sanctions = 대화 막기와 차단
ui-mod-reports = 신고
ui-mod-log = 운영 기록
ui-mod-older = 이전 기록
ui-mod-lift = 해제하기
ui-mod-handled = 처리 완료
ui-mod-silence-someone = 대화 막기
ui-mod-ban-someone = 차단하기
ui-mod-close-table = 이 방 닫기
ui-mod-close-reason = 닫는 이유(방에 있는 사람들에게 알려요)
ui-mod-close-go = 방을 영영 닫기
ui-mod-back = 돌아가기
ui-mod-remove-question = { $number }번 메시지를 지울까요? { $text }
ui-mod-remove-go = 지우기
ui-mod-nothing-to-remove = 아직 여기서 아무도 말하지 않았어요.
ui-mod-silence-title = 모든 대화에서 말 막기
ui-mod-ban-title = 서버에서 차단하기
ui-mod-person = 이름(대화하거나 게임할 때 쓰는 이름)
ui-mod-for = 기간
ui-mod-10-minutes = 10분
ui-mod-an-hour = 1시간
ui-mod-a-day = 하루
ui-mod-a-week = 1주일
ui-mod-30-days = 30일
ui-mod-ban-what = 차단할 대상
ui-mod-ban-name = 이름
ui-mod-ban-address = 마지막으로 접속한 주소
ui-mod-ban-network = 그 주소가 속한 네트워크
ui-mod-reason = 이유(상대에게 알려요)
ui-mod-reason-optional = 이유(상대에게 알려요. 비워 둬도 돼요)
ui-mod-reason-needed = 이유를 입력해 주세요. 차단된 사람에게 알려요.
ui-mod-name-needed = 상대의 이름을 입력해 주세요.
ui-mod-silence-go = 대화 막기
ui-mod-ban-go = 차단
ui-mod-silence-10 = { $name } 님 10분 동안 대화 막기
ui-mod-silence-60 = { $name } 님 1시간 동안 대화 막기
ui-mod-silence-day = { $name } 님 하루 동안 대화 막기
ui-mod-ban-person = { $name } 님 차단하기…
ui-report-person = { $name } 님 신고하기
ui-block-person = { $name } 님 차단하기
ui-unblock-person = { $name } 님 차단 풀기
ui-report-title = { $name } 님을 운영자에게 신고하기
ui-report-reason = 무슨 일이 있었는지
ui-report-go = 신고 보내기
ui-report-reason-needed = 무슨 일이 있었는지 적어 주세요. 운영자가 읽어요.
ui-banned = 운영자가 이 서버에서 나를 차단했어요.

## 회원: 계정이 있으면 이름을 한 사람만 쓸 수 있고, 로그인하는 모든 기기에 설정이 따라가요.
## 게임하는 데 계정은 없어도 돼요.

ui-account-sign-in = 로그인
ui-account-title = 로그인하거나 계정 만들기
ui-account-hint = 계정이 있으면 내 이름을 나만 쓸 수 있고, 설정이 로그인하는 모든 기기에 그대로 따라가요. 계정 없이도 게임할 수 있어요.
ui-account-name = 이름
ui-account-password = 비밀번호
ui-account-password-hint = 새 계정이라면 8자에서 128자 사이로, 이름과 같지 않게 정해 주세요.
ui-account-create = 계정 만들기
ui-account-needed = 이름과 비밀번호를 입력해 주세요.
ui-account-signed-in = { $name } 님으로 로그인함
ui-account-welcome = { $name } 님으로 로그인했어요. 설정도 함께 따라와요.
ui-account-created = 계정을 만들었어요. { $name } 님으로 로그인했어요. 이제 이 이름은 나만 쓸 수 있어요.
ui-account-sign-out = 로그아웃
ui-account-sign-out-everywhere = 모든 기기에서 로그아웃
ui-account-export = 내 데이터 내려받기
ui-account-delete = 계정 삭제
ui-account-blocked = 차단한 사람:
ui-account-signed-out = 로그아웃했어요. 설정은 이 브라우저에 그대로 남아요.
ui-account-signed-out-everywhere = 모든 기기에서 로그아웃했어요.
ui-account-delete-question = { $name } 계정을 영영 삭제할까요? 이름은 누구나 쓸 수 있게 되고, 설정과 게임 목록도 지워져요. 지난 게임에는 그때 쓴 이름이 그대로 남아요.
ui-account-delete-password = 확인을 위해 비밀번호를 입력해 주세요
ui-account-delete-go = 영영 삭제하기
ui-account-deleted = { $name } 계정을 삭제했어요. 이제 계정 없이 게임해요.
ui-account-ended = 로그아웃되었어요. 다른 기기에서 모든 기기 로그아웃을 했거나, 로그인한 지 30일이 지났어요.
ui-account-unreachable = 서버가 응답하지 않았어요. 잠시 후 다시 해 보세요.
# 회원의 게임 (account.js, games.js): 끝난 게임 목록, 수치, 한 단계씩 들려주는 게임 다시 보기.
ui-games-open = 내 게임
ui-games-title = 내 게임
ui-games-figures = 한 게임: { $played }. 이긴 게임: { $won }.
ui-games-figure = { $board } { $rules } 한 게임: { $played }. 이긴 게임: { $won }.
ui-games-list = 끝난 게임, 최근 것부터
ui-games-none = 아직 끝난 게임이 없습니다.
# same-as-en
ui-games-game = { $date }: { $outcome }
ui-games-details = { $board } { $rules } 자리: { $seats }.
ui-games-turns = 차례 수: { $turns }.
ui-games-close = 닫기
ui-games-more = 게임 더 보기
ui-games-record = { $table }번 테이블의 기록
ui-games-record-hint = 게임 기록에는 주사위가 담겨 있습니다. snakes verify 명령으로 확인할 수 있습니다.
ui-games-loading = 게임을 읽는 중…
ui-replay-title = { $table }번 테이블 다시 보기
ui-replay-keys = 마침표는 다시 보기의 다음 단계를, 쉼표는 이전 단계를 말합니다. Escape로 닫습니다.
ui-replay-opened = { $table }번 테이블 다시 보기: { $steps }단계. 마침표를 누르면 첫 단계를 말합니다.
ui-replay-next = 다음 단계
ui-replay-back = 이전 단계
ui-replay-close = 다시 보기 닫기
ui-replay-end = 다시 보기의 끝입니다.
ui-replay-start = 다시 보기의 처음입니다.

## 패스키: 비밀번호 대신 기기 잠금(지문, 얼굴, PIN)으로 로그인해요.
ui-account-passkey-sign-in = 패스키로 로그인
ui-account-passkey-create = 패스키로 가입하기
ui-account-passkey-hint = 패스키를 쓰면 비밀번호 대신 이 기기의 잠금(지문, 얼굴, PIN)으로 로그인해요. 패스키로 가입하려면 먼저 이름을 입력해 주세요.
ui-account-passkey-name-needed = 먼저 새 계정의 이름을 입력해 주세요.
ui-account-passkey-cancelled = 패스키를 쓰지 않았어요. 브라우저 창이 닫혔어요. 준비되면 다시 해 보세요.
ui-account-passkey-here-already = 이 기기에는 이미 내 계정의 패스키가 있어요. 다른 기기에서 추가해 주세요.
ui-account-passkey-failed = 그 패스키로는 로그인하지 못했어요. 다른 패스키나 이름과 비밀번호로 해 보세요.
ui-account-passkeys = 패스키
ui-account-passkeys-title = 내 패스키
ui-account-passkeys-none = 아직 패스키가 없어요.
ui-account-passkey-entry = { $label }, { $made }에 추가함, 마지막 사용 { $used }
ui-account-passkey-entry-unused = { $label }, { $made }에 추가함, 아직 쓰지 않음
ui-account-passkey-remove = { $label } 삭제
ui-account-passkey-add = 패스키 추가
ui-account-passkey-added = 패스키를 추가했어요. 이제 이 패스키로 로그인할 수 있어요.
ui-account-passkey-removed = 패스키를 삭제했어요: { $label }.
ui-close = 닫기
ui-account-delete-passkey = 이 계정에는 비밀번호가 없어요. 패스키 중 하나로 확인해 주세요.

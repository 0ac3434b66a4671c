## The keys, for H or ?. Key names stay as on the keyboard; Space is 스페이스.

help-intro = 키 안내:
help-roll = { -key-roll } 또는 스페이스: 주사위 굴리기.
help-positions = { -key-positions }: 모든 말의 위치.
help-turn = { -key-turn }: 누구 차례인지.
help-scores = { -key-scores }: 순위 요약.
help-detailed = { -key-detailed-scores }: 자세한 기록.
help-look = { -key-look-ahead }: 굴릴 차례인 플레이어에게 주사위 눈마다 무슨 일이 생기는지.
help-square = { -key-square }, 칸 번호, Enter: 그 칸에 무엇이 있는지와 그다음 사다리와 뱀. { -key-square } 키와 Enter만 누르면 내 칸.
help-history = 쉼표와 마침표: 마지막으로 다시 들은 줄의 앞줄과 뒷줄. Shift+쉼표(<)와 Shift+마침표(>): 처음 줄과 마지막 줄.
help-repeat = { -key-repeat }: 마지막 안내를 다시 듣기.
help-help = { -key-help } 또는 ?: 이 키 안내.
help-come-back = { -key-come-back }: 내가 나간 뒤로 봇이 플레이하던 내 자리를 되찾기.
help-board = { -key-board }: 게임판을 글로 보기.
help-game = { -key-game }: 이 게임의 플레이어, 게임판, 규칙, 시드.
help-quit = { -key-quit }: 끝내기.
help-talk = 슬래시(/): 여기 있는 모두에게 말하기. Enter로 보내고 원래 자리로 돌아가고, Escape로 보내지 않고 돌아가요.
help-buffers = [ 와 ]: 기록의 이전 버퍼와 다음 버퍼(전체, 게임, 대화, 답변)로 이동하고 그 버퍼의 마지막 줄을 읽어요. 그다음 쉼표, 마침표, Shift+쉼표, Shift+마침표로 그 버퍼를 읽어요.
help-buffer-last = 작은따옴표('): 고른 버퍼의 마지막 줄을 다시 읽어요(로비에서는 로비 기록의 마지막 줄).
help-who = { -key-who }: 여기 누가 있는지: 자리마다 사람인지 봇인지, 연결되어 있는지, 누구 차례인지, 그리고 누가 관전하는지.
help-start = { -key-start }(방장, 시작 전): 게임 시작.
help-bots = { -key-add-bot } 키와 { -key-remove-bot }(방장, 시작 전): 봇 앉히기, 마지막에 앉힌 봇 빼기.
help-leave = { -key-leave }: 내 자리 떠나기(먼저 물어봐요. 게임 중에는 { -key-come-back } 키로 되찾을 때까지 봇이 대신 플레이해요).
help-people = { -key-people }: 여기 있는 사람들. 누군가의 말을 음소거하고, 로그인했으면 회원을 차단하고, 방장이면 누군가를 방에서 내보내요. Escape로 돌아가요.
help-sounds = 0: 소리 켜기/끄기. 빼기(-)와 등호(=): 소리 작게, 크게.
help-new-table = { -key-new-table }: 방 만들기 양식으로 가기.
help-tables = [ 와 ](로비에서): 목록의 이전 방과 다음 방을 그 줄 내용과 함께 읽어요. Enter로 열어요.
help-join = { -key-join }: 고른 방에 자리 잡기.
help-watch = { -key-watch }: 고른 방 관전하기.
help-moderation = { -key-moderation }(운영자): 운영 창. 지금 적용 중인 대화 막기와 차단, 신고, 운영 기록을 보고, 누군가의 대화를 막거나 차단하고, 방에서는 방을 닫아요. Escape로 돌아가요.
help-remove-message = { -key-remove-message }(운영자): 쉼표와 마침표로 마지막에 읽은 대화 메시지를 지워요(읽은 메시지가 없으면 마지막 메시지). 지우기 전에 물어봐요.
help-account = { -key-account }: 로그인하거나, 이름과 설정을 지켜 주는 계정을 만들어요. 로그인한 뒤에는 내 계정의 버튼으로 가요.

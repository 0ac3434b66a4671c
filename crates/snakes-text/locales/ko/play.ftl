## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you", 나).
play-default-name = 플레이어
# The built-in board's name in play-game's $board (a file's name is as typed).
play-board-classic = 클래식
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = 뱀과 사다리. 플레이어: { $players }. 게임판: { $board }, { $last }칸, 사다리 { $ladders }개, 뱀 { $snakes }개.
play-game-unnamed = 뱀과 사다리. 플레이어: { $players }. 게임판: { $last }칸, 사다리 { $ladders }개, 뱀 { $snakes }개.
# The first line of a game: $game is play-game.
play-opening = { $game } 도움말을 보려면 { -key-help } 키를 누르세요.
# $seed is text: seeds are too large for numbers.
play-seed = 시드 { $seed }: --seed { $seed } 옵션으로 이 게임을 다시 할 수 있어요.
play-unknown-key = 알 수 없는 키예요. 도움말을 보려면 { -key-help } 키를 누르세요.
play-quit-confirm = 게임을 끝낼까요? 끝내려면 Y, 계속하려면 다른 키를 누르세요.
play-go-on = 계속해요.
play-quit = 게임을 멈췄어요.
play-resumed = 주사위를 { $rolls }회 굴린 게임을 이어서 해요.
play-saved = { $path }에 저장했어요. 이어서 하려면: snakes play --resume { $path }
play-not-over = 게임이 끝나지 않은 채 여기서 멈춰요.
# After the sentence that tells the win.
play-game-over-keys = 순위는 { -key-scores } 키나 { -key-detailed-scores } 키, 나가려면 { -key-quit } 키를 누르세요.

## What is wrong with the options of snakes play, or with a save file. A name or a file is
## never followed by a particle: it comes before a noun (이름, 저장) or after a colon.

play-too-many-names = --players: 이름 { $names }개. 한 키보드는 1명에서 { $max }명까지 함께 쓸 수 있어요(플레이어를 더 늘리려면 --bots를 쓰세요)
play-bad-name = --players: { $name } 이름은 쓸 수 없어요: { $detail }
play-empty-name = --players: { $number }번째 이름이 비어 있어요("Ana,Bo"처럼 이름을 쉼표로 구분해 주세요)
play-too-few-players = 게임에는 플레이어가 두 명 이상 필요해요. --players로 이름을 하나 더 주거나 --bots 1을 더하세요
play-too-many-players = 플레이어 { $players }명: 게임은 최대 { $max }명까지 할 수 있어요
play-same-name = --players: { $name } 이름은 앞의 { $first } 이름과 같아요. 플레이어마다 다른 이름이 필요해요
play-endless = { $file }: { $warning }. 다른 게임판이나 다른 규칙을 고르세요
play-no-keys = 터미널에서 키를 읽을 수 없어요: { $detail }
save-not-a-file = { $path } 저장 실패: 일반 파일이 아니에요
save-cannot-write = { $path } 저장 실패: { $reason ->
    [not-found] 그런 파일이 없어요
    [no-folder] { $detail } 폴더가 없어요
    [denied] 권한이 없어요
    [directory] 디렉터리예요
   *[other] { $detail }
}
save-not-a-game = { $path }: 저장된 게임이 아니에요: { $detail }
save-wrong-version = { $path }: 이 버전의 저장 파일이 아니에요(kind { $kind }, version { $version }. 필요한 값: kind { $expected_kind }, version { $expected_version })
save-bad-board = 게임판: { $message }
save-bad-rules = 규칙: { $message }
save-first-changed = 시드 { $seed }에서는 { $drawn }번 자리가 먼저 시작해요. 파일에는 { $saved }번 자리. 파일이 바뀌었어요
save-roll-after-end = { $number }번째 굴림: 게임이 이미 끝났어요
save-roll-changed = { $number }번째 굴림: 파일에는 { $saved }, 시드 { $seed }에서는 { $drawn }. 파일이 바뀌었어요

## snakes join: a server's tables from the terminal. The server says the game's sentences; these
## are the program's own lines around them. $server is a page's address (http://host:8080/).

join-bad-address = { $address }은(는) 서버 주소가 아니에요. http://호스트:포트, https://호스트, 또는 http://호스트:8080/#/table/3 같은 방 페이지 주소를 주세요
join-bad-name = --name: { $name }은(는) 이름으로 쓸 수 없어요: { $detail }
join-connecting = { $server }에 연결하는 중이에요.
join-password = { $name } 님의 비밀번호:{" "}
join-no-password = --member에는 계정 비밀번호가 필요해요. { $variable }을(를) 설정하거나, 터미널에서 snakes join을 실행하면 물어봐요.
join-sign-in-failed = --member: { $name } 님으로 로그인할 수 없어요: { $why }
join-signed-in = { $name } 님으로 로그인했어요.
join-connected = { $server }에 연결됐어요.
# $reason: the system's words, in English.
join-cannot-connect = { $server }에 연결할 수 없어요({ $reason }). 다시 시도할게요.
join-lobby = { $count ->
        [0] 아직 방이 없어요.
       *[other] { $more ->
            [yes] 최근 방 { $count }개가 있고, 그 뒤에 더 오래된 방들이 있어요.
           *[no] 방이 { $count }개 있어요.
        }
    } { -key-new-table } 키로 방을 만들고, [ 와 ] 로 목록을 살피고, { -key-join } 키로 자리에 앉고, { -key-watch } 키나 Enter로 구경해요. 모든 키는 { -key-help } 키로 들을 수 있어요.
join-no-tables = 아직 방이 없어요. { -key-new-table } 키로 방을 만들 수 있어요.
join-seated = { $table }번 방: { $seat }번 자리에 앉았어요. 방장이 게임을 시작해요.
join-seated-host = { $table }번 방: 내가 방장이고 { $seat }번 자리예요. { -key-add-bot } 키로 봇을 앉히고, { -key-start } 키로 게임을 시작해요.
join-ask-name = 이름을 입력하고 Enter를 누르세요(Escape: 나중에):
join-ask-seats = 자리 수를 2에서 4 사이로 입력하고 Enter를 누르세요(Enter만 누르면 2):
join-ask-bots = 그중 봇 수를 0에서 { $most } 사이로 입력하고 Enter를 누르세요(Enter만 누르면 없음):
join-ask-rules = 규칙을 입력하고 Enter를 누르세요(Enter만 누르면 기본 규칙, 다른 규칙은 snakes rules로 볼 수 있어요):
join-ask-talk = 여기 있는 모두에게 할 말을 입력하고 Enter를 누르세요(Escape: 나중에):
join-cancelled = 아무것도 보내지 않았어요.
join-bad-number = { $value }은(는) { $min }에서 { $max } 사이의 숫자가 아니에요.
# Y is the key the program reads, whatever the language.
join-quit-confirm = 끝낼까요? 자리는 그대로 남아요. snakes join을 다시 실행하면 되찾을 수 있어요. 끝내려면 Y, 계속하려면 다른 키를 누르세요.
join-leave-confirm = 자리를 떠날까요? 떠나려면 Y, 남으려면 다른 키를 누르세요.
join-go-on = 그대로 있어요.

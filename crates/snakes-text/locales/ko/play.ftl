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

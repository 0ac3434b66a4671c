## The terminal game (`snakes play`): its opening, its keys and how it stops.

# The name of the one person playing when --players gives none (said as "you", 나).
play-default-name = 플레이어
# Who plays and on what board, said at the start and by the I key. $players is a list.
play-game = 뱀과 사다리. 플레이어: { $players }. 게임판: { $board }, { $last }칸, 사다리 { $ladders }개, 뱀 { $snakes }개.
play-game-unnamed = 뱀과 사다리. 플레이어: { $players }. 게임판: { $last }칸, 사다리 { $ladders }개, 뱀 { $snakes }개.
# The first line of a game: $game is play-game.
play-opening = { $game } 도움말을 보려면 H를 누르세요.
# $seed is text: seeds are too large for numbers.
play-seed = 시드 { $seed }: --seed { $seed } 옵션으로 이 게임을 다시 할 수 있어요.
play-unknown-key = 모르는 키예요. 도움말을 보려면 H를 누르세요.
play-quit-confirm = 게임을 끝낼까요? 끝내려면 Y, 계속하려면 다른 키를 누르세요.
play-go-on = 계속해요.
play-quit = 게임을 멈췄어요.
play-resumed = 주사위를 { $rolls }회 굴린 게임을 이어서 해요.
play-saved = { $path }에 저장했어요. 이어서 하려면: snakes play --resume { $path }
play-not-over = 게임이 끝나지 않은 채 여기서 멈춰요.
# After the sentence that tells the win.
play-game-over-keys = 순위는 S나 Shift+S, 나가려면 Q를 누르세요.

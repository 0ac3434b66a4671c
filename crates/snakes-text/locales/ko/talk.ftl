## 방과 로비에서 사람들이 하는 말(talk.rs). 모든 메시지는 누가 말했는지 밝히는 틀 안에서
## 읽히고, 어떤 이름이나 메시지도 이 틀을 흉내 낼 수 없어요. $text는 입력한 그대로의 메시지이며
## 번역하지 않아요.

talk-said = { $you ->
    [you] 내 말: { $text }
   *[other] { $role ->
        [watcher] 관전 중인 { $name } 님의 말: { $text }
       *[player] { $name } 님의 말: { $text }
    }
}

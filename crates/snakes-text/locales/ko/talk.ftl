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

## W: 여기 누가 있는지.

who-seat = { $seat }번 자리: { $label }.
who-watching = 관전 중: { $names }.
who-watching-and-unnamed = 관전 중: { $names }, 그리고 이름 없는 사람 { $unnamed }명.
who-watching-unnamed = 관전 중: 이름 없는 사람 { $unnamed }명.
who-watching-nobody = 관전하는 사람이 없어요.

watcher-came = { $name } 님이 관전하고 있어요.
watcher-went = { $name } 님이 관전을 그만뒀어요.

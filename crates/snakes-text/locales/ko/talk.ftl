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


## 듣는 사람에게 보내지 않은 메시지: 대화하지 않는 사람들의 메시지는 1초에 몇 개만 보내요
## (대화하는 사람들과 같은 테이블의 플레이어 메시지는 항상 보내요). $name: 첫 메시지를 보낸
## 사람, $others: 그 밖에 보낸 사람 수, $count: 메시지 수.
talk-unheard = { $others ->
    [0] { $name } 님이 메시지 { $count }개를 더 보냈어요.
   *[other] { $name } 님 외 { $others }명이 메시지 { $count }개를 더 보냈어요.
}
# 누가 보냈는지 모를 때(듣는 사람이 뒤처졌을 때).
talk-missed = 메시지 { $count }개를 보내 드리지 못했어요. 한꺼번에 너무 많았어요.

## W: 여기 누가 있는지.

who-seat = { $seat }번 자리: { $label }.
who-watching = 관전 중: { $names }.
who-watching-and-unnamed = 관전 중: { $names }, 그리고 이름 없는 사람 { $unnamed }명.
who-watching-unnamed = 관전 중: 이름 없는 사람 { $unnamed }명.
who-watching-nobody = 관전하는 사람이 없어요.

watcher-came = { $name } 님이 관전하고 있어요.
watcher-went = { $name } 님이 관전을 그만뒀어요.
# Said once someone has said more messages than a listener can follow: the page keeps them in
# the Talk buffer without a word until they stop, then says how many ($count is at least 2).
talk-more = { $name } 님이 메시지를 { $count }개 더 보냈어요. [ 와 ] 로 대화 버퍼를 골라 읽을 수 있어요.

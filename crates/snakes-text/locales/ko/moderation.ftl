## 운영 (docs/serve.md, "Moderation"): 운영자가 듣는 말, 운영자의 조치를 받은 사람이 듣는 말,
## 운영자가 읽는 목록. $until, $when: UTC 날짜와 시각.

mod-signed-in = 이제 { $name } 님은 운영자예요. { $reports ->
    [0] 기다리는 신고가 없어요.
   *[other] 기다리는 신고가 { $reports }건 있어요.
}
mod-silenced = { $name } 님은 { $until } UTC까지 모든 대화에서 말할 수 없어요.
mod-banned = { $scope ->
    [address] { $name } 님의 주소 { $network } 은(는) { $until } UTC까지 차단됐어요.
    [network] { $name } 님의 네트워크 { $network } 은(는) { $until } UTC까지 차단됐어요.
   *[name] { $name } 이라는 이름은 { $until } UTC까지 차단됐어요.
}
mod-lifted = { $id }번을 해제했어요.
mod-removed = { $n }번 메시지를 지웠어요.
mod-closed = { $table }번 방을 닫았어요.
mod-handled = { $id }번 신고를 처리했어요.
mod-report-came = 새 신고: { $by } 님이 { $name } 님을 신고했어요. 사유: { $reason }
mod-message-removed = 운영자가 지운 메시지예요.
mod-reported = { $name } 님에 대한 신고가 운영자에게 전달됐어요.

notice-silenced = 운영자가 { $until } UTC까지 대화를 막았어요.{ $why ->
    [none] {""}
   *[given] {" "}사유: { $reason }
}
notice-banned = 운영자가 { $until } UTC까지 이 서버 이용을 막았어요. 사유: { $reason }
notice-unsilenced = 대화 금지가 끝났어요. 다시 말할 수 있어요.

mod-list-sanctions = { $count ->
    [0] 적용 중인 대화 금지나 차단이 없어요.
   *[other] 적용 중인 대화 금지와 차단이 { $count }건 있어요.
}
mod-list-reports = { $count ->
    [0] 기다리는 신고가 없어요.
   *[other] 기다리는 신고가 { $count }건 있어요.
}
mod-list-log = { $count ->
    [0] 기록이 비어 있어요.
   *[other] 운영 기록이에요. 최근 것부터 읽어요.{ $more ->
        [yes] {" "}다음 페이지에 더 오래된 기록이 있어요.
       *[no] {""}
    }
}
mod-line-silence = { $id }번: { $whom }, { $until } UTC까지 대화 금지, 조치한 사람 { $by }.{ $why ->
    [none] {""}
   *[given] {" "}사유: { $reason }
}
mod-line-ban = { $id }번: { $whom }, { $until } UTC까지 차단, 조치한 사람 { $by }. 사유: { $reason }
mod-line-report = { $id }번 신고, { $when } UTC, { $place ->
    [lobby] 대기실
   *[table] { $table }번 방
}: { $by } 님이 { $name } 님을 신고했어요. 사유: { $reason }. { $count ->
    [0] 그곳에서 한 말이 없어요.
   *[other] 마지막 메시지 { $count }개: { $said }
}
mod-line-log = { $when } UTC: { $by }, { $action ->
    [silence] { $whom } 대화 금지, { $until } UTC까지
    [ban] { $whom } 차단, { $until } UTC까지
    [lift] { $whom } 해제
    [remove] { $whom } 삭제
    [close] { $whom } 닫음
    [grant] { $whom } 님을 운영자로 지정
    [revoke] { $whom } 님의 운영자 권한 회수
    [handle_report] { $whom } 처리
   *[other] { $action } { $whom }
}.{ $why ->
    [none] {""}
   *[given] {" "}사유: { $reason }
}
mod-whom-message = { $place ->
    [lobby] 대기실에서
   *[table] { $table }번 방에서
} { $name } 님이 한 { $n }번 메시지 "{ $text }"
mod-whom-table = { $table }번 방
mod-whom-report = { $id }번 신고
mod-whom-number = { $id }번

## Members (docs/protocol.md, "Members"): what the server tells a member's open pages.

# The member's sessions were ended (signed out everywhere, or the account deleted) while this
# page was open: it goes on as a guest's.
notice-signed-out = You are signed out: your account's sessions were ended. You go on as a guest.

# A member blocked another (`block`): said to them alone, never to the one blocked.
member-blocked = You blocked { $name }: you will not hear their messages, and they cannot join your waiting tables. They are not told.
member-unblocked = You unblocked { $name }.

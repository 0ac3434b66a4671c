-- Members (`src/store/members.rs`): each a name as chosen and its three keys (computed by the
-- server), each key unique, so that two names that are one (any key equal) are never both
-- taken, even by two servers at the same moment; a password's argon2id string and the settings
-- (a JSON object as text). Their sessions, by the SHA-256 of the secret a browser holds; whom
-- each member blocks; the tables each sat at (no foreign key to `tables`: retention deletes
-- tables, the list stays). A member deleted takes their rows with them (`ON DELETE CASCADE`).
-- Times in milliseconds since the Unix epoch. A write that changes a member's sessions,
-- password, settings or blocks, or deletes the member, notifies 'a<id>' on the channel `snakes`
-- for each member it changes.

CREATE TABLE members (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    looks TEXT NOT NULL,
    letters TEXT NOT NULL,
    plain TEXT NOT NULL,
    password TEXT,
    settings TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX members_looks ON members (looks);
CREATE UNIQUE INDEX members_letters ON members (letters);
CREATE UNIQUE INDEX members_plain ON members (plain);

CREATE TABLE member_sessions (
    secret_hash TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX member_sessions_member ON member_sessions (member_id);
-- The sweep of the expired sessions.
CREATE INDEX member_sessions_expiry ON member_sessions (expires_at);

CREATE TABLE blocks (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, blocked_id)
);
-- Who blocks a member, and the cascade when a blocked member is deleted.
CREATE INDEX blocks_blocked ON blocks (blocked_id);

CREATE TABLE member_tables (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    table_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (member_id, table_id)
);
CREATE INDEX member_tables_newest ON member_tables (member_id, table_id DESC);

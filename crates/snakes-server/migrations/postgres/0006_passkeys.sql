-- Members' passkeys (`src/store/passkeys.rs`): each member's user handle (16 random bytes, made
-- with their first passkey, never their id or name); each passkey by its credential id, unique,
-- with its COSE public key, its signature counter, a label and when it was made and last used;
-- the challenges given and not yet answered, kept here so that a ceremony may begin on one
-- server and finish on another (taken once: deleted as they are read; the expired ones swept
-- hourly). A member deleted takes their passkeys and challenges with them.

ALTER TABLE members ADD COLUMN user_handle BYTEA;
CREATE UNIQUE INDEX members_user_handle ON members (user_handle);

CREATE TABLE passkeys (
    id BIGSERIAL PRIMARY KEY,
    credential_id BYTEA NOT NULL UNIQUE,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    public_key BYTEA NOT NULL,
    sign_count BIGINT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX passkeys_member ON passkeys (member_id);

CREATE TABLE passkey_challenges (
    challenge BYTEA PRIMARY KEY,
    purpose TEXT NOT NULL,
    member_id BIGINT REFERENCES members (id) ON DELETE CASCADE,
    name TEXT,
    user_handle BYTEA,
    expires_at BIGINT NOT NULL
);
-- The sweep of the expired challenges.
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
CREATE INDEX passkey_challenges_member ON passkey_challenges (member_id);

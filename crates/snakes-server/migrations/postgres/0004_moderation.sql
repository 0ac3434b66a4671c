-- Moderation (`src/store/moderation.rs`): the moderators, each a name (looked up lower-cased, in
-- `folded`) and the SHA-256 of a key; the sanctions, lifted but never deleted; the log of what
-- moderators and the operator did; the people's reports, with the reported person's last
-- messages as a JSON array. Times in milliseconds since the Unix epoch. A write that changes the
-- sanctions or the moderators notifies 'm' on the channel `snakes`, a new report 'p<id>'.

CREATE TABLE moderators (
    folded TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    granted_at BIGINT NOT NULL
);

CREATE TABLE sanctions (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT,
    network TEXT,
    reason TEXT NOT NULL,
    by_name TEXT NOT NULL,
    made_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    lifted_at BIGINT
);
-- The sanctions in force, which every server reads at its start and on each 'm'.
CREATE INDEX sanctions_in_force ON sanctions (ends_at) WHERE lifted_at IS NULL;

CREATE TABLE moderation_log (
    id BIGSERIAL PRIMARY KEY,
    logged_at BIGINT NOT NULL,
    by_name TEXT NOT NULL,
    action TEXT NOT NULL,
    whom TEXT NOT NULL,
    why TEXT NOT NULL,
    ends_at BIGINT
);

CREATE TABLE reports (
    id BIGSERIAL PRIMARY KEY,
    made_at BIGINT NOT NULL,
    by_name TEXT NOT NULL,
    whom TEXT NOT NULL,
    reason TEXT NOT NULL,
    place BIGINT,
    messages TEXT NOT NULL,
    handled_by TEXT,
    handled_at BIGINT
);
CREATE INDEX reports_open ON reports (id) WHERE handled_at IS NULL;

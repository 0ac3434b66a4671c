-- Tables, their event logs, seat secrets (hashes) and results, as in the SQLite store; the
-- lobby's row of each table (status, finished_at, summary) so that a finished table is listed
-- without reading its log; and the ownership of each table by one server at a time.

CREATE TABLE tables (
    id BIGSERIAL PRIMARY KEY,
    created_at BIGINT NOT NULL,
    board_name TEXT NOT NULL,
    board TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    dice_key BYTEA,
    -- waiting, playing, finished or abandoned.
    status TEXT NOT NULL DEFAULT 'waiting',
    finished_at BIGINT,
    -- The lobby's row in every language, as JSON; NULL until the first seat is taken.
    summary TEXT
);
-- The tables a server serves (start-up, takeovers) and the finished ones the lobby pages through.
CREATE INDEX tables_open ON tables (id) WHERE status IN ('waiting', 'playing');
CREATE INDEX tables_finished ON tables (id DESC) WHERE status = 'finished';

CREATE TABLE events (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seq BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE tokens (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seq BIGINT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE results (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    winner INTEGER NOT NULL,
    winner_name TEXT NOT NULL,
    turns BIGINT NOT NULL,
    rolls BIGINT NOT NULL,
    squares TEXT NOT NULL
);

-- Which server serves a table: its instance id, the address players reach it at, the epoch
-- (raised by every claim: the fencing token every append carries) and until when, by the
-- database's clock.
CREATE TABLE owners (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    instance TEXT NOT NULL,
    address TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX owners_instance ON owners (instance);
CREATE INDEX owners_expiry ON owners (expires_at);

-- The servers running now (a heartbeat with the leases), for the addresses a page may turn to.
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- One append: the events, a seat's secret, the result and the lobby's row, written only while
-- the caller's epoch is the table's (the row lock keeps a claim from slipping between the check
-- and the commit). False when the epoch is not the table's: another server owns it now. A
-- change of the lobby's row is announced on the channel `snakes` ('t' and the id), in the same
-- transaction, so a listener hears of it only once it is committed.
CREATE FUNCTION snakes_append(
    p_table BIGINT, p_epoch BIGINT, p_seqs BIGINT[], p_events TEXT[],
    p_token_seq BIGINT, p_token TEXT,
    p_winner INTEGER, p_winner_name TEXT, p_turns BIGINT, p_rolls BIGINT, p_squares TEXT,
    p_status TEXT, p_finished_at BIGINT, p_summary TEXT
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM owners WHERE table_id = p_table AND epoch = p_epoch FOR SHARE;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    INSERT INTO events (table_id, seq, event)
        SELECT p_table, s, e FROM unnest(p_seqs, p_events) AS u (s, e);
    IF p_token IS NOT NULL THEN
        INSERT INTO tokens (table_id, seq, token) VALUES (p_table, p_token_seq, p_token);
    END IF;
    IF p_winner_name IS NOT NULL THEN
        INSERT INTO results (table_id, winner, winner_name, turns, rolls, squares)
            VALUES (p_table, p_winner, p_winner_name, p_turns, p_rolls, p_squares);
    END IF;
    IF p_status IS NOT NULL THEN
        UPDATE tables SET status = p_status, finished_at = p_finished_at, summary = p_summary
            WHERE id = p_table;
        PERFORM pg_notify('snakes', 't' || p_table);
    END IF;
    RETURN TRUE;
END
$$;

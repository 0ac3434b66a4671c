-- Appends that may be sent again, logs that never get a gap, leases that end with their game, and
-- tables quarantined when their log cannot be rebuilt.
--
-- An owner that lost the answer to an append (its connection dropped during the commit) sends
-- the same append again: the function then finds its events already there and says 'already'
-- instead of writing them twice. An append must follow the last stored event exactly: when the
-- log ends before it, the owner holds events the database does not (it lost them), and nothing
-- is written ('behind', with the last stored seq), so no log ever has a gap. Other events at
-- those numbers: 'conflict'. A quarantined table takes no append ('fenced'). A game that ends
-- gives its lease back in the same transaction.
--
-- The function of 0001, `snakes_append`, stays as it was: servers of before go on appending with
-- it during a rolling upgrade (the servers of this version call `snakes_append_v2`).

ALTER TABLE tables ADD COLUMN damage TEXT;

CREATE FUNCTION snakes_append_v2(
    p_table BIGINT, p_epoch BIGINT, p_seqs BIGINT[], p_events TEXT[],
    p_token_seq BIGINT, p_token TEXT,
    p_winner INTEGER, p_winner_name TEXT, p_turns BIGINT, p_rolls BIGINT, p_squares TEXT,
    p_status TEXT, p_finished_at BIGINT, p_summary TEXT,
    OUT outcome TEXT, OUT last_seq BIGINT
) LANGUAGE plpgsql AS $$
DECLARE
    first_seq BIGINT := p_seqs[1];
    end_seq BIGINT := p_seqs[array_upper(p_seqs, 1)];
BEGIN
    PERFORM 1 FROM owners WHERE table_id = p_table AND epoch = p_epoch FOR SHARE;
    IF NOT FOUND THEN
        outcome := 'fenced';
        RETURN;
    END IF;
    PERFORM 1 FROM tables WHERE id = p_table AND status = 'quarantined';
    IF FOUND THEN
        outcome := 'fenced';
        RETURN;
    END IF;
    SELECT coalesce(max(seq), 0) INTO last_seq FROM events WHERE table_id = p_table;
    IF last_seq >= first_seq THEN
        IF last_seq = end_seq AND NOT EXISTS (
            SELECT 1 FROM unnest(p_seqs, p_events) AS u (s, e)
            LEFT JOIN events ev ON ev.table_id = p_table AND ev.seq = u.s
            WHERE ev.event IS DISTINCT FROM u.e)
        THEN
            outcome := 'already';
        ELSE
            outcome := 'conflict';
        END IF;
        RETURN;
    END IF;
    IF last_seq <> first_seq - 1 THEN
        outcome := 'behind';
        RETURN;
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
        IF p_status IN ('finished', 'abandoned') THEN
            UPDATE owners SET expires_at = now() WHERE table_id = p_table;
        END IF;
    END IF;
    outcome := 'written';
    last_seq := end_seq;
END
$$;

-- The tables an operator looks at (`snakes tables list --status quarantined`).
CREATE INDEX tables_quarantined ON tables (id) WHERE status = 'quarantined';

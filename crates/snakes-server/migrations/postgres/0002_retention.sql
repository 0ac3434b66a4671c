-- The tables over (finished or abandoned), by when they ended: what --keep-finished-days deletes.
CREATE INDEX tables_ended ON tables (finished_at) WHERE status IN ('finished', 'abandoned');

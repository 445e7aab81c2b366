-- 0005: supplementary closes. Never edit this file once it has landed.
--
-- A day's close (0003) covers what had completed when it was made. A sale of the same local date
-- that completes later (sold after the close, or a failed sale sent again) would otherwise be in
-- no close at all: it is covered by a supplementary close of that date instead, with its own
-- counted cash and Z report. Every close lists the sales and top-ups it covers, and a row can be
-- listed by one close only, so nothing is closed twice and what no close lists is still open.

-- The manager's words on a cash difference (a shortage explained, an overage found).
ALTER TABLE day_closes ADD COLUMN note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 500);
-- 1 when day_close_items lists what the close covers, as for every close from this version on.
-- Closes made before it covered what had completed by closed_at; that rule stands for them.
ALTER TABLE day_closes ADD COLUMN itemized INTEGER NOT NULL DEFAULT 0 CHECK (itemized IN (0, 1));

CREATE TABLE day_close_supplements (
  id               TEXT PRIMARY KEY NOT NULL,
  local_date       TEXT NOT NULL REFERENCES day_closes (local_date),
  -- The day's own close is number 1; supplementary closes count on from 2.
  sequence         INTEGER NOT NULL CHECK (sequence >= 2),
  time_zone        TEXT NOT NULL,
  closed_at        TEXT NOT NULL,
  closed_by        TEXT NOT NULL REFERENCES staff (id),
  -- The same JSON shapes as day_closes, for what this close covers only.
  expected         TEXT NOT NULL CHECK (json_valid(expected)),
  counted_cash     TEXT NOT NULL CHECK (json_valid(counted_cash)),
  cash_difference  TEXT NOT NULL CHECK (json_valid(cash_difference)),
  report           TEXT NOT NULL CHECK (json_valid(report)),
  reconciliation   TEXT NOT NULL CHECK (json_valid(reconciliation)),
  note             TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 500),
  updated_at       TEXT NOT NULL,
  UNIQUE (local_date, sequence)
) STRICT;

CREATE TRIGGER day_close_supplements_no_update BEFORE UPDATE ON day_close_supplements
BEGIN
  SELECT RAISE(ABORT, 'a close cannot be changed');
END;

CREATE TRIGGER day_close_supplements_no_delete BEFORE DELETE ON day_close_supplements
BEGIN
  SELECT RAISE(ABORT, 'a close cannot be removed');
END;

-- Which close covers a sale or top-up: the key is the row, so no row is in two closes.
CREATE TABLE day_close_items (
  kind        TEXT NOT NULL CHECK (kind IN ('sale', 'topup')),
  row_id      TEXT NOT NULL,
  -- day_closes.id or day_close_supplements.id
  close_id    TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (kind, row_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX day_close_items_close_id ON day_close_items (close_id);

CREATE TRIGGER day_close_items_no_update BEFORE UPDATE ON day_close_items
BEGIN
  SELECT RAISE(ABORT, 'what a close covers cannot be changed');
END;

CREATE TRIGGER day_close_items_no_delete BEFORE DELETE ON day_close_items
BEGIN
  SELECT RAISE(ABORT, 'what a close covers cannot be removed');
END;

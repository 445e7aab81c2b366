-- 0019: the cash counted by denomination at a close. Never edit this file once it has landed.
--
-- A close may count the drawer's cash by notes and coins instead of as one total; the count is
-- kept beside the close, one row per currency, written once in the close's own transaction. Its
-- sum is the close's counted cash in that currency (the service refuses a count that is not).
-- Closes counted as a total have no row.

CREATE TABLE close_cash_counts (
  -- a day_closes or day_close_supplements id
  close_id   TEXT NOT NULL,
  currency   TEXT NOT NULL CHECK (length(currency) = 3),
  -- JSON: [{ value, count }] each note or coin (minor units) and how many were counted
  counts     TEXT NOT NULL CHECK (json_valid(counts) AND json_type(counts) = 'array'),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (close_id, currency)
) STRICT;

CREATE TRIGGER close_cash_counts_no_update BEFORE UPDATE ON close_cash_counts
BEGIN
  SELECT RAISE(ABORT, 'a close''s cash count is written once');
END;

CREATE TRIGGER close_cash_counts_no_delete BEFORE DELETE ON close_cash_counts
BEGIN
  SELECT RAISE(ABORT, 'a close''s cash count is written once');
END;

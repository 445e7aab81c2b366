-- 0017: till sessions. Never edit this file once it has landed.
--
-- The drawer does not start a day empty: the opening float is entered at the day's first sign-in
-- (or carried from the cash counted at the last close), once per local date of this counter's
-- journal, and the day's first close expects it back on top of the cash taken. A close also counts
-- every other tender (the card terminal's total, "other") against what the journal expects; those
-- counts and the float the close used are kept beside the close, written once with it.

CREATE TABLE till_sessions (
  local_date  TEXT    PRIMARY KEY NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  float_minor INTEGER NOT NULL CHECK (float_minor >= 0),
  currency    TEXT    NOT NULL CHECK (length(currency) = 3),
  -- 'entered' at the first sign-in, or 'carried' from the last close's counted cash
  source      TEXT    NOT NULL CHECK (source IN ('entered', 'carried')),
  opened_by   TEXT    NOT NULL REFERENCES staff (id),
  opened_at   TEXT    NOT NULL,
  updated_at  TEXT    NOT NULL
) STRICT;

CREATE TABLE close_tenders (
  -- a day_closes or day_close_supplements id
  close_id   TEXT PRIMARY KEY NOT NULL,
  -- JSON: [{ currency, minor }] the opening float in the expected cash (empty for supplementary closes)
  float      TEXT NOT NULL CHECK (json_valid(float)),
  -- JSON: [{ method, currency, expected, counted, difference }] each tender other than cash
  tenders    TEXT NOT NULL CHECK (json_valid(tenders)),
  updated_at TEXT NOT NULL
) STRICT;

CREATE TRIGGER till_sessions_no_update BEFORE UPDATE ON till_sessions
BEGIN
  SELECT RAISE(ABORT, 'a till session is written once');
END;

CREATE TRIGGER close_tenders_no_update BEFORE UPDATE ON close_tenders
BEGIN
  SELECT RAISE(ABORT, 'a close''s tenders are written once');
END;

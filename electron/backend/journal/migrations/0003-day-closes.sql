-- 0003: end-of-day closes. Never edit this file once it has landed.
--
-- One row per closed local day: what the journal expected per payment method, the cash the
-- manager counted, the difference, and the day's report as it stood, so a Z report can be
-- printed again later exactly as it was.
CREATE TABLE day_closes (
  id               TEXT PRIMARY KEY NOT NULL,
  local_date       TEXT NOT NULL UNIQUE CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  time_zone        TEXT NOT NULL,
  closed_at        TEXT NOT NULL,
  closed_by        TEXT NOT NULL REFERENCES staff (id),
  -- JSON: [{ method, currency, minor }] expected takings per payment method and currency
  expected         TEXT NOT NULL CHECK (json_valid(expected)),
  -- JSON: [{ currency, minor }] cash counted in the drawer
  counted_cash     TEXT NOT NULL CHECK (json_valid(counted_cash)),
  -- JSON: [{ currency, minor }] counted minus expected cash, per currency
  cash_difference  TEXT NOT NULL CHECK (json_valid(cash_difference)),
  -- JSON: the day's report and the reconciliation with the partner service at closing time
  report           TEXT NOT NULL CHECK (json_valid(report)),
  reconciliation   TEXT NOT NULL CHECK (json_valid(reconciliation)),
  updated_at       TEXT NOT NULL
) STRICT;

CREATE TRIGGER day_closes_no_update BEFORE UPDATE ON day_closes
BEGIN
  SELECT RAISE(ABORT, 'a closed day cannot be changed');
END;

CREATE TRIGGER day_closes_no_delete BEFORE DELETE ON day_closes
BEGIN
  SELECT RAISE(ABORT, 'a closed day cannot be removed');
END;

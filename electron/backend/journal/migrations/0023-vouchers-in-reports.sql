-- 0023: vouchers sold at the counter count as sales do, in the reports and the day's close. Never
-- edit this file once it has landed.
--
-- A batch of voucher codes is paid for at the counter like an eSIM, so its money belongs in the
-- running totals (as kind 'voucher', the codes in the esims column: what a line hands over) and
-- in what a close covers. The kinds are CHECKed, and SQLite changes a CHECK only by rebuilding
-- the table; legacy_alter_table keeps the rename from re-reading the sales and top-ups triggers,
-- which name report_daily and report_monthly while the new tables do not exist yet under them.

-- What the partner charges per code, as for a sale; NULL for batches before this (cost unknown).
ALTER TABLE voucher_batches ADD COLUMN unit_cost_minor INTEGER CHECK (unit_cost_minor IS NULL OR unit_cost_minor >= 0);
ALTER TABLE voucher_batches ADD COLUMN net_currency TEXT CHECK (net_currency IS NULL OR length(net_currency) = 3);
ALTER TABLE voucher_batches ADD COLUMN unit_cost_local_minor INTEGER
  CHECK (unit_cost_local_minor IS NULL OR unit_cost_local_minor >= 0);

PRAGMA legacy_alter_table = ON;

CREATE TABLE report_daily_new (
  utc_date                 TEXT    NOT NULL,
  kind                     TEXT    NOT NULL CHECK (kind IN ('sale', 'topup', 'voucher')),
  staff_id                 TEXT    NOT NULL,
  package_id               TEXT    NOT NULL,
  package_title            TEXT    NOT NULL,
  country_code             TEXT    NOT NULL,
  payment_method           TEXT    NOT NULL,
  retail_currency          TEXT    NOT NULL,
  net_currency             TEXT    NOT NULL,
  count                    INTEGER NOT NULL,
  esims                    INTEGER NOT NULL,
  revenue                  INTEGER NOT NULL,
  cost                     INTEGER NOT NULL,
  updated_at               TEXT    NOT NULL,
  cost_unknown             INTEGER NOT NULL DEFAULT 0,
  costed_revenue           INTEGER NOT NULL DEFAULT 0,
  tax                      INTEGER NOT NULL DEFAULT 0,
  cost_local               INTEGER NOT NULL DEFAULT 0,
  local_cost_unknown       INTEGER NOT NULL DEFAULT 0,
  local_costed_net_revenue INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (utc_date, kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency)
) STRICT, WITHOUT ROWID;
INSERT INTO report_daily_new SELECT * FROM report_daily;
DROP TABLE report_daily;
ALTER TABLE report_daily_new RENAME TO report_daily;

CREATE TABLE report_monthly_new (
  utc_month                TEXT    NOT NULL,
  kind                     TEXT    NOT NULL CHECK (kind IN ('sale', 'topup', 'voucher')),
  staff_id                 TEXT    NOT NULL,
  package_id               TEXT    NOT NULL,
  package_title            TEXT    NOT NULL,
  country_code             TEXT    NOT NULL,
  payment_method           TEXT    NOT NULL,
  retail_currency          TEXT    NOT NULL,
  net_currency             TEXT    NOT NULL,
  count                    INTEGER NOT NULL,
  esims                    INTEGER NOT NULL,
  revenue                  INTEGER NOT NULL,
  cost                     INTEGER NOT NULL,
  updated_at               TEXT    NOT NULL,
  cost_unknown             INTEGER NOT NULL DEFAULT 0,
  costed_revenue           INTEGER NOT NULL DEFAULT 0,
  tax                      INTEGER NOT NULL DEFAULT 0,
  cost_local               INTEGER NOT NULL DEFAULT 0,
  local_cost_unknown       INTEGER NOT NULL DEFAULT 0,
  local_costed_net_revenue INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (utc_month, kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency)
) STRICT, WITHOUT ROWID;
INSERT INTO report_monthly_new SELECT * FROM report_monthly;
DROP TABLE report_monthly;
ALTER TABLE report_monthly_new RENAME TO report_monthly;

CREATE TABLE day_close_items_new (
  kind        TEXT NOT NULL CHECK (kind IN ('sale', 'topup', 'voucher')),
  row_id      TEXT NOT NULL,
  -- day_closes.id or day_close_supplements.id
  close_id    TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (kind, row_id)
) STRICT, WITHOUT ROWID;
INSERT INTO day_close_items_new SELECT * FROM day_close_items;
DROP TABLE day_close_items;
ALTER TABLE day_close_items_new RENAME TO day_close_items;
CREATE INDEX day_close_items_close_id ON day_close_items (close_id);
CREATE TRIGGER day_close_items_no_update BEFORE UPDATE ON day_close_items
BEGIN
  SELECT RAISE(ABORT, 'what a close covers cannot be changed');
END;
CREATE TRIGGER day_close_items_no_delete BEFORE DELETE ON day_close_items
BEGIN
  SELECT RAISE(ABORT, 'what a close covers cannot be removed');
END;

PRAGMA legacy_alter_table = OFF;

-- A completed batch as one line of the running totals: the one definition the trigger and the
-- catch-up below read. Batches made before the counter asked how they were paid count as 'other'.
CREATE VIEW voucher_report_lines AS
  SELECT id, created_at, 'voucher' AS kind, staff_id, package_id, package_title, coalesce(country_code, '') AS country_code,
    coalesce(payment_method, 'other') AS payment_method, retail_currency, coalesce(net_currency, retail_currency) AS net_currency,
    quantity AS esims, unit_retail_minor * quantity AS revenue, unit_cost_minor * quantity AS cost,
    unit_cost_local_minor * quantity AS cost_local, coalesce(completed_at, created_at) AS updated_at,
    substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15) AS utc_quarter
  FROM voucher_batches WHERE status = 'completed';

-- Batches are written 'submitting' before the request goes out (electron/services/vouchers.ts) and
-- complete once: an update is the only way one becomes money.
CREATE TRIGGER voucher_batches_report_on_complete AFTER UPDATE OF status ON voucher_batches
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  SELECT substr(created_at, 1, 10), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
    net_currency, 1, esims, revenue, coalesce(cost, 0), cost IS NULL, CASE WHEN cost IS NULL THEN 0 ELSE revenue END, 0,
    coalesce(cost_local, 0), cost_local IS NULL, CASE WHEN cost_local IS NULL THEN 0 ELSE revenue END, updated_at
  FROM voucher_report_lines WHERE id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, cost_local = cost_local + excluded.cost_local,
    local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  SELECT substr(created_at, 1, 7), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
    net_currency, 1, esims, revenue, coalesce(cost, 0), cost IS NULL, CASE WHEN cost IS NULL THEN 0 ELSE revenue END, 0,
    coalesce(cost_local, 0), cost_local IS NULL, CASE WHEN cost_local IS NULL THEN 0 ELSE revenue END, updated_at
  FROM voucher_report_lines WHERE id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, cost_local = cost_local + excluded.cost_local,
    local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly SELECT utc_quarter, retail_currency, 1, revenue, updated_at
  FROM voucher_report_lines WHERE id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_margin SELECT utc_quarter, retail_currency, revenue - cost_local
  FROM voucher_report_lines WHERE id = NEW.id AND cost_local IS NOT NULL
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

-- What was completed before this migration, as the trigger would have counted it.
INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown,
  local_costed_net_revenue, updated_at)
SELECT substr(created_at, 1, 10), kind, staff_id, package_id, max(package_title), country_code, payment_method, retail_currency,
  net_currency, count(*), sum(esims), sum(revenue), coalesce(sum(cost), 0), sum(cost IS NULL),
  sum(CASE WHEN cost IS NULL THEN 0 ELSE revenue END), 0, coalesce(sum(cost_local), 0), sum(cost_local IS NULL),
  sum(CASE WHEN cost_local IS NULL THEN 0 ELSE revenue END), max(updated_at)
FROM voucher_report_lines
GROUP BY substr(created_at, 1, 10), staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown,
  local_costed_net_revenue, updated_at)
SELECT substr(utc_date, 1, 7), kind, staff_id, package_id, max(package_title), country_code, payment_method, retail_currency,
  net_currency, sum(count), sum(esims), sum(revenue), sum(cost), sum(cost_unknown), sum(costed_revenue), 0, sum(cost_local),
  sum(local_cost_unknown), sum(local_costed_net_revenue), max(updated_at)
FROM report_daily WHERE kind = 'voucher'
GROUP BY substr(utc_date, 1, 7), staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
INSERT INTO report_quarter_hourly SELECT utc_quarter, retail_currency, count(*), sum(revenue), max(updated_at)
  FROM voucher_report_lines WHERE true GROUP BY utc_quarter, retail_currency
  ON CONFLICT DO UPDATE SET count = count + excluded.count, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
INSERT INTO report_quarter_margin SELECT utc_quarter, retail_currency, sum(revenue - cost_local)
  FROM voucher_report_lines WHERE cost_local IS NOT NULL GROUP BY utc_quarter, retail_currency
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;

-- Batches completed before this were in no close's figures, though their money was in the drawer
-- when it was counted: each is taken as covered by the first close made after it completed, so a
-- closed day does not ask for a supplementary close of money it already counted. Later ones stay
-- open for the next close.
INSERT INTO day_close_items (kind, row_id, close_id, updated_at)
SELECT 'voucher', b.id, c.id, c.closed_at
FROM voucher_batches b
JOIN (SELECT id, closed_at FROM day_closes UNION ALL SELECT id, closed_at FROM day_close_supplements) c
  ON c.id = (SELECT x.id FROM (SELECT id, closed_at FROM day_closes UNION ALL SELECT id, closed_at FROM day_close_supplements) x
             WHERE x.closed_at >= b.completed_at ORDER BY x.closed_at LIMIT 1)
WHERE b.status = 'completed';

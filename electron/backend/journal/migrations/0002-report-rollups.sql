-- 0002: running totals for the manager's reports. Never edit this file once it has landed.
--
-- Reports over months of a busy counter would otherwise re-read every sale. These tables are kept
-- by triggers in the same transaction that completes a sale or top-up, so they are never out of
-- step with the journal; they hold nothing that cannot be rebuilt from sales and topups, which is
-- why they carry a natural key rather than an id of their own.

-- Per UTC day and every dimension a report breaks down by. '' stands for "no country"
-- (regional and global packages), because a key column cannot usefully be NULL.
CREATE TABLE report_daily (
  utc_date        TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('sale', 'topup')),
  staff_id        TEXT    NOT NULL,
  package_id      TEXT    NOT NULL,
  package_title   TEXT    NOT NULL,
  country_code    TEXT    NOT NULL,
  payment_method  TEXT    NOT NULL,
  retail_currency TEXT    NOT NULL,
  net_currency    TEXT    NOT NULL,
  count           INTEGER NOT NULL,
  esims           INTEGER NOT NULL,
  revenue         INTEGER NOT NULL,
  cost            INTEGER NOT NULL,
  updated_at      TEXT    NOT NULL,
  PRIMARY KEY (utc_date, kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency)
) STRICT, WITHOUT ROWID;

-- The same per UTC month ('YYYY-MM'): a quarter's report then reads a few months of totals
-- instead of ninety days of them.
CREATE TABLE report_monthly (
  utc_month       TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('sale', 'topup')),
  staff_id        TEXT    NOT NULL,
  package_id      TEXT    NOT NULL,
  package_title   TEXT    NOT NULL,
  country_code    TEXT    NOT NULL,
  payment_method  TEXT    NOT NULL,
  retail_currency TEXT    NOT NULL,
  net_currency    TEXT    NOT NULL,
  count           INTEGER NOT NULL,
  esims           INTEGER NOT NULL,
  revenue         INTEGER NOT NULL,
  cost            INTEGER NOT NULL,
  updated_at      TEXT    NOT NULL,
  PRIMARY KEY (utc_month, kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency)
) STRICT, WITHOUT ROWID;

-- Per UTC quarter hour: what the per-hour and per-day charts need. Every time zone is a whole
-- number of quarter hours off UTC (India +5:30, Nepal +5:45), so these map onto local hours exactly.
CREATE TABLE report_quarter_hourly (
  utc_quarter     TEXT    NOT NULL, -- 'YYYY-MM-DDTHH:MM', minutes 00, 15, 30 or 45
  retail_currency TEXT    NOT NULL,
  count           INTEGER NOT NULL,
  revenue         INTEGER NOT NULL,
  updated_at      TEXT    NOT NULL,
  PRIMARY KEY (utc_quarter, retail_currency)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER sales_report_on_complete AFTER UPDATE OF status ON sales
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title,
    coalesce(NEW.package_country_code, ''), NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, NEW.quantity,
    NEW.unit_retail_minor * NEW.quantity, NEW.unit_net_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title,
    coalesce(NEW.package_country_code, ''), NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, NEW.quantity,
    NEW.unit_retail_minor * NEW.quantity, NEW.unit_net_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

-- Rows written already completed (imports, the benchmark's generated history).
CREATE TRIGGER sales_report_on_insert AFTER INSERT ON sales
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title,
    coalesce(NEW.package_country_code, ''), NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, NEW.quantity,
    NEW.unit_retail_minor * NEW.quantity, NEW.unit_net_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title,
    coalesce(NEW.package_country_code, ''), NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, NEW.quantity,
    NEW.unit_retail_minor * NEW.quantity, NEW.unit_net_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_complete AFTER UPDATE OF status ON topups
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '',
    NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, NEW.net_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, cost = cost + excluded.cost,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '',
    NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, NEW.net_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, cost = cost + excluded.cost,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_insert AFTER INSERT ON topups
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '',
    NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, NEW.net_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, cost = cost + excluded.cost,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '',
    NEW.payment_method, NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, NEW.net_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, cost = cost + excluded.cost,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

-- What was completed before this migration.
INSERT INTO report_daily
  SELECT substr(created_at, 1, 10), 'sale', staff_id, package_id, max(package_title), coalesce(package_country_code, ''), payment_method,
    retail_currency, net_currency, count(*), sum(quantity), sum(unit_retail_minor * quantity), sum(unit_net_minor * quantity), max(updated_at)
  FROM sales WHERE status = 'completed'
  GROUP BY 1, 3, 4, 6, 7, 8, 9;
INSERT INTO report_daily
  SELECT substr(created_at, 1, 10), 'topup', staff_id, package_id, max(package_title), '', payment_method, retail_currency, net_currency,
    count(*), 0, sum(retail_minor), sum(net_minor), max(updated_at)
  FROM topups WHERE status = 'completed'
  GROUP BY 1, 3, 4, 7, 8, 9;
INSERT INTO report_monthly
  SELECT substr(utc_date, 1, 7), kind, staff_id, package_id, max(package_title), country_code, payment_method, retail_currency, net_currency,
    sum(count), sum(esims), sum(revenue), sum(cost), max(updated_at)
  FROM report_daily
  GROUP BY 1, 2, 3, 4, 6, 7, 8, 9;
INSERT INTO report_quarter_hourly
  SELECT quarter, currency, sum(n), sum(revenue), max(at) FROM (
    SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15) AS quarter,
      retail_currency AS currency, count(*) AS n, sum(unit_retail_minor * quantity) AS revenue, max(updated_at) AS at
      FROM sales WHERE status = 'completed' GROUP BY 1, 2
    UNION ALL
    SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15),
      retail_currency, count(*), sum(retail_minor), max(updated_at)
      FROM topups WHERE status = 'completed' GROUP BY 1, 2)
  GROUP BY quarter, currency;

-- Reports list what is not completed first; most rows are completed, so index only the others.
CREATE INDEX sales_unfinished_created_at ON sales (created_at) WHERE status <> 'completed';
CREATE INDEX topups_unfinished_created_at ON topups (created_at) WHERE status <> 'completed';

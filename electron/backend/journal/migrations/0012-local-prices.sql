-- 0012: prices in the store's currency, and its tax. Never edit this file once it has landed.
--
-- The partner prices in US dollars; a store sells in its own currency, converted at the partner's
-- rate of the day (kept here, dated, so a price can always be explained) under the store's rules.
-- Each sale and top-up keeps the rate it was priced at and its cost in the store's currency, so its
-- margin is one currency, and its tax (VAT in the shelf price, or sales tax added at checkout).

CREATE TABLE exchange_rates (
  rate_date     TEXT NOT NULL CHECK (rate_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  from_currency TEXT NOT NULL CHECK (length(from_currency) = 3),
  to_currency   TEXT NOT NULL CHECK (length(to_currency) = 3),
  -- Decimal text exactly as the partner wrote it: conversions are done on it without floats.
  mid           TEXT NOT NULL CHECK (mid GLOB '[0-9]*' AND mid NOT GLOB '*[^0-9.]*'),
  fetched_at    TEXT NOT NULL,
  PRIMARY KEY (rate_date, from_currency, to_currency)
) STRICT, WITHOUT ROWID;

-- The rate a row was priced at (store currency per unit of net_currency) and the day it was set;
-- NULL when the partner priced in the store's currency. The cost in the store's currency is NULL
-- when unknown. tax_rate_ppm is the rate in millionths (8.875 % = 88750); tax_minor is the line's tax: part of the price (included) or on top of it (added).
ALTER TABLE sales ADD COLUMN fx_rate TEXT CHECK (fx_rate IS NULL OR (fx_rate GLOB '[0-9]*' AND fx_rate NOT GLOB '*[^0-9.]*'));
ALTER TABLE sales ADD COLUMN fx_date TEXT;
ALTER TABLE sales ADD COLUMN unit_cost_local_minor INTEGER CHECK (unit_cost_local_minor IS NULL OR unit_cost_local_minor >= 0);
ALTER TABLE sales ADD COLUMN tax_mode TEXT CHECK (tax_mode IS NULL OR tax_mode IN ('included', 'added'));
ALTER TABLE sales ADD COLUMN tax_rate_ppm INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate_ppm BETWEEN 0 AND 1000000);
ALTER TABLE sales ADD COLUMN tax_minor INTEGER NOT NULL DEFAULT 0 CHECK (tax_minor >= 0);
ALTER TABLE topups ADD COLUMN fx_rate TEXT CHECK (fx_rate IS NULL OR (fx_rate GLOB '[0-9]*' AND fx_rate NOT GLOB '*[^0-9.]*'));
ALTER TABLE topups ADD COLUMN fx_date TEXT;
ALTER TABLE topups ADD COLUMN cost_local_minor INTEGER CHECK (cost_local_minor IS NULL OR cost_local_minor >= 0);
ALTER TABLE topups ADD COLUMN tax_mode TEXT CHECK (tax_mode IS NULL OR tax_mode IN ('included', 'added'));
ALTER TABLE topups ADD COLUMN tax_rate_ppm INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate_ppm BETWEEN 0 AND 1000000);
ALTER TABLE topups ADD COLUMN tax_minor INTEGER NOT NULL DEFAULT 0 CHECK (tax_minor >= 0);

-- Rows sold before this were priced in the partner's currency: their local cost is their cost.
UPDATE sales SET unit_cost_local_minor = unit_cost_minor WHERE retail_currency = net_currency;
UPDATE topups SET cost_local_minor = cost_minor WHERE retail_currency = net_currency;

-- Running totals: the tax, and the margin in the store's currency over the rows whose local cost
-- is known (revenue less tax less cost), with how many are not known.
ALTER TABLE report_daily ADD COLUMN tax INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_daily ADD COLUMN cost_local INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_daily ADD COLUMN local_cost_unknown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_daily ADD COLUMN local_costed_net_revenue INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN tax INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN cost_local INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN local_cost_unknown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN local_costed_net_revenue INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER sales_report_on_complete;
DROP TRIGGER sales_report_on_insert;
DROP TRIGGER topups_report_on_complete;
DROP TRIGGER topups_report_on_insert;

-- The totals are rebuilt from the rows, as 0010 did; nothing of their meaning changes for rows
-- without tax, where the customer paid the shelf price.
DELETE FROM report_daily;
DELETE FROM report_monthly;
CREATE TEMP VIEW completed_lines AS
  SELECT created_at, 'sale' AS kind, staff_id, package_id, package_title,
    coalesce(destination_country_code, package_country_code, '') AS country_code, payment_method, retail_currency, net_currency,
    quantity AS esims, unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END AS revenue,
    unit_cost_minor * quantity AS cost, tax_minor AS tax, unit_cost_local_minor * quantity AS cost_local, updated_at
  FROM sales WHERE status = 'completed'
  UNION ALL
  SELECT created_at, 'topup', staff_id, package_id, package_title, '', payment_method, retail_currency, net_currency,
    0, retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END, cost_minor, tax_minor, cost_local_minor, updated_at
  FROM topups WHERE status = 'completed';
INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown,
  local_costed_net_revenue, updated_at)
SELECT substr(created_at, 1, 10), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count(*), sum(esims), sum(revenue), coalesce(sum(cost), 0), sum(cost IS NULL),
  sum(CASE WHEN cost IS NULL THEN 0 ELSE revenue END), sum(tax), coalesce(sum(cost_local), 0), sum(cost_local IS NULL),
  sum(CASE WHEN cost_local IS NULL THEN 0 ELSE revenue - tax END), max(updated_at)
FROM completed_lines
GROUP BY substr(created_at, 1, 10), kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown,
  local_costed_net_revenue, updated_at)
SELECT substr(created_at, 1, 7), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count(*), sum(esims), sum(revenue), coalesce(sum(cost), 0), sum(cost IS NULL),
  sum(CASE WHEN cost IS NULL THEN 0 ELSE revenue END), sum(tax), coalesce(sum(cost_local), 0), sum(cost_local IS NULL),
  sum(CASE WHEN cost_local IS NULL THEN 0 ELSE revenue - tax END), max(updated_at)
FROM completed_lines
GROUP BY substr(created_at, 1, 7), kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
DROP VIEW completed_lines;

CREATE TRIGGER sales_report_on_complete AFTER UPDATE OF status ON sales
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.unit_cost_local_minor * NEW.quantity, 0), NEW.unit_cost_local_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_local_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.unit_cost_local_minor * NEW.quantity, 0), NEW.unit_cost_local_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_local_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

-- Rows written already completed (imports, the benchmark's generated history).
CREATE TRIGGER sales_report_on_insert AFTER INSERT ON sales
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.unit_cost_local_minor * NEW.quantity, 0), NEW.unit_cost_local_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_local_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.unit_cost_local_minor * NEW.quantity, 0), NEW.unit_cost_local_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_local_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_complete AFTER UPDATE OF status ON topups
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.cost_local_minor, 0), NEW.cost_local_minor IS NULL, CASE WHEN NEW.cost_local_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.cost_local_minor, 0), NEW.cost_local_minor IS NULL, CASE WHEN NEW.cost_local_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_insert AFTER INSERT ON topups
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.cost_local_minor, 0), NEW.cost_local_minor IS NULL, CASE WHEN NEW.cost_local_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local,
    local_cost_unknown, local_costed_net_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END END, NEW.tax_minor,
    coalesce(NEW.cost_local_minor, 0), NEW.cost_local_minor IS NULL, CASE WHEN NEW.cost_local_minor IS NULL THEN 0 ELSE NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor END,
    NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax,
    cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown,
    local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue,
    package_title = excluded.package_title, updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

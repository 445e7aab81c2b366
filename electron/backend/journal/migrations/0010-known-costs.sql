-- 0010: a cost nobody knows is stored as unknown (NULL), never as a zero that reads as "free"; the
-- country a regional or global package was sold for is kept. Never edit this file once it has landed.
--
-- Before this, a sale under the partner's discount pricing stored its wholesale cost as 0, so its
-- margin was its whole price. unit_net_minor and net_minor stay for what was written before (a
-- STRICT column cannot drop NOT NULL without rebuilding the table and its triggers); from here on
-- unit_cost_minor and cost_minor are what every report reads: what the partner charged per eSIM,
-- from the order's answer where it says so, NULL where nothing is known.
ALTER TABLE sales ADD COLUMN unit_cost_minor INTEGER CHECK (unit_cost_minor IS NULL OR unit_cost_minor >= 0);
ALTER TABLE topups ADD COLUMN cost_minor INTEGER CHECK (cost_minor IS NULL OR cost_minor >= 0);

-- The country the clerk sold a regional or global package for (Spain, for a Europe package), so
-- "By country" and the CSV say where the customer went. NULL when the clerk chose the region itself.
ALTER TABLE sales ADD COLUMN destination_country_code TEXT
  CHECK (destination_country_code IS NULL OR (length(destination_country_code) = 2 AND destination_country_code = upper(destination_country_code)));

-- A zero was written only when no net price was known: no package is free to the shop.
UPDATE sales SET unit_cost_minor = nullif(unit_net_minor, 0);
UPDATE topups SET cost_minor = nullif(net_minor, 0);

-- Running totals: the cost of the orders whose cost is known, how many are not, and the revenue of
-- the known ones, so a margin is only ever taken over sales whose cost is known.
ALTER TABLE report_daily ADD COLUMN cost_unknown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_daily ADD COLUMN costed_revenue INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN cost_unknown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE report_monthly ADD COLUMN costed_revenue INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER sales_report_on_complete;
DROP TRIGGER sales_report_on_insert;
DROP TRIGGER topups_report_on_complete;
DROP TRIGGER topups_report_on_insert;

-- The totals are rebuilt from the rows: costs once counted as 0 are now unknown.
DELETE FROM report_daily;
DELETE FROM report_monthly;
CREATE TEMP VIEW completed_lines AS
  SELECT created_at, 'sale' AS kind, staff_id, package_id, package_title,
    coalesce(package_country_code, '') AS country_code, payment_method, retail_currency, net_currency,
    quantity AS esims, unit_retail_minor * quantity AS revenue, unit_cost_minor * quantity AS cost, updated_at
  FROM sales WHERE status = 'completed'
  UNION ALL
  SELECT created_at, 'topup', staff_id, package_id, package_title, '', payment_method, retail_currency, net_currency,
    0, retail_minor, cost_minor, updated_at
  FROM topups WHERE status = 'completed';
INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
SELECT substr(created_at, 1, 10), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count(*), sum(esims), sum(revenue), coalesce(sum(cost), 0), sum(cost IS NULL),
  sum(CASE WHEN cost IS NULL THEN 0 ELSE revenue END), max(updated_at)
FROM completed_lines
GROUP BY substr(created_at, 1, 10), kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
SELECT substr(created_at, 1, 7), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency,
  net_currency, count(*), sum(esims), sum(revenue), coalesce(sum(cost), 0), sum(cost IS NULL),
  sum(CASE WHEN cost IS NULL THEN 0 ELSE revenue END), max(updated_at)
FROM completed_lines
GROUP BY substr(created_at, 1, 7), kind, staff_id, package_id, country_code, payment_method, retail_currency, net_currency;
DROP VIEW completed_lines;

CREATE TRIGGER sales_report_on_complete AFTER UPDATE OF status ON sales
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

-- Rows written already completed (imports, the benchmark's generated history).
CREATE TRIGGER sales_report_on_insert AFTER INSERT ON sales
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'sale', NEW.staff_id, NEW.package_id, NEW.package_title, coalesce(NEW.destination_country_code, NEW.package_country_code, ''), NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, NEW.quantity, NEW.unit_retail_minor * NEW.quantity, coalesce(NEW.unit_cost_minor * NEW.quantity, 0),
    NEW.unit_cost_minor * NEW.quantity IS NULL, CASE WHEN NEW.unit_cost_minor * NEW.quantity IS NULL THEN 0 ELSE NEW.unit_retail_minor * NEW.quantity END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.unit_retail_minor * NEW.quantity, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_complete AFTER UPDATE OF status ON topups
WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

CREATE TRIGGER topups_report_on_insert AFTER INSERT ON topups
WHEN NEW.status = 'completed'
BEGIN
  INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 10), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method,
    retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, updated_at)
  VALUES (substr(NEW.created_at, 1, 7), 'topup', NEW.staff_id, NEW.package_id, NEW.package_title, '', NEW.payment_method,
    NEW.retail_currency, NEW.net_currency, 1, 0, NEW.retail_minor, coalesce(NEW.cost_minor, 0),
    NEW.cost_minor IS NULL, CASE WHEN NEW.cost_minor IS NULL THEN 0 ELSE NEW.retail_minor END, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, esims = esims + excluded.esims, revenue = revenue + excluded.revenue,
    cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown,
    costed_revenue = costed_revenue + excluded.costed_revenue, package_title = excluded.package_title,
    updated_at = excluded.updated_at;
  INSERT INTO report_quarter_hourly VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15), NEW.retail_currency, 1, NEW.retail_minor, NEW.updated_at)
  ON CONFLICT DO UPDATE SET count = count + 1, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
END;

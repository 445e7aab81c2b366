-- 0024: the running totals, and what the outbox ships of each order, laid down from the one
-- definition of each report figure. Never edit this file once it has landed.
--
-- What revenue, cost, tax, margin and the quarter-hour bucket mean was written into each trigger
-- that 0002, 0010, 0012, 0018 and 0023 laid down, and into the outbox's views (0013). From here it
-- is written once, in electron/reports/figures.ts; the SQL below the drops is what
-- electron/reports/rollups.ts and electron/chain/outbox-rows.ts generate from it, and their tests
-- fail when the journal's views and triggers differ from what they generate now. Nothing counted
-- or shipped changes: the figures are the same, so the totals are kept as they are.
--
-- report_lines is every completed sale, top-up and voucher batch with what it adds to each total;
-- the reports read the hours at either end of a period from it. Inserting a line's kind and id
-- into it adds that line to every total (its INSTEAD OF trigger): the one body each table's
-- trigger hands its completed row to.

DROP TRIGGER sales_report_on_complete; DROP TRIGGER sales_report_on_insert;
DROP TRIGGER topups_report_on_complete; DROP TRIGGER topups_report_on_insert;
DROP TRIGGER sales_quarter_margin_on_complete; DROP TRIGGER sales_quarter_margin_on_insert;
DROP TRIGGER topups_quarter_margin_on_complete; DROP TRIGGER topups_quarter_margin_on_insert;
DROP TRIGGER voucher_batches_report_on_complete; DROP VIEW voucher_report_lines;
DROP VIEW chain_sale_rows; DROP VIEW chain_topup_rows;

CREATE VIEW report_lines AS
SELECT 'sale' AS kind, id, created_at, updated_at, staff_id, package_id, package_title, coalesce(destination_country_code, package_country_code, '') AS country_code, payment_method, retail_currency, net_currency, 1 AS count, quantity AS esims, unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END AS revenue, coalesce(unit_cost_minor * quantity, 0) AS cost, unit_cost_minor * quantity IS NULL AS cost_unknown, CASE WHEN unit_cost_minor * quantity IS NULL THEN 0 ELSE unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END END AS costed_revenue, tax_minor AS tax, coalesce(unit_cost_local_minor * quantity, 0) AS cost_local, unit_cost_local_minor * quantity IS NULL AS local_cost_unknown, CASE WHEN unit_cost_local_minor * quantity IS NULL THEN 0 ELSE unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor END AS local_costed_net_revenue, unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor - unit_cost_local_minor * quantity AS margin
FROM sales WHERE status = 'completed'
UNION ALL
SELECT 'topup' AS kind, id, created_at, updated_at, staff_id, package_id, package_title, '' AS country_code, payment_method, retail_currency, net_currency, 1 AS count, 0 AS esims, retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END AS revenue, coalesce(cost_minor, 0) AS cost, cost_minor IS NULL AS cost_unknown, CASE WHEN cost_minor IS NULL THEN 0 ELSE retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END END AS costed_revenue, tax_minor AS tax, coalesce(cost_local_minor, 0) AS cost_local, cost_local_minor IS NULL AS local_cost_unknown, CASE WHEN cost_local_minor IS NULL THEN 0 ELSE retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor END AS local_costed_net_revenue, retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor - cost_local_minor AS margin
FROM topups WHERE status = 'completed'
UNION ALL
SELECT 'voucher' AS kind, id, created_at, coalesce(completed_at, created_at) AS updated_at, staff_id, package_id, package_title, coalesce(country_code, '') AS country_code, coalesce(payment_method, 'other') AS payment_method, retail_currency, coalesce(net_currency, retail_currency) AS net_currency, 1 AS count, quantity AS esims, unit_retail_minor * quantity AS revenue, coalesce(unit_cost_minor * quantity, 0) AS cost, unit_cost_minor * quantity IS NULL AS cost_unknown, CASE WHEN unit_cost_minor * quantity IS NULL THEN 0 ELSE unit_retail_minor * quantity END AS costed_revenue, 0 AS tax, coalesce(unit_cost_local_minor * quantity, 0) AS cost_local, unit_cost_local_minor * quantity IS NULL AS local_cost_unknown, CASE WHEN unit_cost_local_minor * quantity IS NULL THEN 0 ELSE unit_retail_minor * quantity END AS local_costed_net_revenue, unit_retail_minor * quantity - unit_cost_local_minor * quantity AS margin
FROM voucher_batches WHERE status = 'completed';

CREATE TRIGGER report_lines_add INSTEAD OF INSERT ON report_lines
BEGIN
INSERT INTO report_daily (utc_date, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown, local_costed_net_revenue, updated_at)
  SELECT substr(created_at, 1, 10), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown, local_costed_net_revenue, updated_at FROM report_lines WHERE kind = NEW.kind AND id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + excluded.count, esims = esims + excluded.esims, revenue = revenue + excluded.revenue, cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown, costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax, cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown, local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue, package_title = excluded.package_title, updated_at = excluded.updated_at;
INSERT INTO report_monthly (utc_month, kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown, local_costed_net_revenue, updated_at)
  SELECT substr(created_at, 1, 7), kind, staff_id, package_id, package_title, country_code, payment_method, retail_currency, net_currency, count, esims, revenue, cost, cost_unknown, costed_revenue, tax, cost_local, local_cost_unknown, local_costed_net_revenue, updated_at FROM report_lines WHERE kind = NEW.kind AND id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + excluded.count, esims = esims + excluded.esims, revenue = revenue + excluded.revenue, cost = cost + excluded.cost, cost_unknown = cost_unknown + excluded.cost_unknown, costed_revenue = costed_revenue + excluded.costed_revenue, tax = tax + excluded.tax, cost_local = cost_local + excluded.cost_local, local_cost_unknown = local_cost_unknown + excluded.local_cost_unknown, local_costed_net_revenue = local_costed_net_revenue + excluded.local_costed_net_revenue, package_title = excluded.package_title, updated_at = excluded.updated_at;
INSERT INTO report_quarter_hourly (utc_quarter, retail_currency, count, revenue, updated_at)
  SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15), retail_currency, count, revenue, updated_at FROM report_lines WHERE kind = NEW.kind AND id = NEW.id
  ON CONFLICT DO UPDATE SET count = count + excluded.count, revenue = revenue + excluded.revenue, updated_at = excluded.updated_at;
INSERT INTO report_quarter_margin (utc_quarter, retail_currency, margin)
  SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15), retail_currency, margin FROM report_lines WHERE kind = NEW.kind AND id = NEW.id AND margin IS NOT NULL
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

CREATE TRIGGER sales_report_on_complete AFTER UPDATE OF status ON sales WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN INSERT INTO report_lines (kind, id) VALUES ('sale', NEW.id); END;

CREATE TRIGGER sales_report_on_insert AFTER INSERT ON sales WHEN NEW.status = 'completed'
BEGIN INSERT INTO report_lines (kind, id) VALUES ('sale', NEW.id); END;

CREATE TRIGGER topups_report_on_complete AFTER UPDATE OF status ON topups WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN INSERT INTO report_lines (kind, id) VALUES ('topup', NEW.id); END;

CREATE TRIGGER topups_report_on_insert AFTER INSERT ON topups WHEN NEW.status = 'completed'
BEGIN INSERT INTO report_lines (kind, id) VALUES ('topup', NEW.id); END;

CREATE TRIGGER voucher_batches_report_on_complete AFTER UPDATE OF status ON voucher_batches WHEN NEW.status = 'completed' AND OLD.status <> 'completed'
BEGIN INSERT INTO report_lines (kind, id) VALUES ('voucher', NEW.id); END;

CREATE VIEW chain_sale_rows AS
SELECT id, json_object(
  'id', id, 'kind', 'sale', 'reference', reference, 'status', status,
  'package_id', package_id, 'package_title', package_title, 'country_code', coalesce(destination_country_code, package_country_code), 'quantity', quantity,
  'esims', quantity, 'unit_price_minor', unit_retail_minor, 'total_minor', unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END, 'currency', retail_currency,
  'tax_minor', tax_minor, 'cost_minor', unit_cost_minor * quantity, 'cost_currency', net_currency, 'cost_local_minor', unit_cost_local_minor * quantity,
  'payment_method', payment_method, 'staff_id', staff_id, 'partner_order_code', partner_order_code, 'failure_code', failure_code,
  'iccid', NULL, 'created_at', created_at, 'updated_at', updated_at, 'completed_at', completed_at) AS payload
FROM sales;

CREATE VIEW chain_topup_rows AS
SELECT id, json_object(
  'id', id, 'kind', 'topup', 'reference', reference, 'status', status,
  'package_id', package_id, 'package_title', package_title, 'country_code', NULL, 'quantity', 1,
  'esims', 0, 'unit_price_minor', retail_minor, 'total_minor', retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END, 'currency', retail_currency,
  'tax_minor', tax_minor, 'cost_minor', cost_minor, 'cost_currency', net_currency, 'cost_local_minor', cost_local_minor,
  'payment_method', payment_method, 'staff_id', staff_id, 'partner_order_code', partner_order_code, 'failure_code', failure_code,
  'iccid', iccid, 'created_at', created_at, 'updated_at', updated_at, 'completed_at', completed_at) AS payload
FROM topups;

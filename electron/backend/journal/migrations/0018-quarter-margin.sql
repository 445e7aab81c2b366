-- 0018: the margin per quarter hour. Never edit this file once it has landed.
--
-- The reports chart margin per day beside revenue. Summing it from the sales rows made a 90-day
-- report read every row of the range; a quarter-hour rollup now keeps it, as one keeps revenue. It is the
-- margin in the currency sold in (revenue less tax less the cost at the sale's rate) over the rows
-- whose cost in that currency is known; a row whose cost is unknown adds nothing, as in report_daily.
-- It is a table of its own beside report_quarter_hourly, whose triggers (0012) insert by position
-- and would break on a new column; the two share their key and are read joined on it.
CREATE TABLE report_quarter_margin (
  utc_quarter     TEXT    NOT NULL, -- 'YYYY-MM-DDTHH:MM', minutes 00, 15, 30 or 45
  retail_currency TEXT    NOT NULL,
  margin          INTEGER NOT NULL,
  PRIMARY KEY (utc_quarter, retail_currency)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER sales_quarter_margin_on_complete AFTER UPDATE OF status ON sales
WHEN NEW.status = 'completed' AND OLD.status <> 'completed' AND NEW.unit_cost_local_minor IS NOT NULL
BEGIN
  INSERT INTO report_quarter_margin
  VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15),
    NEW.retail_currency,
    NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor
      - NEW.unit_cost_local_minor * NEW.quantity)
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

CREATE TRIGGER sales_quarter_margin_on_insert AFTER INSERT ON sales
WHEN NEW.status = 'completed' AND NEW.unit_cost_local_minor IS NOT NULL
BEGIN
  INSERT INTO report_quarter_margin
  VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15),
    NEW.retail_currency,
    NEW.unit_retail_minor * NEW.quantity + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor
      - NEW.unit_cost_local_minor * NEW.quantity)
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

CREATE TRIGGER topups_quarter_margin_on_complete AFTER UPDATE OF status ON topups
WHEN NEW.status = 'completed' AND OLD.status <> 'completed' AND NEW.cost_local_minor IS NOT NULL
BEGIN
  INSERT INTO report_quarter_margin
  VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15),
    NEW.retail_currency,
    NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor - NEW.cost_local_minor)
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

CREATE TRIGGER topups_quarter_margin_on_insert AFTER INSERT ON topups
WHEN NEW.status = 'completed' AND NEW.cost_local_minor IS NOT NULL
BEGIN
  INSERT INTO report_quarter_margin
  VALUES (substr(NEW.created_at, 1, 14) || printf('%02d', CAST(substr(NEW.created_at, 15, 2) AS INTEGER) / 15 * 15),
    NEW.retail_currency,
    NEW.retail_minor + CASE WHEN NEW.tax_mode = 'added' THEN NEW.tax_minor ELSE 0 END - NEW.tax_minor - NEW.cost_local_minor)
  ON CONFLICT DO UPDATE SET margin = margin + excluded.margin;
END;

-- What was completed before this migration.
INSERT INTO report_quarter_margin
  SELECT quarter, currency, sum(m) FROM (
    SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15) AS quarter,
      retail_currency AS currency,
      unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor
        - unit_cost_local_minor * quantity AS m
    FROM sales WHERE status = 'completed' AND unit_cost_local_minor IS NOT NULL
    UNION ALL
    SELECT substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15),
      retail_currency, retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END - tax_minor - cost_local_minor
    FROM topups WHERE status = 'completed' AND cost_local_minor IS NOT NULL)
  GROUP BY quarter, currency;

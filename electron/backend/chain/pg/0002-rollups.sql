-- 0002: running totals for the head office's reports. Never edit this file once it has landed.
--
-- Kept by statement triggers on chain.orders as batches arrive, in the same transaction: each
-- batch adds what it completes and takes back the old copy of what it replaces, so a row sent
-- twice, or changed after it was counted, is never counted twice. They hold nothing that cannot be
-- rebuilt from chain.orders (chain.rebuild_rollups()). Only completed orders count.

-- Per store, counter, day and every dimension a report breaks down by ('' for none).
CREATE TABLE chain.rollup_daily (
  environment    text   NOT NULL,
  store_id       text   NOT NULL,
  counter_id     text   NOT NULL,
  local_date     date   NOT NULL,
  kind           text   NOT NULL,
  staff_id       text   NOT NULL,
  package_id     text   NOT NULL,
  country_code   text   NOT NULL,
  payment_method text   NOT NULL,
  currency       text   NOT NULL,
  cost_currency  text   NOT NULL,
  package_title  text   NOT NULL,
  count          bigint NOT NULL,
  esims          bigint NOT NULL,
  revenue_minor  bigint NOT NULL,
  tax_minor      bigint NOT NULL,
  cost_minor     bigint NOT NULL,
  cost_unknown   bigint NOT NULL,
  PRIMARY KEY (environment, store_id, counter_id, local_date, kind, staff_id, package_id, country_code, payment_method,
    currency, cost_currency)
);

-- Per store and day, and per store and month: a chain's report over any period reads whole months
-- from the second and the odd days at either end from the first.
CREATE TABLE chain.rollup_store_daily (
  environment   text   NOT NULL,
  store_id      text   NOT NULL,
  local_date    date   NOT NULL,
  kind          text   NOT NULL,
  currency      text   NOT NULL,
  count         bigint NOT NULL,
  esims         bigint NOT NULL,
  revenue_minor bigint NOT NULL,
  PRIMARY KEY (environment, local_date, store_id, kind, currency)
);

CREATE TABLE chain.rollup_store_monthly (
  environment   text   NOT NULL,
  store_id      text   NOT NULL,
  month         date   NOT NULL,
  kind          text   NOT NULL,
  currency      text   NOT NULL,
  count         bigint NOT NULL,
  esims         bigint NOT NULL,
  revenue_minor bigint NOT NULL,
  PRIMARY KEY (environment, month, store_id, kind, currency)
);

CREATE TYPE chain.order_delta AS (
  environment text, store_id text, counter_id text, local_date date, kind text, staff_id text, package_id text,
  country_code text, payment_method text, currency text, cost_currency text, package_title text,
  n bigint, esims bigint, revenue bigint, tax bigint, cost bigint, cost_unknown bigint
);

-- What one copy of an order adds to the totals (sign 1) or takes back (sign -1).
CREATE FUNCTION chain.delta_of(o chain.orders, sign integer) RETURNS chain.order_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.environment, o.store_id, o.counter_id, o.local_date, o.kind, o.staff_id, o.package_id,
    coalesce(o.country_code, ''), o.payment_method, o.currency, coalesce(o.cost_currency, ''), o.package_title,
    sign, sign * o.esims, sign * o.total_minor, sign * o.tax_minor, sign * coalesce(o.cost_minor, 0),
    sign * (o.cost_minor IS NULL)::integer)::chain.order_delta
$$;

-- Rows are taken in key order, so two counters of one store lock the same totals in the same order.
CREATE FUNCTION chain.apply_order_deltas(deltas chain.order_delta[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = chain, pg_catalog AS $$
  WITH d AS (SELECT * FROM unnest(deltas)),
  daily AS (
    INSERT INTO chain.rollup_daily AS r (environment, store_id, counter_id, local_date, kind, staff_id, package_id,
      country_code, payment_method, currency, cost_currency, package_title, count, esims, revenue_minor, tax_minor,
      cost_minor, cost_unknown)
    SELECT environment, store_id, counter_id, local_date, kind, staff_id, package_id, country_code, payment_method,
      currency, cost_currency, max(package_title), sum(n), sum(esims), sum(revenue), sum(tax), sum(cost), sum(cost_unknown)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT (environment, store_id, counter_id, local_date, kind, staff_id, package_id, country_code, payment_method,
      currency, cost_currency)
    DO UPDATE SET count = r.count + excluded.count, esims = r.esims + excluded.esims,
      revenue_minor = r.revenue_minor + excluded.revenue_minor, tax_minor = r.tax_minor + excluded.tax_minor,
      cost_minor = r.cost_minor + excluded.cost_minor, cost_unknown = r.cost_unknown + excluded.cost_unknown,
      package_title = excluded.package_title
  ),
  store_daily AS (
    INSERT INTO chain.rollup_store_daily AS r (environment, store_id, local_date, kind, currency, count, esims, revenue_minor)
    SELECT environment, store_id, local_date, kind, currency, sum(n), sum(esims), sum(revenue)
    FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 2, 4, 5
    ON CONFLICT (environment, local_date, store_id, kind, currency)
    DO UPDATE SET count = r.count + excluded.count, esims = r.esims + excluded.esims,
      revenue_minor = r.revenue_minor + excluded.revenue_minor
  )
  INSERT INTO chain.rollup_store_monthly AS r (environment, store_id, month, kind, currency, count, esims, revenue_minor)
  SELECT environment, store_id, date_trunc('month', local_date)::date, kind, currency, sum(n), sum(esims), sum(revenue)
  FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 2, 4, 5
  ON CONFLICT (environment, month, store_id, kind, currency)
  DO UPDATE SET count = r.count + excluded.count, esims = r.esims + excluded.esims,
    revenue_minor = r.revenue_minor + excluded.revenue_minor
$$;

CREATE FUNCTION chain.orders_rollup_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = chain, pg_catalog AS $$
BEGIN
  PERFORM chain.apply_order_deltas(ARRAY(SELECT chain.delta_of(n, 1) FROM new_rows n WHERE n.status = 'completed'));
  RETURN NULL;
END
$$;

CREATE FUNCTION chain.orders_rollup_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = chain, pg_catalog AS $$
BEGIN
  PERFORM chain.apply_order_deltas(ARRAY(
    SELECT chain.delta_of(n, 1) FROM new_rows n WHERE n.status = 'completed'
    UNION ALL
    SELECT chain.delta_of(o, -1) FROM old_rows o WHERE o.status = 'completed'));
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_rollup_insert AFTER INSERT ON chain.orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain.orders_rollup_insert();
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON chain.orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain.orders_rollup_update();

-- The totals again from the orders themselves: after a bulk load with triggers off, or to check them.
CREATE FUNCTION chain.rebuild_rollups() RETURNS void
LANGUAGE plpgsql SET search_path = chain, pg_catalog AS $$
BEGIN
  TRUNCATE chain.rollup_daily, chain.rollup_store_daily, chain.rollup_store_monthly;
  INSERT INTO chain.rollup_daily (environment, store_id, counter_id, local_date, kind, staff_id, package_id,
    country_code, payment_method, currency, cost_currency, package_title, count, esims, revenue_minor, tax_minor,
    cost_minor, cost_unknown)
  SELECT environment, store_id, counter_id, local_date, kind, staff_id, package_id, coalesce(country_code, ''),
    payment_method, currency, coalesce(cost_currency, ''), max(package_title), count(*), sum(esims), sum(total_minor),
    sum(tax_minor), sum(coalesce(cost_minor, 0)), count(*) FILTER (WHERE cost_minor IS NULL)
  FROM chain.orders WHERE status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
  INSERT INTO chain.rollup_store_daily (environment, store_id, local_date, kind, currency, count, esims, revenue_minor)
  SELECT environment, store_id, local_date, kind, currency, sum(count), sum(esims), sum(revenue_minor)
  FROM chain.rollup_daily GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO chain.rollup_store_monthly (environment, store_id, month, kind, currency, count, esims, revenue_minor)
  SELECT environment, store_id, date_trunc('month', local_date)::date, kind, currency, sum(count), sum(esims),
    sum(revenue_minor)
  FROM chain.rollup_store_daily GROUP BY 1, 2, 3, 4, 5;
END
$$;

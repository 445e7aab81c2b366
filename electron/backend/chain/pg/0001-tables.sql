-- 0001: what the counters ship, one table per kind. Never edit this file once it has landed.
--
-- Every row is keyed by (store_id, counter_id, id): a counter's ids are UUIDs, unique in its own
-- journals, and the store and counter make them unique in the chain. `version` is the counter's
-- outbox seq: an upsert only ever replaces an older copy, so a batch sent twice (after a crash or a
-- cut between PostgreSQL's commit and the counter's note of it) changes nothing. `environment`
-- says which journal the row came from: reports show Production unless told otherwise.
--
-- The store_id leads every key, so partitioning by store or sharding by it (Citus's distribution
-- column) needs no change of key.

CREATE TABLE chain.stores (
  store_id   text PRIMARY KEY,
  role_name  text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chain.counters (
  store_id        text NOT NULL,
  counter_id      text NOT NULL,
  environment     text NOT NULL CHECK (environment IN ('demo', 'partner_sandbox', 'production')),
  store_name      text,
  time_zone       text,
  currency        text,
  app_version     text,
  -- The counter's outbox after its last batch, as it said then.
  waiting         integer NOT NULL DEFAULT 0,
  last_seq        bigint NOT NULL DEFAULT 0,
  last_shipped_at timestamptz,
  last_contact_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, environment)
);

-- Sales and top-ups in one table: the reports add them up the same way.
CREATE TABLE chain.orders (
  store_id           text NOT NULL,
  counter_id         text NOT NULL,
  id                 text NOT NULL,
  environment        text NOT NULL CHECK (environment IN ('demo', 'partner_sandbox', 'production')),
  version            bigint NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('sale', 'topup')),
  reference          text NOT NULL,
  status             text NOT NULL,
  package_id         text NOT NULL,
  package_title      text NOT NULL,
  country_code       text,
  quantity           integer NOT NULL,
  esims              integer NOT NULL,
  unit_price_minor   bigint NOT NULL,
  -- What the customer paid: the price, with the tax where it was added at checkout.
  total_minor        bigint NOT NULL,
  currency           text NOT NULL,
  tax_minor          bigint NOT NULL DEFAULT 0,
  -- NULL where the partner did not say: unknown, never zero.
  cost_minor         bigint,
  cost_currency      text,
  cost_local_minor   bigint,
  payment_method     text NOT NULL,
  staff_id           text NOT NULL,
  partner_order_code text,
  failure_code       text,
  iccid              text,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  completed_at       timestamptz,
  -- The store's own date of the sale, in its time zone when it was shipped.
  local_date         date NOT NULL,
  shipped_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);
CREATE INDEX orders_store_date ON chain.orders (store_id, local_date);

CREATE TABLE chain.staff (
  store_id    text NOT NULL,
  counter_id  text NOT NULL,
  id          text NOT NULL,
  environment text NOT NULL,
  version     bigint NOT NULL,
  name        text NOT NULL,
  role        text NOT NULL,
  active      boolean NOT NULL,
  language    text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  shipped_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);

CREATE TABLE chain.closes (
  store_id        text NOT NULL,
  counter_id      text NOT NULL,
  id              text NOT NULL,
  environment     text NOT NULL,
  version         bigint NOT NULL,
  local_date      date NOT NULL,
  sequence        integer NOT NULL,
  time_zone       text NOT NULL,
  closed_at       timestamptz NOT NULL,
  closed_by       text NOT NULL,
  expected        jsonb NOT NULL,
  counted_cash    jsonb NOT NULL,
  cash_difference jsonb NOT NULL,
  note            text,
  report          jsonb NOT NULL,
  reconciliation  jsonb NOT NULL,
  audit_head_seq  bigint,
  audit_head_hash text,
  shipped_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);
CREATE INDEX closes_store_date ON chain.closes (store_id, local_date);

CREATE TABLE chain.refunds (
  store_id     text NOT NULL,
  counter_id   text NOT NULL,
  id           text NOT NULL,
  environment  text NOT NULL,
  version      bigint NOT NULL,
  partner_id   text,
  iccids       jsonb NOT NULL,
  reason       text NOT NULL,
  notes        text,
  status       text NOT NULL,
  refusal      text,
  requested_by text NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  shipped_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);

CREATE TABLE chain.voids (
  store_id    text NOT NULL,
  counter_id  text NOT NULL,
  id          text NOT NULL,
  environment text NOT NULL,
  version     bigint NOT NULL,
  voided_at   timestamptz NOT NULL,
  voided_by   text NOT NULL,
  reason      text NOT NULL,
  shipped_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);

-- The audit chain as each counter wrote it: seq and hashes let the head office check it too.
CREATE TABLE chain.audit (
  store_id       text NOT NULL,
  counter_id     text NOT NULL,
  id             text NOT NULL,
  environment    text NOT NULL,
  version        bigint NOT NULL,
  seq            bigint NOT NULL,
  at             timestamptz NOT NULL,
  actor_staff_id text,
  action         text NOT NULL,
  subject        text,
  details        jsonb NOT NULL,
  prev_hash      text NOT NULL,
  hash           text NOT NULL,
  shipped_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, counter_id, id)
);

-- 0001: the first journal schema. Never edit this file once it has landed; add 0002-….sql instead.
--
-- Conventions, so that each counter's journal can later be pushed to a central PostgreSQL
-- without a migration of meaning:
--   * every row has a stable text id (UUID) or a natural key that is globally stable (ICCID,
--     package id, settings key), and an updated_at;
--   * timestamps are UTC ISO-8601 text ('2026-11-22T10:15:00.000Z');
--   * money is an integer in minor units next to its ISO 4217 currency;
--   * STRICT tables, so a wrong type is refused instead of silently stored.

-- 'eSIM' in ASCII: lets the app tell its journal from any other SQLite file.
PRAGMA application_id = 1699957069;

CREATE TABLE staff (
  id              TEXT    PRIMARY KEY NOT NULL,
  name            TEXT    NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 80),
  role            TEXT    NOT NULL CHECK (role IN ('clerk', 'manager')),
  -- 'scrypt$N=…,r=…,p=…$<base64 key>': the parameters travel with the hash so they can be raised.
  pin_hash        TEXT    NOT NULL,
  pin_salt        TEXT    NOT NULL,
  active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  -- Lockout lives here, not in memory, so a restart does not reset it.
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_at       TEXT,
  created_at      TEXT    NOT NULL,
  updated_at      TEXT    NOT NULL
) STRICT;

-- Two active people with the same name would be indistinguishable on the sign-in screen.
CREATE UNIQUE INDEX staff_active_name ON staff (lower(trim(name))) WHERE active = 1;

CREATE TABLE sales (
  id                   TEXT    PRIMARY KEY NOT NULL,
  -- Sent to the partner as the order description; the only handle to find an uncertain order.
  reference            TEXT    NOT NULL UNIQUE,
  status               TEXT    NOT NULL CHECK (status IN ('pending', 'submitting', 'completed', 'failed', 'uncertain', 'not_found')),
  package_id           TEXT    NOT NULL,
  -- Snapshot of the package as sold: the catalogue changes, the receipt must not.
  package_title        TEXT    NOT NULL,
  package_country_code TEXT,
  package_data         TEXT    NOT NULL,
  package_days         INTEGER NOT NULL CHECK (package_days > 0),
  quantity             INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  unit_retail_minor    INTEGER NOT NULL CHECK (unit_retail_minor >= 0),
  retail_currency      TEXT    NOT NULL CHECK (length(retail_currency) = 3 AND retail_currency = upper(retail_currency)),
  unit_net_minor       INTEGER NOT NULL CHECK (unit_net_minor >= 0),
  net_currency         TEXT    NOT NULL CHECK (length(net_currency) = 3 AND net_currency = upper(net_currency)),
  payment_method       TEXT    NOT NULL CHECK (payment_method IN ('cash', 'card', 'other')),
  customer_email       TEXT,
  staff_id             TEXT    NOT NULL REFERENCES staff (id),
  partner_order_id     TEXT,
  partner_order_code   TEXT,
  failure_code         TEXT,
  failure_reason       TEXT,
  attempts             INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at           TEXT    NOT NULL,
  updated_at           TEXT    NOT NULL,
  submitted_at         TEXT,
  completed_at         TEXT
) STRICT;

-- Start-up reconciliation looks for unfinished rows; reports and history go by time and clerk.
CREATE INDEX sales_status ON sales (status) WHERE status IN ('pending', 'submitting', 'uncertain', 'not_found');
CREATE INDEX sales_created_at ON sales (created_at);
CREATE INDEX sales_staff_created_at ON sales (staff_id, created_at);
CREATE INDEX sales_updated_at ON sales (updated_at);

CREATE TABLE esims (
  id                     TEXT PRIMARY KEY NOT NULL,
  sale_id                TEXT REFERENCES sales (id),
  -- Stored normalised (shared/iccid.ts): digits only, no trailing F.
  iccid                  TEXT NOT NULL UNIQUE CHECK (length(iccid) BETWEEN 18 AND 22 AND iccid NOT GLOB '*[^0-9]*'),
  -- lpa, matching_id and the QR are bearer secrets: never copy them into the audit log.
  lpa                    TEXT,
  matching_id            TEXT,
  qrcode                 TEXT,
  apple_installation_url TEXT,
  qrcode_url             TEXT,
  created_at             TEXT NOT NULL,
  updated_at             TEXT NOT NULL
) STRICT;

CREATE INDEX esims_sale_id ON esims (sale_id);
CREATE INDEX esims_updated_at ON esims (updated_at);

-- Top-ups go through the same states as sales. The ICCID is not a foreign key: the eSIM may
-- have been sold elsewhere.
CREATE TABLE topups (
  id                 TEXT    PRIMARY KEY NOT NULL,
  reference          TEXT    NOT NULL UNIQUE,
  status             TEXT    NOT NULL CHECK (status IN ('pending', 'submitting', 'completed', 'failed', 'uncertain', 'not_found')),
  iccid              TEXT    NOT NULL CHECK (length(iccid) BETWEEN 18 AND 22 AND iccid NOT GLOB '*[^0-9]*'),
  -- 0 when the clerk confirmed an ICCID that failed the Luhn check.
  iccid_luhn_valid   INTEGER NOT NULL CHECK (iccid_luhn_valid IN (0, 1)),
  package_id         TEXT    NOT NULL,
  package_title      TEXT    NOT NULL,
  package_data       TEXT    NOT NULL,
  package_days       INTEGER NOT NULL CHECK (package_days > 0),
  retail_minor       INTEGER NOT NULL CHECK (retail_minor >= 0),
  retail_currency    TEXT    NOT NULL CHECK (length(retail_currency) = 3 AND retail_currency = upper(retail_currency)),
  net_minor          INTEGER NOT NULL CHECK (net_minor >= 0),
  net_currency       TEXT    NOT NULL CHECK (length(net_currency) = 3 AND net_currency = upper(net_currency)),
  payment_method     TEXT    NOT NULL CHECK (payment_method IN ('cash', 'card', 'other')),
  staff_id           TEXT    NOT NULL REFERENCES staff (id),
  partner_order_id   TEXT,
  partner_order_code TEXT,
  failure_code       TEXT,
  failure_reason     TEXT,
  attempts           INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at         TEXT    NOT NULL,
  updated_at         TEXT    NOT NULL,
  submitted_at       TEXT,
  completed_at       TEXT
) STRICT;

CREATE INDEX topups_status ON topups (status) WHERE status IN ('pending', 'submitting', 'uncertain', 'not_found');
CREATE INDEX topups_iccid ON topups (iccid);
CREATE INDEX topups_created_at ON topups (created_at);
CREATE INDEX topups_updated_at ON topups (updated_at);

-- The partner allows few usage reads per ICCID; next_allowed_at honours Retry-After.
CREATE TABLE usage_cache (
  iccid           TEXT PRIMARY KEY NOT NULL CHECK (length(iccid) BETWEEN 18 AND 22 AND iccid NOT GLOB '*[^0-9]*'),
  payload         TEXT NOT NULL CHECK (json_valid(payload)),
  fetched_at      TEXT NOT NULL,
  next_allowed_at TEXT NOT NULL,
  updated_at      TEXT NOT NULL
) STRICT;

-- One row per package, with the columns the counter searches on pulled out of the payload.
CREATE TABLE catalog_cache (
  package_id     TEXT    PRIMARY KEY NOT NULL,
  kind           TEXT    NOT NULL CHECK (kind IN ('local', 'regional', 'global')),
  -- ISO 3166 alpha-2 for local packages; NULL for regional and global ones.
  country_code   TEXT    CHECK (country_code IS NULL OR length(country_code) = 2),
  -- The partner's slug of the country or region ('france', 'europe', 'world').
  area_slug      TEXT    NOT NULL,
  area_title     TEXT    NOT NULL,
  operator_title TEXT    NOT NULL,
  title          TEXT    NOT NULL,
  data_text      TEXT    NOT NULL,
  amount_mb      INTEGER NOT NULL CHECK (amount_mb >= 0),
  days           INTEGER NOT NULL CHECK (days > 0),
  is_unlimited   INTEGER NOT NULL CHECK (is_unlimited IN (0, 1)),
  -- NULL under the partner's discount pricing, where no net price is published per package.
  net_minor      INTEGER CHECK (net_minor IS NULL OR net_minor >= 0),
  net_currency   TEXT    CHECK (net_currency IS NULL OR length(net_currency) = 3),
  payload        TEXT    NOT NULL CHECK (json_valid(payload)),
  fetched_at     TEXT    NOT NULL,
  updated_at     TEXT    NOT NULL
) STRICT;

CREATE INDEX catalog_cache_country ON catalog_cache (country_code);
CREATE INDEX catalog_cache_area ON catalog_cache (kind, area_slug);

-- The partner's list of eSIM-capable phones, one row per model.
CREATE TABLE device_cache (
  id         TEXT PRIMARY KEY NOT NULL,
  os         TEXT NOT NULL,
  brand      TEXT NOT NULL,
  name       TEXT NOT NULL,
  model      TEXT,
  payload    TEXT NOT NULL CHECK (json_valid(payload)),
  fetched_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE INDEX device_cache_brand_name ON device_cache (lower(brand), lower(name));

CREATE TABLE settings (
  key        TEXT PRIMARY KEY NOT NULL,
  value      TEXT NOT NULL CHECK (json_valid(value)),
  updated_at TEXT NOT NULL
) STRICT;

-- Append-only and hash-chained: hash = sha256(prev_hash || canonical JSON of the row).
-- Rows are never updated, so `at` doubles as their updated_at for a later push.
CREATE TABLE audit_log (
  seq            INTEGER PRIMARY KEY NOT NULL,
  id             TEXT    NOT NULL UNIQUE,
  at             TEXT    NOT NULL,
  actor_staff_id TEXT    REFERENCES staff (id),
  action         TEXT    NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
  subject        TEXT,
  details        TEXT    NOT NULL CHECK (json_valid(details)),
  prev_hash      TEXT    NOT NULL CHECK (length(prev_hash) = 64),
  hash           TEXT    NOT NULL UNIQUE CHECK (length(hash) = 64)
) STRICT;

CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_subject ON audit_log (subject);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be updated');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be deleted');
END;

-- A row must continue the chain and follow the last seq; writers cannot fork or skip it.
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
WHEN NEW.prev_hash IS NOT coalesce((SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1), '0000000000000000000000000000000000000000000000000000000000000000')
  OR NEW.seq IS NOT coalesce((SELECT max(seq) FROM audit_log), 0) + 1
BEGIN
  SELECT RAISE(ABORT, 'audit_log insert does not continue the hash chain');
END;

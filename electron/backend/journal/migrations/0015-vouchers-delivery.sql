-- Issue 15, the rest of the partner service at the counter.

-- eSIM vouchers bought from the partner: one batch per request (a package, a quantity, a booking
-- reference), written before the request is sent, so a lost answer is never a lost purchase.
CREATE TABLE voucher_batches (
  id                TEXT    PRIMARY KEY NOT NULL,
  status            TEXT    NOT NULL CHECK (status IN ('submitting', 'completed', 'failed', 'uncertain')),
  package_id        TEXT    NOT NULL,
  package_title     TEXT    NOT NULL,
  package_data      TEXT    NOT NULL,
  package_days      INTEGER NOT NULL CHECK (package_days > 0),
  country_code      TEXT,
  coverage_name     TEXT    NOT NULL,
  quantity          INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  booking_reference TEXT,
  unit_retail_minor INTEGER NOT NULL CHECK (unit_retail_minor >= 0),
  retail_currency   TEXT    NOT NULL CHECK (length(retail_currency) = 3),
  staff_id          TEXT    NOT NULL REFERENCES staff (id),
  refusal           TEXT,
  created_at        TEXT    NOT NULL,
  completed_at      TEXT,
  printed_at        TEXT
) STRICT;

CREATE INDEX voucher_batches_created_at ON voucher_batches (created_at);

-- The codes are what the customer redeems: kept once, never changed.
CREATE TABLE voucher_codes (
  code     TEXT    PRIMARY KEY NOT NULL,
  batch_id TEXT    NOT NULL REFERENCES voucher_batches (id),
  position INTEGER NOT NULL
) STRICT;

CREATE INDEX voucher_codes_batch ON voucher_codes (batch_id, position);

CREATE TRIGGER voucher_codes_no_update BEFORE UPDATE ON voucher_codes
BEGIN
  SELECT RAISE(ABORT, 'a voucher code is never changed');
END;

-- How the service e-mailed a sale's eSIMs: 'link', 'pdf' or 'link,pdf'; the store's copy address;
-- the partner's brand. NULL on sales before this migration (a link, no copy, no brand).
ALTER TABLE sales ADD COLUMN sharing_options TEXT;
ALTER TABLE sales ADD COLUMN copy_address TEXT;
ALTER TABLE sales ADD COLUMN brand TEXT;

-- The partner's product information sheet per package, kept while the catalogue lists the package.
CREATE TABLE product_sheets (
  package_id   TEXT PRIMARY KEY NOT NULL,
  version_hash TEXT,
  payload      TEXT NOT NULL,
  fetched_at   TEXT NOT NULL
) STRICT;

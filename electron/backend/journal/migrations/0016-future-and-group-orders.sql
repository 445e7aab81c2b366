-- 0016: future orders and group (asynchronous) orders. Never edit this file once it has landed.
--
-- A group order is a sale (its row in `sales`, its eSIMs in `esims`) that goes to the partner as an
-- asynchronous order: the service answers 202 with a request id and makes the eSIMs later. The
-- counter cannot receive the service's webhook, so it looks the order up by the sale's reference
-- until it is there. This table says which sales go that way and what their look-ups found.
CREATE TABLE group_orders (
  sale_id         TEXT    PRIMARY KEY NOT NULL REFERENCES sales (id),
  -- The service's id for the accepted request (25 characters); NULL until it said it accepted one.
  request_id      TEXT    CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 64),
  accepted_at     TEXT,
  -- Look-ups made since the last send, and when the last one answered: the progress on screen.
  checks          INTEGER NOT NULL DEFAULT 0 CHECK (checks >= 0),
  last_checked_at TEXT,
  -- Failed orders the service listed under this reference before the current attempt: only one more
  -- than this says the current attempt failed.
  failed_seen     INTEGER NOT NULL DEFAULT 0 CHECK (failed_seen >= 0),
  updated_at      TEXT    NOT NULL
) STRICT;

-- A future order: paid at the counter now, sent to the service now, made by the service at its due
-- time and e-mailed to the customer. When the service has made it, its sale row (prepared when it
-- was paid, kept in `sale`) is written to `sales` with its eSIMs, so it is in History and the reports.
CREATE TABLE future_orders (
  id                     TEXT    PRIMARY KEY NOT NULL,
  -- Sent as the order's description: the handle to find it in the service's lists.
  reference              TEXT    NOT NULL UNIQUE,
  status                 TEXT    NOT NULL CHECK (status IN
    ('pending', 'submitting', 'uncertain', 'scheduled', 'cancelling', 'failed', 'cancelled', 'fulfilled')),
  package_id             TEXT    NOT NULL,
  quantity               INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  customer_email         TEXT    NOT NULL CHECK (length(customer_email) BETWEEN 3 AND 254),
  staff_id               TEXT    NOT NULL REFERENCES staff (id),
  -- The due time in UTC (ISO-8601), and as the service was sent it ('YYYY-MM-DD HH:MM', UTC).
  due_at                 TEXT    NOT NULL,
  due_minute             TEXT    NOT NULL CHECK (due_minute GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]'),
  request_id             TEXT    CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 64),
  latest_cancellation_at TEXT,
  -- What the service's list last said of it while scheduled.
  partner_status         TEXT    CHECK (partner_status IS NULL OR partner_status IN ('pending', 'retry', 'failed')),
  failure_code           TEXT,
  failure_reason         TEXT,
  attempts               INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- The sale as it was paid for (prices, tax, rate), written to `sales` when the service makes it.
  sale                   TEXT    NOT NULL CHECK (json_valid(sale)),
  sale_id                TEXT    REFERENCES sales (id),
  created_at             TEXT    NOT NULL,
  updated_at             TEXT    NOT NULL,
  submitted_at           TEXT,
  checked_at             TEXT,
  settled_at             TEXT,
  CHECK ((status = 'fulfilled') = (sale_id IS NOT NULL))
) STRICT;

CREATE INDEX future_orders_open ON future_orders (status)
  WHERE status IN ('pending', 'submitting', 'uncertain', 'scheduled', 'cancelling');
CREATE INDEX future_orders_due_at ON future_orders (due_at);
CREATE INDEX future_orders_updated_at ON future_orders (updated_at);

-- Made, cancelled or failed is final: the customer has their eSIM or their money back.
CREATE TRIGGER future_orders_settled_is_final BEFORE UPDATE OF status ON future_orders
WHEN OLD.status IN ('failed', 'cancelled', 'fulfilled') AND NEW.status IS NOT OLD.status
BEGIN
  SELECT RAISE(ABORT, 'a settled future order cannot change status');
END;

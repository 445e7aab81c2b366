-- 0014: refunds followed to their answer, and started from a sale. Never edit this file once it has landed.
--
-- The service reviews refund requests by hand and offers no way to read one back. What it does say
-- is each order's status: completed, partially_refunded or refunded (GET /v2/orders, /v2/orders/{id}).
-- So each eSIM of a request keeps the status its order had when the request was sent (the
-- baseline) and the status read since; a change is the service's answer (electron/services/refunds.ts).

-- The sale a refund was started from in History; null for one typed on the Refunds screen.
ALTER TABLE refund_requests ADD COLUMN sale_id TEXT REFERENCES sales (id);

-- One row per eSIM of each request, refused ones included, so an eSIM's latest request says its state.
CREATE TABLE refund_esims (
  request_id   TEXT NOT NULL REFERENCES refund_requests (id),
  iccid        TEXT NOT NULL CHECK (length(iccid) BETWEEN 18 AND 22 AND iccid NOT GLOB '*[^0-9]*'),
  -- The sale it came with at this counter; null for an eSIM sold elsewhere.
  sale_id      TEXT REFERENCES sales (id),
  requested_at TEXT NOT NULL,
  -- The partner's order id, once known (from the sale, or looked up by ICCID).
  order_id     TEXT,
  -- The order's status when the request was sent, and at the last check.
  baseline     TEXT CHECK (baseline IN ('completed', 'partially_refunded', 'refunded')),
  order_status TEXT CHECK (order_status IN ('completed', 'partially_refunded', 'refunded')),
  -- in_review until the order's status changes; unclear when the order was refunded in part and
  -- the service does not say which of its eSIMs; refused when the service refused the request.
  state        TEXT NOT NULL CHECK (state IN ('in_review', 'refunded', 'unclear', 'refused')),
  checked_at   TEXT,
  decided_at   TEXT,
  PRIMARY KEY (request_id, iccid)
) STRICT;

CREATE INDEX refund_esims_iccid ON refund_esims (iccid);
CREATE INDEX refund_esims_sale_id ON refund_esims (sale_id) WHERE sale_id IS NOT NULL;
CREATE INDEX refund_esims_open ON refund_esims (state) WHERE state IN ('in_review', 'unclear');

-- eSIMs sold here that the service has refunded: reports count them apart from those sold. The
-- sale's time is kept with each, so a report's period finds them by this index alone.
CREATE TABLE refunded_esims (
  iccid           TEXT PRIMARY KEY NOT NULL,
  sale_id         TEXT NOT NULL REFERENCES sales (id),
  sale_created_at TEXT NOT NULL,
  -- The request it was refunded on; null when the whole order was refunded and this eSIM was not asked for.
  request_id      TEXT REFERENCES refund_requests (id),
  seen_at         TEXT NOT NULL
) STRICT;

CREATE INDEX refunded_esims_sale_created_at ON refunded_esims (sale_created_at);
CREATE INDEX refunded_esims_sale_id ON refunded_esims (sale_id);

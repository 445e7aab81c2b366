-- 0027: offline sales. A sale taken while the eSIM service could not be reached: paid at the
-- counter, its eSIM e-mailed once the service answers. It waits here (`queued`) with the sale's row
-- as it was taken; placing it writes that row to `sales` and marks this one `placed` in one commit,
-- after which the sale's own machine sends it once. A sale whose time ran out (`lapsed`) or that a
-- manager refunded before it was placed (`withdrawn`) gets a failed sale row for the refund.
-- Never edit this file once it has landed.
CREATE TABLE offline_sales (
  sale_id        TEXT PRIMARY KEY NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('queued', 'placed', 'lapsed', 'withdrawn')),
  reference      TEXT NOT NULL UNIQUE,
  customer_email TEXT NOT NULL,
  total_minor    INTEGER NOT NULL CHECK (total_minor >= 0),
  currency       TEXT NOT NULL CHECK (length(currency) = 3),
  staff_id       TEXT NOT NULL REFERENCES staff (id),
  -- The sale as the clerk took it (electron/backend/sales/db.ts SaleRow), at the price shown then.
  sale           TEXT NOT NULL CHECK (json_valid(sale)),
  taken_at       TEXT NOT NULL,
  -- Placed by then, or refused and listed for a refund: never placed late.
  deadline       TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT;

CREATE INDEX offline_sales_taken_at ON offline_sales (taken_at);

-- Only a waiting sale moves, and it leaves the queue only with its sale written.
CREATE TRIGGER offline_sales_final
BEFORE UPDATE OF status ON offline_sales
WHEN OLD.status <> 'queued'
BEGIN
  SELECT RAISE(ABORT, 'an offline sale that left the queue never moves again');
END;

CREATE TRIGGER offline_sales_leave_with_sale
BEFORE UPDATE OF status ON offline_sales
WHEN NEW.status <> 'queued' AND NOT EXISTS (SELECT 1 FROM sales WHERE id = NEW.sale_id)
BEGIN
  SELECT RAISE(ABORT, 'an offline sale leaves the queue only with its sale written');
END;

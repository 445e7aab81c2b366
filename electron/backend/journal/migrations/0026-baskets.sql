-- 0026: baskets. One payment for several lines (packages with quantities, top-ups by ICCID); each
-- line is its own sale or top-up, sent exactly once by the order machine under the id kept here,
-- and counted wherever sales and top-ups are. The basket and its lines are written before any line
-- is sent, so a basket asked again (after a crash, a lost answer) resumes under the same ids.
-- Never edit this file once it has landed.
CREATE TABLE baskets (
  id TEXT PRIMARY KEY,
  payment_method TEXT NOT NULL,
  staff_id TEXT NOT NULL REFERENCES staff(id),
  created_at TEXT NOT NULL
);

CREATE TABLE basket_lines (
  basket_id TEXT NOT NULL REFERENCES baskets(id),
  idx INTEGER NOT NULL CHECK (idx >= 0),
  kind TEXT NOT NULL CHECK (kind IN ('sale', 'topup')),
  -- The sale's or top-up's id: the line is that order, once.
  order_id TEXT NOT NULL UNIQUE,
  package_id TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  iccid TEXT CHECK ((kind = 'topup') = (iccid IS NOT NULL)),
  -- Refused before any order was written (the package gone, sales paused): its failure as JSON.
  refusal TEXT,
  PRIMARY KEY (basket_id, idx)
);

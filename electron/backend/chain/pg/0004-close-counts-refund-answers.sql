-- 0004: what a close counted, and the service's answers to refunds. Never edit this file once it has landed.
--
-- The counters' journal migration 0020 adds these keys to the close and refund payloads; the upsert
-- (electron/chain/upsert.ts) writes each key to the column of its name. NULL is a row shipped by a
-- counter whose app did not send them yet (or, for float and tenders, a close made before the
-- counter kept them): not known, never "none". Same tables, so row-level security (0003) and the
-- store roles' grants cover them as they are.
--
-- The head office is migrated before its counters' apps are updated: an updated counter's upsert
-- names these columns, and a head office without them refuses its batches (42703) until it has them.

-- JSON: [{ currency, minor }] the opening float the close expected back (empty for supplementary closes)
ALTER TABLE chain.closes ADD COLUMN float jsonb;
-- JSON: [{ method, currency, expected, counted, difference }] each tender other than cash
ALTER TABLE chain.closes ADD COLUMN tenders jsonb;
-- JSON: [{ currency, counts: [{ value, count }] }] the cash counted by notes and coins; [] when counted as a total
ALTER TABLE chain.closes ADD COLUMN cash_counts jsonb;

-- JSON: [{ iccid, sale_id, order_id, baseline, order_status, state, requested_at, decided_at }] each eSIM of the
-- request and the service's answer so far (state in_review, refunded, unclear or refused)
ALTER TABLE chain.refunds ADD COLUMN esims jsonb;

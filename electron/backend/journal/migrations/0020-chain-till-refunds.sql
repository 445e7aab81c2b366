-- 0020: the head office learns the service's answers to refunds, and what each close counted.
-- Never edit this file once it has landed.
--
-- Nothing new is a kind of its own: chain_outbox's CHECK names the kinds, and changing it would
-- mean rebuilding the table under a running shipper. The new facts ride in the payloads of the
-- rows they belong to instead, and a change to them writes that row again. The head office keeps
-- the copy with the highest seq, so the last one written, which has everything, is what stays.
--
-- - A refund request ('refund') carries `esims`: each eSIM of it with the service's answer so far
--   (refund_esims, 0014). Written again when an eSIM is added or its answer changes; a look at the
--   service that finds nothing new (only checked_at moves, every half hour for weeks) writes
--   nothing, so checked_at stays at the counter.
-- - A close ('close') carries `float` and `tenders` (close_tenders, 0017; null for a close made
--   before they were kept) and `cash_counts` (close_cash_counts, 0019; [] for a close counted as
--   one total). Both are written once, after the close row and in its transaction.
--
-- Not shipped, on purpose:
-- - till_sessions: the float a day's till opened with reaches the head office twice already: as the
--   `float` of the day's own close (what the close expected back), and as the audit row
--   'till.opened' (who, when, the amount, entered or carried), which ships as kind 'audit'. A day
--   opened and not yet closed has no close to carry it, and shipping it as a 'close' would put a
--   close that never happened in the head office's closes.
-- - refunded_esims: the eSIMs of requests are in each refund's `esims` with state 'refunded'. The
--   only ones it adds are the eSIMs of a wholly refunded order that no request named; no report of
--   the head office counts refunds yet, and they would need a place of their own there.

DROP VIEW chain_refund_rows;

CREATE VIEW chain_refund_rows AS
SELECT r.id, json_object(
  'id', r.id, 'partner_id', r.partner_id, 'iccids', json(r.iccids), 'reason', r.reason, 'notes', r.notes, 'status', r.status,
  'refusal', r.refusal, 'requested_by', r.requested_by, 'created_at', r.created_at, 'updated_at', r.updated_at,
  -- json(): a subquery's result loses its JSON subtype and would be embedded as a string.
  'esims', json((SELECT json_group_array(json_object(
      'iccid', e.iccid, 'sale_id', e.sale_id, 'order_id', e.order_id, 'baseline', e.baseline,
      'order_status', e.order_status, 'state', e.state, 'requested_at', e.requested_at, 'decided_at', e.decided_at)
      ORDER BY e.iccid)
    FROM refund_esims e WHERE e.request_id = r.id))) AS payload
FROM refund_requests r;

DROP VIEW chain_close_rows;

-- A day's own close is number 1; supplementary closes count on from 2.
CREATE VIEW chain_close_rows AS
SELECT c.id, json_object(
  'id', c.id, 'local_date', c.local_date, 'sequence', 1, 'time_zone', c.time_zone, 'closed_at', c.closed_at,
  'closed_by', c.closed_by, 'expected', json(c.expected), 'counted_cash', json(c.counted_cash),
  'cash_difference', json(c.cash_difference), 'note', c.note, 'report', json(c.report),
  'reconciliation', json(c.reconciliation), 'audit_head_seq', c.audit_head_seq, 'audit_head_hash', c.audit_head_hash,
  'float', json((SELECT t.float FROM close_tenders t WHERE t.close_id = c.id)),
  'tenders', json((SELECT t.tenders FROM close_tenders t WHERE t.close_id = c.id)),
  'cash_counts', json((SELECT json_group_array(json_object('currency', k.currency, 'counts', json(k.counts)) ORDER BY k.currency)
    FROM close_cash_counts k WHERE k.close_id = c.id))) AS payload
FROM day_closes c
UNION ALL
SELECT c.id, json_object(
  'id', c.id, 'local_date', c.local_date, 'sequence', c.sequence, 'time_zone', c.time_zone, 'closed_at', c.closed_at,
  'closed_by', c.closed_by, 'expected', json(c.expected), 'counted_cash', json(c.counted_cash),
  'cash_difference', json(c.cash_difference), 'note', c.note, 'report', json(c.report),
  'reconciliation', json(c.reconciliation), 'audit_head_seq', c.audit_head_seq, 'audit_head_hash', c.audit_head_hash,
  'float', json((SELECT t.float FROM close_tenders t WHERE t.close_id = c.id)),
  'tenders', json((SELECT t.tenders FROM close_tenders t WHERE t.close_id = c.id)),
  'cash_counts', json((SELECT json_group_array(json_object('currency', k.currency, 'counts', json(k.counts)) ORDER BY k.currency)
    FROM close_cash_counts k WHERE k.close_id = c.id))) AS payload
FROM day_close_supplements c;

CREATE TRIGGER chain_refund_esims_insert AFTER INSERT ON refund_esims WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'refund', id, payload FROM chain_refund_rows WHERE id = NEW.request_id;
END;

-- Only an answer (or what it is read from) is news; checked_at alone is not shipped.
CREATE TRIGGER chain_refund_esims_update AFTER UPDATE ON refund_esims
WHEN EXISTS (SELECT 1 FROM chain_link) AND (OLD.state IS NOT NEW.state OR OLD.order_status IS NOT NEW.order_status
  OR OLD.order_id IS NOT NEW.order_id OR OLD.baseline IS NOT NEW.baseline OR OLD.decided_at IS NOT NEW.decided_at
  OR OLD.sale_id IS NOT NEW.sale_id)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'refund', id, payload FROM chain_refund_rows WHERE id = NEW.request_id;
END;

-- close_tenders and close_cash_counts are never updated or deleted (0017, 0019).
CREATE TRIGGER chain_close_tenders_insert AFTER INSERT ON close_tenders WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'close', id, payload FROM chain_close_rows WHERE id = NEW.close_id;
END;

CREATE TRIGGER chain_close_cash_counts_insert AFTER INSERT ON close_cash_counts WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'close', id, payload FROM chain_close_rows WHERE id = NEW.close_id;
END;

-- A journal linked before this migration shipped its refunds and closes without these keys: the
-- ones that have something to add go again, oldest first as at the link (electron/chain/outbox.ts).
INSERT INTO chain_outbox (kind, row_id, payload)
SELECT 'refund', v.id, v.payload FROM chain_refund_rows v JOIN refund_requests r ON r.id = v.id
WHERE EXISTS (SELECT 1 FROM chain_link) AND EXISTS (SELECT 1 FROM refund_esims e WHERE e.request_id = v.id)
ORDER BY r.created_at, r.rowid;

INSERT INTO chain_outbox (kind, row_id, payload)
SELECT 'close', id, payload FROM chain_close_rows
WHERE EXISTS (SELECT 1 FROM chain_link)
  AND (EXISTS (SELECT 1 FROM close_tenders t WHERE t.close_id = chain_close_rows.id)
    OR EXISTS (SELECT 1 FROM close_cash_counts k WHERE k.close_id = chain_close_rows.id))
ORDER BY json_extract(payload, '$.closed_at');

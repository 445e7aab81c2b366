-- 0013: the outbox a chain's head office is fed from. Never edit this file once it has landed.
--
-- The journal stays the counter's source of truth. Once the counter has joined a head office
-- (a row in chain_link), every change that matters there is written to chain_outbox by the
-- triggers below, in the same transaction as the change itself, so no code path can forget it and
-- no crash can separate the two. The shipper (electron/chain/shipper.ts) sends the rows in seq
-- order to PostgreSQL and deletes them only after PostgreSQL has committed them.
--
-- What is shipped is exactly what the views below select: never PIN hashes or salts, lockout
-- counters, the recovery code, eSIM activation codes or QR images, nor customers' e-mail
-- addresses. Payload keys are the head office's column names.

-- One row once the journal has joined; the triggers write nothing before that.
CREATE TABLE chain_link (
  id        INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  linked_at TEXT    NOT NULL
) STRICT;

CREATE TABLE chain_outbox (
  -- AUTOINCREMENT: a seq is never used twice, even after shipped rows are deleted; the head office
  -- keeps it as each row's version, so an older copy never overwrites a newer one.
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  kind    TEXT    NOT NULL CHECK (kind IN ('sale', 'topup', 'refund', 'close', 'staff', 'audit', 'void')),
  row_id  TEXT    NOT NULL,
  payload TEXT    NOT NULL CHECK (json_valid(payload))
) STRICT;

-- How far the head office has the outbox, for the manager's "last sent at".
CREATE TABLE chain_shipped (
  id          INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  through_seq INTEGER NOT NULL,
  shipped_at  TEXT    NOT NULL
) STRICT;

CREATE VIEW chain_sale_rows AS
SELECT id, json_object(
  'id', id, 'kind', 'sale', 'reference', reference, 'status', status, 'package_id', package_id,
  'package_title', package_title, 'country_code', coalesce(destination_country_code, package_country_code),
  'quantity', quantity, 'esims', quantity, 'unit_price_minor', unit_retail_minor,
  'total_minor', unit_retail_minor * quantity + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END,
  'currency', retail_currency, 'tax_minor', tax_minor, 'cost_minor', unit_cost_minor * quantity,
  'cost_currency', net_currency, 'cost_local_minor', unit_cost_local_minor * quantity,
  'payment_method', payment_method, 'staff_id', staff_id, 'partner_order_code', partner_order_code,
  'failure_code', failure_code, 'iccid', NULL, 'created_at', created_at, 'updated_at', updated_at,
  'completed_at', completed_at) AS payload
FROM sales;

CREATE VIEW chain_topup_rows AS
SELECT id, json_object(
  'id', id, 'kind', 'topup', 'reference', reference, 'status', status, 'package_id', package_id,
  'package_title', package_title, 'country_code', NULL, 'quantity', 1, 'esims', 0, 'unit_price_minor', retail_minor,
  'total_minor', retail_minor + CASE WHEN tax_mode = 'added' THEN tax_minor ELSE 0 END,
  'currency', retail_currency, 'tax_minor', tax_minor, 'cost_minor', cost_minor, 'cost_currency', net_currency,
  'cost_local_minor', cost_local_minor, 'payment_method', payment_method, 'staff_id', staff_id,
  'partner_order_code', partner_order_code, 'failure_code', failure_code, 'iccid', iccid, 'created_at', created_at,
  'updated_at', updated_at, 'completed_at', completed_at) AS payload
FROM topups;

CREATE VIEW chain_refund_rows AS
SELECT id, json_object(
  'id', id, 'partner_id', partner_id, 'iccids', json(iccids), 'reason', reason, 'notes', notes, 'status', status,
  'refusal', refusal, 'requested_by', requested_by, 'created_at', created_at, 'updated_at', updated_at) AS payload
FROM refund_requests;

-- A day's own close is number 1; supplementary closes count on from 2.
CREATE VIEW chain_close_rows AS
SELECT id, json_object(
  'id', id, 'local_date', local_date, 'sequence', 1, 'time_zone', time_zone, 'closed_at', closed_at,
  'closed_by', closed_by, 'expected', json(expected), 'counted_cash', json(counted_cash),
  'cash_difference', json(cash_difference), 'note', note, 'report', json(report),
  'reconciliation', json(reconciliation), 'audit_head_seq', audit_head_seq, 'audit_head_hash', audit_head_hash) AS payload
FROM day_closes
UNION ALL
SELECT id, json_object(
  'id', id, 'local_date', local_date, 'sequence', sequence, 'time_zone', time_zone, 'closed_at', closed_at,
  'closed_by', closed_by, 'expected', json(expected), 'counted_cash', json(counted_cash),
  'cash_difference', json(cash_difference), 'note', note, 'report', json(report),
  'reconciliation', json(reconciliation), 'audit_head_seq', audit_head_seq, 'audit_head_hash', audit_head_hash) AS payload
FROM day_close_supplements;

-- Names and roles only: the PIN hash and salt and the lockout columns stay at the counter.
CREATE VIEW chain_staff_rows AS
SELECT id, json_object(
  'id', id, 'name', name, 'role', role, 'active', json(CASE active WHEN 1 THEN 'true' ELSE 'false' END), 'language', language, 'created_at', created_at,
  'updated_at', updated_at) AS payload
FROM staff;

CREATE VIEW chain_audit_rows AS
SELECT id, json_object(
  'id', id, 'seq', seq, 'at', at, 'actor_staff_id', actor_staff_id, 'action', action, 'subject', subject,
  'details', json(details), 'prev_hash', prev_hash, 'hash', hash) AS payload
FROM audit_log;

CREATE VIEW chain_void_rows AS
SELECT sale_id AS id, json_object('id', sale_id, 'voided_at', voided_at, 'voided_by', voided_by, 'reason', reason) AS payload
FROM sale_voids;

CREATE TRIGGER chain_sales_insert AFTER INSERT ON sales WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'sale', id, payload FROM chain_sale_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_sales_update AFTER UPDATE ON sales WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'sale', id, payload FROM chain_sale_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_topups_insert AFTER INSERT ON topups WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'topup', id, payload FROM chain_topup_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_topups_update AFTER UPDATE ON topups WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'topup', id, payload FROM chain_topup_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_refunds_insert AFTER INSERT ON refund_requests WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'refund', id, payload FROM chain_refund_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_refunds_update AFTER UPDATE ON refund_requests WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'refund', id, payload FROM chain_refund_rows WHERE id = NEW.id;
END;

-- Closes are never updated or deleted (0003, 0005): their insert is the whole story.
CREATE TRIGGER chain_day_closes_insert AFTER INSERT ON day_closes WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'close', id, payload FROM chain_close_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_day_close_supplements_insert AFTER INSERT ON day_close_supplements WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'close', id, payload FROM chain_close_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_staff_insert AFTER INSERT ON staff WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'staff', id, payload FROM chain_staff_rows WHERE id = NEW.id;
END;

-- Only what the head office sees: a wrong PIN (failed_attempts, locked_until) ships nothing.
CREATE TRIGGER chain_staff_update AFTER UPDATE OF name, role, active, language ON staff WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'staff', id, payload FROM chain_staff_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_audit_insert AFTER INSERT ON audit_log WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'audit', id, payload FROM chain_audit_rows WHERE id = NEW.id;
END;

CREATE TRIGGER chain_voids_insert AFTER INSERT ON sale_voids WHEN EXISTS (SELECT 1 FROM chain_link)
BEGIN
  INSERT INTO chain_outbox (kind, row_id, payload) SELECT 'void', id, payload FROM chain_void_rows WHERE id = NEW.sale_id;
END;

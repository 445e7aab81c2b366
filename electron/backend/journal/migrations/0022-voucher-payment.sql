-- 0022: how a voucher batch was paid for. Never edit this file once it has landed.
--
-- Vouchers are sold at the counter like eSIMs, so the clerk says how the customer paid (cash, card
-- or other), as for a sale. Batches made before this was asked have none (NULL).
ALTER TABLE voucher_batches ADD COLUMN payment_method TEXT CHECK (payment_method IN ('cash', 'card', 'other'));

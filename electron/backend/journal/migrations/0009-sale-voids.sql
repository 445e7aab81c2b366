-- A sale the partner certainly never got (failed, or not found by its reference) that a manager
-- closes for good: the customer had their money back, or went elsewhere. The sale row stays as it
-- was; the void is its own append-only row, and a voided sale can never be sent again.
CREATE TABLE sale_voids (
  sale_id    TEXT PRIMARY KEY NOT NULL REFERENCES sales (id),
  voided_at  TEXT NOT NULL,
  voided_by  TEXT NOT NULL REFERENCES staff (id),
  reason     TEXT NOT NULL CHECK (length(trim(reason)) BETWEEN 1 AND 200)
) STRICT;

CREATE TRIGGER sale_voids_only_unsent BEFORE INSERT ON sale_voids
WHEN (SELECT status FROM sales WHERE id = NEW.sale_id) NOT IN ('failed', 'not_found')
BEGIN
  SELECT RAISE(ABORT, 'only a sale the service never got can be voided');
END;

CREATE TRIGGER sale_voids_no_update BEFORE UPDATE ON sale_voids
BEGIN
  SELECT RAISE(ABORT, 'a void cannot be changed');
END;

CREATE TRIGGER sale_voids_no_delete BEFORE DELETE ON sale_voids
BEGIN
  SELECT RAISE(ABORT, 'a void cannot be undone');
END;

CREATE TRIGGER sales_voided_is_final BEFORE UPDATE OF status ON sales
WHEN EXISTS (SELECT 1 FROM sale_voids WHERE sale_id = OLD.id)
BEGIN
  SELECT RAISE(ABORT, 'a voided sale cannot be sent again');
END;

-- 0025: the Demo accounts' PINs, so the Demo sign-in screen can show them to someone practising.
-- Set only when Demo seeds its accounts (their PINs are in the README); a PIN set again by any path
-- (the manager's screen, a reset, the admin command) is no longer the published one, so it is
-- forgotten there and then. The staff list shows them in Demo only.
-- Never edit this file once it has landed.
ALTER TABLE staff ADD COLUMN demo_pin TEXT CHECK (demo_pin IS NULL OR (demo_pin GLOB '[0-9]*' AND length(demo_pin) BETWEEN 4 AND 12));

CREATE TRIGGER staff_demo_pin_forgotten AFTER UPDATE OF pin_hash ON staff
WHEN OLD.demo_pin IS NOT NULL AND NEW.pin_hash IS NOT OLD.pin_hash
BEGIN
  UPDATE staff SET demo_pin = NULL WHERE id = NEW.id;
END;

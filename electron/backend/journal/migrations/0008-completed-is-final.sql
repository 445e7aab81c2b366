-- A completed sale or top-up has been paid for and its eSIM issued: its status is final. The app's
-- state machine (shared/sales.ts STATUS_TRANSITIONS) never moves it; these triggers make the journal
-- refuse it too, whatever writes to it (a bug, a tool, a hand-edited row).
CREATE TRIGGER sales_completed_is_final BEFORE UPDATE OF status ON sales
WHEN OLD.status = 'completed' AND NEW.status IS NOT 'completed'
BEGIN
  SELECT RAISE(ABORT, 'a completed sale cannot change status');
END;

CREATE TRIGGER topups_completed_is_final BEFORE UPDATE OF status ON topups
WHEN OLD.status = 'completed' AND NEW.status IS NOT 'completed'
BEGIN
  SELECT RAISE(ABORT, 'a completed top-up cannot change status');
END;

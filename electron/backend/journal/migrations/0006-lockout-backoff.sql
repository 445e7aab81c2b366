-- 0006: timed PIN lockouts that double, and approval throttles. Never edit this file once it has landed.
--
-- Until now five wrong PINs locked an account until a manager unlocked it, so anyone at the
-- sign-in screen could lock the only manager out for good. A lock now ends by itself: 15 minutes,
-- doubling with each further lock (30, 60, ...) up to 24 hours; a good sign-in or a manager's
-- unlock resets the doubling (NIST SP 800-63B, throttling). A lock is in effect while
-- locked_until is in the future; locked_at says when the last one began.
ALTER TABLE staff ADD COLUMN locked_until TEXT;
-- Locks since the last good sign-in or unlock: the next lock lasts 15 minutes × 2^lock_count.
ALTER TABLE staff ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0 CHECK (lock_count >= 0);

-- A manager's PIN typed at the counter to approve an action (showing a QR again) is throttled
-- apart from sign-in, so wrong approvals never lock the manager's own sign-in:
-- as the one asking (the signed-in clerk) ...
ALTER TABLE staff ADD COLUMN approval_failures INTEGER NOT NULL DEFAULT 0 CHECK (approval_failures >= 0);
ALTER TABLE staff ADD COLUMN approval_locked_until TEXT;
ALTER TABLE staff ADD COLUMN approval_lock_count INTEGER NOT NULL DEFAULT 0 CHECK (approval_lock_count >= 0);
-- ... and as the manager named, against guessing spread over many clerks.
ALTER TABLE staff ADD COLUMN approver_failures INTEGER NOT NULL DEFAULT 0 CHECK (approver_failures >= 0);
ALTER TABLE staff ADD COLUMN approver_locked_until TEXT;
ALTER TABLE staff ADD COLUMN approver_lock_count INTEGER NOT NULL DEFAULT 0 CHECK (approver_lock_count >= 0);

-- Old permanent locks become the first timed lock, counted from when they began (timestamps are
-- ISO-8601 UTC with milliseconds, the shape new Date().toISOString() writes); a time SQLite cannot
-- read counts from now rather than quietly dropping the lock.
UPDATE staff
   SET locked_until = coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', locked_at, '+15 minutes'),
                               strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+15 minutes')),
       lock_count = 1
 WHERE locked_at IS NOT NULL;

-- 0007: the audit chain's head with each close. Never edit this file once it has landed.
--
-- A close records the newest audit entry as it was made (the close's own 'day.closed' entry), and
-- the Z report prints it. Were entries up to that point deleted or rewritten later, that entry
-- would be gone or hash differently: the journal checks every close's head against the chain, and
-- the printed Z report lets an auditor check it without trusting the file.
--
-- NULL for closes made before this version. Adding a column is not an update: the closes' no-update
-- triggers stay, and a recorded head can never be changed afterwards.
ALTER TABLE day_closes ADD COLUMN audit_head_seq INTEGER CHECK (audit_head_seq IS NULL OR audit_head_seq >= 1);
ALTER TABLE day_closes ADD COLUMN audit_head_hash TEXT
  CHECK ((audit_head_hash IS NULL) = (audit_head_seq IS NULL) AND (audit_head_hash IS NULL OR length(audit_head_hash) = 64));

ALTER TABLE day_close_supplements ADD COLUMN audit_head_seq INTEGER CHECK (audit_head_seq IS NULL OR audit_head_seq >= 1);
ALTER TABLE day_close_supplements ADD COLUMN audit_head_hash TEXT
  CHECK ((audit_head_hash IS NULL) = (audit_head_seq IS NULL) AND (audit_head_hash IS NULL OR length(audit_head_hash) = 64));

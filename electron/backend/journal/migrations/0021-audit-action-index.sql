-- The audit log's entries of one action, newest first: the re-anchoring point that every start
-- and every check reads (the latest audit.reanchored), which was a scan of the whole log.
CREATE INDEX audit_log_action ON audit_log (action, seq);

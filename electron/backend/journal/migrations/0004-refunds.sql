-- 0004: refund requests sent to the partner service. Never edit this file once it has landed.
--
-- The service reviews refunds by hand and credits approved ones as account credit; it offers no
-- way to read a request back, so the journal keeps what was asked, by whom and when.
CREATE TABLE refund_requests (
  id           TEXT PRIMARY KEY NOT NULL,
  partner_id   TEXT,
  iccids       TEXT NOT NULL CHECK (json_valid(iccids) AND json_array_length(iccids) BETWEEN 1 AND 5),
  reason       TEXT NOT NULL,
  notes        TEXT,
  email        TEXT,
  status       TEXT NOT NULL CHECK (status IN ('requested', 'refused')),
  refusal      TEXT,
  requested_by TEXT NOT NULL REFERENCES staff (id),
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;

CREATE INDEX refund_requests_created_at ON refund_requests (created_at);

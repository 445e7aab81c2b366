-- 0016: a placeholder on the manager-day branch for a migration another branch adds; the lead replaces it
-- when merging. It changes nothing.
SELECT 1;

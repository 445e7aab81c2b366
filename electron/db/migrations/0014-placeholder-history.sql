-- Placeholder on the p-orders branch only, so that 0015 runs here: migration numbers rise by one
-- with no gap. The real 0014 comes from its own branch; take that one when merging.
SELECT 1;

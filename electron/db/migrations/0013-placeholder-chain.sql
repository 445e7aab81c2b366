-- Placeholder on the p-history branch only, so that 0014 runs here: migration numbers rise by one
-- with no gap. The real 0013 comes from its own branch; take that one when merging.
SELECT 1;

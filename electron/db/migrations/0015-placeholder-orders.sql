-- Placeholder on the p-extras branch only, so that 0016 runs here: migration numbers rise by one
-- with no gap. The real 0015 comes from its own branch; take that one when merging.
SELECT 1;

-- 0011: each member of staff works in a language of their own choosing (shared/languages.ts
-- UI_LANGUAGES); NULL until they choose, when the counter follows the computer's language.
-- Never edit this file once it has landed.
ALTER TABLE staff ADD COLUMN language TEXT CHECK (language IS NULL OR language GLOB '[a-z][a-z]*' AND length(language) BETWEEN 2 AND 12);

-- 0003: each store writes its own rows and reads nothing else. Never edit this file once it has landed.
--
-- `npm run headoffice -- add-store` makes one login role per store, a member of esim_stores and
-- named in chain.stores. Row-level security holds every store role to the rows of its own store:
-- it can insert and update them (the shipper's upserts must read the row they replace), and
-- sees no other store's rows at all. The totals are written only by the triggers, as the schema's
-- owner; store roles have no right on them, nor on anything else here.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'esim_stores') THEN
    CREATE ROLE esim_stores NOLOGIN;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA chain TO esim_stores;

ALTER TABLE chain.stores ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_registration ON chain.stores TO esim_stores USING (role_name = current_user);
GRANT SELECT ON chain.stores TO esim_stores;

CREATE FUNCTION chain.current_store() RETURNS text
LANGUAGE sql STABLE SET search_path = chain, pg_catalog AS $$
  SELECT store_id FROM chain.stores WHERE role_name = current_user
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['counters', 'orders', 'staff', 'closes', 'refunds', 'voids', 'audit'] LOOP
    EXECUTE format('ALTER TABLE chain.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY own_store ON chain.%I TO esim_stores USING (store_id = (SELECT chain.current_store())) '
      'WITH CHECK (store_id = (SELECT chain.current_store()))', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON chain.%I TO esim_stores', t);
  END LOOP;
END
$$;

-- Functions run for PUBLIC unless told otherwise: the totals' writer is for the triggers alone.
REVOKE EXECUTE ON FUNCTION chain.apply_order_deltas(chain.order_delta[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION chain.rebuild_rollups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION chain.orders_rollup_insert() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION chain.orders_rollup_update() FROM PUBLIC;

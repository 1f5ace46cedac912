-- The cell proxy's state database (pxdb), as far as the rig and `goload -mode provision` use it
-- (queen-wire.md §B.4): plans, cells, tenants, clusters, API keys, and queen_proxy.bootstrap_tenant.
-- Applied by `vm-cell.sh up` to a fresh pxdb; idempotent. A real queen_proxy brings its own migrations:
-- point `vm-cell.sh --pxdb-schema` at them instead.
CREATE SCHEMA IF NOT EXISTS queen_proxy;

CREATE TABLE IF NOT EXISTS queen_proxy.plans (
  code text PRIMARY KEY,
  req_per_sec bigint NOT NULL, msg_per_sec bigint NOT NULL,
  req_burst bigint NOT NULL, msg_burst bigint NOT NULL,
  max_queues int NOT NULL, max_partitions_per_queue int NOT NULL, max_parked_pops int NOT NULL,
  max_payload_bytes bigint NOT NULL, max_batch_items int NOT NULL,
  max_retained_bytes bigint NOT NULL, retention_days int NOT NULL, msgs_per_month bigint NOT NULL);

CREATE TABLE IF NOT EXISTS queen_proxy.cells (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text UNIQUE NOT NULL,
  base_url text NOT NULL);

CREATE TABLE IF NOT EXISTS queen_proxy.tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text UNIQUE NOT NULL, name text NOT NULL, admin_email text NOT NULL, password_hash text);

CREATE TABLE IF NOT EXISTS queen_proxy.clusters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES queen_proxy.tenants(id),
  slug text UNIQUE NOT NULL CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  plan_code text NOT NULL REFERENCES queen_proxy.plans(code),
  cell_id uuid NOT NULL REFERENCES queen_proxy.cells(id),
  broker_tenant_uuid uuid NOT NULL DEFAULT gen_random_uuid(),
  suspended boolean NOT NULL DEFAULT false);

CREATE TABLE IF NOT EXISTS queen_proxy.api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cluster_id uuid NOT NULL REFERENCES queen_proxy.clusters(id),
  name text NOT NULL,
  key_sha256 text UNIQUE NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cluster_id, name));

-- Creates (or finds) tenant + cluster and mints an API key named p_key_name. The plaintext key
-- (qk_live_<43 base64url chars>) is returned once; a key of that name already on the cluster => api_key null.
CREATE OR REPLACE FUNCTION queen_proxy.bootstrap_tenant(p_tenant_slug text, p_tenant_name text,
    p_cluster_slug text, p_plan_code text, p_cell uuid, p_admin_email text, p_password text DEFAULT NULL,
    p_key_name text DEFAULT 'default') RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_tenant uuid; v_cluster uuid; v_key text;
BEGIN
  INSERT INTO queen_proxy.tenants (slug, name, admin_email, password_hash)
    VALUES (p_tenant_slug, p_tenant_name, p_admin_email,
            CASE WHEN p_password IS NULL THEN NULL ELSE encode(sha256(convert_to(p_password, 'UTF8')), 'hex') END)
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id INTO v_tenant;
  INSERT INTO queen_proxy.clusters (tenant_id, slug, plan_code, cell_id)
    VALUES (v_tenant, p_cluster_slug, p_plan_code, p_cell)
    ON CONFLICT (slug) DO UPDATE SET plan_code = EXCLUDED.plan_code RETURNING id INTO v_cluster;
  IF NOT EXISTS (SELECT 1 FROM queen_proxy.api_keys WHERE cluster_id = v_cluster AND name = p_key_name) THEN
    v_key := 'qk_live_' || rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', '')
             || replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');
    INSERT INTO queen_proxy.api_keys (cluster_id, name, key_sha256)
      VALUES (v_cluster, p_key_name, encode(sha256(convert_to(v_key, 'UTF8')), 'hex'));
  END IF;
  RETURN jsonb_build_object('tenant_id', v_tenant, 'cluster_id', v_cluster, 'user_id', v_tenant, 'api_key', v_key);
END $$;

-- seed-bench-plan.sh's plan: limits far above the cell, so ceiling runs measure the broker, not the proxy.
INSERT INTO queen_proxy.plans VALUES ('bench', 2000000, 2000000, 4000000, 4000000, 10000, 256, 200000,
  4194304, 100000, 1099511627776, 30, 1000000000000)
  ON CONFLICT (code) DO UPDATE SET req_per_sec = EXCLUDED.req_per_sec, msg_per_sec = EXCLUDED.msg_per_sec,
  req_burst = EXCLUDED.req_burst, msg_burst = EXCLUDED.msg_burst, max_queues = EXCLUDED.max_queues,
  max_partitions_per_queue = EXCLUDED.max_partitions_per_queue, max_parked_pops = EXCLUDED.max_parked_pops,
  max_payload_bytes = EXCLUDED.max_payload_bytes, max_batch_items = EXCLUDED.max_batch_items,
  max_retained_bytes = EXCLUDED.max_retained_bytes, retention_days = EXCLUDED.retention_days,
  msgs_per_month = EXCLUDED.msgs_per_month;

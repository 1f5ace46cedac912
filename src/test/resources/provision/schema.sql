-- Test fixture: the slice of the queen_proxy schema that `goload -mode provision` uses (queen-wire.md §B.4).
-- Idempotent: drops and recreates the schema. Keys are stored only as sha256 hex; the plaintext is returned once.
-- Fixture switches (queen_proxy.fixture_switches, test-only):
--   fail_uuid_lookup  reading clusters.broker_tenant_uuid raises an error (the §8 #21b failure)
--   notice            bootstrap_tenant emits a NOTICE and a WARNING per call (stderr noise, §8 #21a)
DROP SCHEMA IF EXISTS queen_proxy CASCADE;
CREATE SCHEMA queen_proxy;

CREATE TABLE queen_proxy.fixture_switches (name text PRIMARY KEY, enabled boolean NOT NULL DEFAULT true);

CREATE TABLE queen_proxy.plans (
    code   text PRIMARY KEY,
    name   text NOT NULL,
    limits jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE queen_proxy.cells (
    id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug     text NOT NULL UNIQUE,
    base_url text NOT NULL
);

CREATE TABLE queen_proxy.tenants (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug       text NOT NULL UNIQUE,
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE queen_proxy.users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id     uuid NOT NULL REFERENCES queen_proxy.tenants (id),
    email         text NOT NULL UNIQUE,
    password_hash text
);

CREATE TABLE queen_proxy.cluster_rows (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id          uuid NOT NULL REFERENCES queen_proxy.tenants (id),
    slug               text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
    plan_code          text NOT NULL REFERENCES queen_proxy.plans (code),
    cell_id            uuid NOT NULL REFERENCES queen_proxy.cells (id),
    broker_tenant_uuid uuid NOT NULL DEFAULT gen_random_uuid(),
    suspended          boolean NOT NULL DEFAULT false
);

CREATE TABLE queen_proxy.api_keys (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    cluster_id uuid NOT NULL REFERENCES queen_proxy.cluster_rows (id),
    name       text NOT NULL,
    key_sha256 text NOT NULL UNIQUE CHECK (key_sha256 ~ '^[0-9a-f]{64}$'),
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (cluster_id, name)
);

CREATE FUNCTION queen_proxy.fixture_on(p_name text) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT enabled FROM queen_proxy.fixture_switches WHERE name = p_name), false)
$$;

CREATE FUNCTION queen_proxy.fixture_uuid(p_uuid uuid) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF queen_proxy.fixture_on('fail_uuid_lookup') THEN
        RAISE EXCEPTION 'fixture: broker_tenant_uuid lookup disabled';
    END IF;
    RETURN p_uuid;
END
$$;

-- The documented table; a view here only so that the fixture can make the UUID lookup fail on demand.
CREATE VIEW queen_proxy.clusters AS
    SELECT id, tenant_id, slug, plan_code, cell_id, queen_proxy.fixture_uuid(broker_tenant_uuid) AS broker_tenant_uuid,
           suspended
    FROM queen_proxy.cluster_rows;

CREATE FUNCTION queen_proxy.bootstrap_tenant(
    p_tenant_slug text, p_tenant_name text, p_cluster_slug text, p_plan_code text, p_cell uuid,
    p_admin_email text, p_password text DEFAULT NULL, p_key_name text DEFAULT 'default')
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    v_tenant  uuid;
    v_user    uuid;
    v_cluster uuid;
    v_key     text;
BEGIN
    IF queen_proxy.fixture_on('notice') THEN
        RAISE NOTICE 'fixture notice for %', p_cluster_slug;
        RAISE WARNING 'fixture warning for %', p_cluster_slug;
    END IF;
    IF p_cell IS NULL THEN
        RAISE EXCEPTION 'unknown cell';
    END IF;
    INSERT INTO queen_proxy.tenants (slug, name) VALUES (p_tenant_slug, p_tenant_name)
        ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id INTO v_tenant;
    INSERT INTO queen_proxy.users (tenant_id, email, password_hash)
        VALUES (v_tenant, p_admin_email, CASE WHEN p_password IS NULL THEN NULL ELSE md5(p_password) END)
        ON CONFLICT (email) DO UPDATE SET tenant_id = EXCLUDED.tenant_id RETURNING id INTO v_user;
    SELECT id INTO v_cluster FROM queen_proxy.cluster_rows WHERE slug = p_cluster_slug;
    IF v_cluster IS NULL THEN
        INSERT INTO queen_proxy.cluster_rows (tenant_id, slug, plan_code, cell_id)
            VALUES (v_tenant, p_cluster_slug, p_plan_code, p_cell) RETURNING id INTO v_cluster;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM queen_proxy.api_keys WHERE cluster_id = v_cluster AND name = p_key_name) THEN
        -- 32 random bytes, unpadded base64url: qk_live_<43 chars>
        v_key := 'qk_live_' || rtrim(translate(encode(sha256(convert_to(gen_random_uuid()::text
                 || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'base64'), '+/', '-_'), '=');
        INSERT INTO queen_proxy.api_keys (cluster_id, name, key_sha256)
            VALUES (v_cluster, p_key_name, encode(sha256(convert_to(v_key, 'UTF8')), 'hex'));
    END IF;
    RETURN jsonb_build_object('tenant_id', v_tenant, 'cluster_id', v_cluster, 'user_id', v_user, 'api_key', v_key);
END
$$;

INSERT INTO queen_proxy.plans (code, name, limits) VALUES
    ('bench', 'bench', '{"reqPerSec": 2000000, "msgPerSec": 2000000, "parkedPops": 200000}');
INSERT INTO queen_proxy.cells (slug, base_url) VALUES ('bench', 'http://127.0.0.1:6632');

-- Snowflake statements (src/drivers/providers/snowflake/snowflake-statements.ts) for fixed names.
-- Written by test/env/providers/snowflake-statements.int.test.ts with UPDATE_GOLDEN=1; review every change.

-- session setup
ALTER SESSION SET QUOTED_IDENTIFIERS_IGNORE_CASE = FALSE;
-- params: []

-- ordinary · listSchemas
SELECT schema_name AS "schema_name" FROM "ANALYTICS".INFORMATION_SCHEMA.SCHEMATA WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY 1;
-- params: []

-- ordinary · listObjects
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE table_schema IN (?, ?) ORDER BY 1, 2;
-- params: ["PR_7","MARTS"]

-- ordinary · listObjects (no schema)
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE 1 = 0 ORDER BY 1, 2;
-- params: []

-- ordinary · createSchema
CREATE SCHEMA IF NOT EXISTS "ANALYTICS"."PR_7";
-- params: []

-- ordinary · dropSchema
DROP SCHEMA IF EXISTS "ANALYTICS"."PR_7" RESTRICT;
-- params: []

-- ordinary · createView
CREATE VIEW "ANALYTICS"."PR_7"."ORDERS" AS SELECT * FROM "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · createView (replace)
CREATE OR REPLACE VIEW "ANALYTICS"."PR_7"."ORDERS" COPY GRANTS AS SELECT * FROM "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · dropTable
DROP TABLE IF EXISTS "ANALYTICS"."PR_7"."ORDERS" RESTRICT;
-- params: []

-- ordinary · dropView
DROP VIEW IF EXISTS "ANALYTICS"."PR_7"."ORDERS";
-- params: []

-- ordinary · renameTable
ALTER TABLE "ANALYTICS"."MARTS"."ORDERS" RENAME TO "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED";
-- params: []

-- ordinary · moveTable
ALTER TABLE "ANALYTICS"."PR_7"."ORDERS" RENAME TO "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED";
-- params: []

-- ordinary · cloneTable
CREATE TABLE "ANALYTICS"."PR_7"."ORDERS" CLONE "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE "ANALYTICS"."MARTS"."ORDERS" CLONE "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED" COPY GRANTS;
-- params: []

-- ordinary · cloneTable (transient, replace)
CREATE OR REPLACE TRANSIENT TABLE "ANALYTICS"."PR_7"."ORDERS" CLONE "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · copyTable
CREATE TABLE "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED" AS SELECT * FROM "ANALYTICS"."PR_7"."ORDERS";
-- params: []

-- ordinary · replaceFrom
CREATE OR REPLACE TABLE "ANALYTICS"."MARTS"."ORDERS" CLONE "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED" COPY GRANTS;
-- params: []

-- ordinary · replaceFrom (transient)
CREATE OR REPLACE TRANSIENT TABLE "ANALYTICS"."MARTS"."ORDERS" CLONE "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED" COPY GRANTS;
-- params: []

-- ordinary · swapTables
ALTER TABLE "ANALYTICS"."MARTS"."ORDERS__ODS_STAGED" SWAP WITH "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · replaceLosses
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND ((table_schema = ? AND table_name = ?) OR (table_schema = ? AND table_name = ?)) AND table_owner IS DISTINCT FROM CURRENT_ROLE() UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("ANALYTICS".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("ANALYTICS".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["MARTS","ORDERS","MARTS","ORDERS__ODS_STAGED","MARTS","ORDERS","\"ANALYTICS\".\"MARTS\".\"ORDERS\"","MARTS","ORDERS__ODS_STAGED","\"ANALYTICS\".\"MARTS\".\"ORDERS__ODS_STAGED\""]

-- ordinary · replaceLosses (no table)
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND (1 = 0) AND table_owner IS DISTINCT FROM CURRENT_ROLE();
-- params: []

-- ordinary · readControls
SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("ANALYTICS".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("ANALYTICS".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["MARTS","ORDERS","\"ANALYTICS\".\"MARTS\".\"ORDERS\"","MARTS","ORDERS__ODS_STAGED","\"ANALYTICS\".\"MARTS\".\"ORDERS__ODS_STAGED\""]

-- ordinary · readControls (no table)
SELECT NULL AS "schema_name", NULL AS "table_name", NULL AS "control", NULL AS "detail" WHERE 1 = 0;
-- params: []

-- ordinary · objectGrants (table)
SHOW GRANTS ON TABLE "ANALYTICS"."MARTS"."ORDERS";
-- params: []

-- ordinary · objectGrants (view)
SHOW GRANTS ON VIEW "ANALYTICS"."PR_7"."ORDERS";
-- params: []

-- ordinary · futureGrants (schema)
SHOW FUTURE GRANTS IN SCHEMA "ANALYTICS"."MARTS";
-- params: []

-- ordinary · futureGrants (database)
SHOW FUTURE GRANTS IN DATABASE "ANALYTICS";
-- params: []

-- ordinary · tableComment
SELECT comment AS "comment" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'BASE TABLE';
-- params: ["MARTS","ORDERS"]

-- ordinary · setTableComment
COMMENT ON TABLE "ANALYTICS"."MARTS"."ORDERS" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- ordinary · viewComment
SELECT comment AS "comment" FROM "ANALYTICS".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'VIEW';
-- params: ["MARTS","ORDERS"]

-- ordinary · setViewComment
COMMENT ON VIEW "ANALYTICS"."MARTS"."ORDERS" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- ordinary · createRecordTable registry_info
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."registry_info" ("key" VARCHAR, "value" VARCHAR, PRIMARY KEY ("key"));
-- params: []

-- ordinary · createRecordTable environments
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."environments" ("name" VARCHAR, "project" VARCHAR, "pr_number" NUMBER(38, 0), "repository" VARCHAR, "schemas" VARCHAR, "head_sha" VARCHAR, "status" VARCHAR, "prod_schemas" VARCHAR, "created_at" VARCHAR, "updated_at" VARCHAR, "closed_at" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("name"));
-- params: []

-- ordinary · createRecordTable env_objects
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."env_objects" ("environment" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "kind" VARCHAR, "role" VARCHAR, "node_id" VARCHAR, "state" VARCHAR, "created_at" VARCHAR, "object_identity" VARCHAR, PRIMARY KEY ("environment", "schema_name", "identifier"));
-- params: []

-- ordinary · createRecordTable env_pointers
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."env_pointers" ("environment" VARCHAR, "node_id" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "reads_schema" VARCHAR, "reads_identifier" VARCHAR, "reads_run_id" VARCHAR, "version_key" VARCHAR, "updated_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- ordinary · createRecordTable env_builds
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."env_builds" ("environment" VARCHAR, "node_id" VARCHAR, "run_id" VARCHAR, "status" VARCHAR, "version_key" VARCHAR, "fingerprint_digest" VARCHAR, "checks_digest" VARCHAR, "tested" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "materialized" VARCHAR, "parents" VARCHAR, "sources" VARCHAR, "node_state" VARCHAR, "built_at" VARCHAR, "recorded_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- ordinary · createRecordTable promotions
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."promotions" ("id" VARCHAR, "environment" VARCHAR, "project" VARCHAR, "repository" VARCHAR, "promoted_by" VARCHAR, "status" VARCHAR, "atomic" NUMBER(38, 0), "created_at" VARCHAR, "updated_at" VARCHAR, "retain_until" VARCHAR, "detail" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("id"));
-- params: []

-- ordinary · createRecordTable promotion_steps
CREATE TABLE IF NOT EXISTS "ANALYTICS"."ODS"."promotion_steps" ("promotion_id" VARCHAR, "seq" NUMBER(38, 0), "node_id" VARCHAR, "target_schema" VARCHAR, "target_identifier" VARCHAR, "source_schema" VARCHAR, "source_identifier" VARCHAR, "staged_identifier" VARCHAR, "retired_identifier" VARCHAR, "undone_identifier" VARCHAR, "how" VARCHAR, "state" VARCHAR, "pr_run_id" VARCHAR, "version_key" VARCHAR, "previous_state" VARCHAR, "promoted_state" VARCHAR, "switched_at" VARCHAR, PRIMARY KEY ("promotion_id", "node_id"));
-- params: []

-- ordinary · addRecordColumn
ALTER TABLE "ANALYTICS"."ODS"."env_pointers" ADD COLUMN IF NOT EXISTS "version_key" VARCHAR;
-- params: []

-- ordinary · selectRecords (all)
SELECT "promotion_id", "seq", "node_id", "target_schema", "target_identifier", "source_schema", "source_identifier", "staged_identifier", "retired_identifier", "undone_identifier", "how", "state", "pr_run_id", "version_key", "previous_state", "promoted_state", "switched_at" FROM "ANALYTICS"."ODS"."promotion_steps" ORDER BY "promotion_id", "node_id";
-- params: []

-- ordinary · selectRecords (a value, a null)
SELECT "environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at" FROM "ANALYTICS"."ODS"."env_pointers" WHERE "environment" = ? AND "reads_run_id" IS NULL ORDER BY "environment", "node_id";
-- params: ["pr-7'); delete from x; --"]

-- ordinary · insertRecord
INSERT INTO "ANALYTICS"."ODS"."env_pointers" ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- ordinary · upsertRecord
MERGE INTO "ANALYTICS"."ODS"."env_pointers" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "environment", CAST(? AS VARCHAR) AS "node_id", CAST(? AS VARCHAR) AS "schema_name", CAST(? AS VARCHAR) AS "identifier", CAST(? AS VARCHAR) AS "reads_schema", CAST(? AS VARCHAR) AS "reads_identifier", CAST(? AS VARCHAR) AS "reads_run_id", CAST(? AS VARCHAR) AS "version_key", CAST(? AS VARCHAR) AS "updated_at") AS "s" ON "t"."environment" = "s"."environment" AND "t"."node_id" = "s"."node_id" WHEN MATCHED THEN UPDATE SET "schema_name" = "s"."schema_name", "identifier" = "s"."identifier", "reads_schema" = "s"."reads_schema", "reads_identifier" = "s"."reads_identifier", "reads_run_id" = "s"."reads_run_id", "version_key" = "s"."version_key", "updated_at" = "s"."updated_at" WHEN NOT MATCHED THEN INSERT ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES ("s"."environment", "s"."node_id", "s"."schema_name", "s"."identifier", "s"."reads_schema", "s"."reads_identifier", "s"."reads_run_id", "s"."version_key", "s"."updated_at");
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- ordinary · upsertRecord (null key value, key columns only)
MERGE INTO "ANALYTICS"."ODS"."registry_info" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "key") AS "s" ON "t"."key" IS NULL WHEN NOT MATCHED THEN INSERT ("key") VALUES ("s"."key");
-- params: [null]

-- ordinary · updateRecords
UPDATE "ANALYTICS"."ODS"."env_pointers" SET "version_key" = ?, "reads_run_id" = ? WHERE "environment" = ? AND "node_id" = ?;
-- params: ["vk'3f9a",null,"pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --"]

-- ordinary · deleteRecords
DELETE FROM "ANALYTICS"."ODS"."env_pointers" WHERE "environment" = ?;
-- params: ["pr-7'); delete from x; --"]

-- mixed case · listSchemas
SELECT schema_name AS "schema_name" FROM "Analytics".INFORMATION_SCHEMA.SCHEMATA WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY 1;
-- params: []

-- mixed case · listObjects
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE table_schema IN (?, ?) ORDER BY 1, 2;
-- params: ["pr_7","Marts"]

-- mixed case · listObjects (no schema)
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE 1 = 0 ORDER BY 1, 2;
-- params: []

-- mixed case · createSchema
CREATE SCHEMA IF NOT EXISTS "Analytics"."pr_7";
-- params: []

-- mixed case · dropSchema
DROP SCHEMA IF EXISTS "Analytics"."pr_7" RESTRICT;
-- params: []

-- mixed case · createView
CREATE VIEW "Analytics"."pr_7"."Orders" AS SELECT * FROM "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · createView (replace)
CREATE OR REPLACE VIEW "Analytics"."pr_7"."Orders" COPY GRANTS AS SELECT * FROM "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · dropTable
DROP TABLE IF EXISTS "Analytics"."pr_7"."Orders" RESTRICT;
-- params: []

-- mixed case · dropView
DROP VIEW IF EXISTS "Analytics"."pr_7"."Orders";
-- params: []

-- mixed case · renameTable
ALTER TABLE "Analytics"."Marts"."Orders" RENAME TO "Analytics"."Marts"."orders";
-- params: []

-- mixed case · moveTable
ALTER TABLE "Analytics"."pr_7"."Orders" RENAME TO "Analytics"."Marts"."orders";
-- params: []

-- mixed case · cloneTable
CREATE TABLE "Analytics"."pr_7"."Orders" CLONE "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE "Analytics"."Marts"."Orders" CLONE "Analytics"."Marts"."orders" COPY GRANTS;
-- params: []

-- mixed case · cloneTable (transient, replace)
CREATE OR REPLACE TRANSIENT TABLE "Analytics"."pr_7"."Orders" CLONE "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · copyTable
CREATE TABLE "Analytics"."Marts"."orders" AS SELECT * FROM "Analytics"."pr_7"."Orders";
-- params: []

-- mixed case · replaceFrom
CREATE OR REPLACE TABLE "Analytics"."Marts"."Orders" CLONE "Analytics"."Marts"."orders" COPY GRANTS;
-- params: []

-- mixed case · replaceFrom (transient)
CREATE OR REPLACE TRANSIENT TABLE "Analytics"."Marts"."Orders" CLONE "Analytics"."Marts"."orders" COPY GRANTS;
-- params: []

-- mixed case · swapTables
ALTER TABLE "Analytics"."Marts"."orders" SWAP WITH "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · replaceLosses
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND ((table_schema = ? AND table_name = ?) OR (table_schema = ? AND table_name = ?)) AND table_owner IS DISTINCT FROM CURRENT_ROLE() UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("Analytics".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("Analytics".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["Marts","Orders","Marts","orders","Marts","Orders","\"Analytics\".\"Marts\".\"Orders\"","Marts","orders","\"Analytics\".\"Marts\".\"orders\""]

-- mixed case · replaceLosses (no table)
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND (1 = 0) AND table_owner IS DISTINCT FROM CURRENT_ROLE();
-- params: []

-- mixed case · readControls
SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("Analytics".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("Analytics".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["Marts","Orders","\"Analytics\".\"Marts\".\"Orders\"","Marts","orders","\"Analytics\".\"Marts\".\"orders\""]

-- mixed case · readControls (no table)
SELECT NULL AS "schema_name", NULL AS "table_name", NULL AS "control", NULL AS "detail" WHERE 1 = 0;
-- params: []

-- mixed case · objectGrants (table)
SHOW GRANTS ON TABLE "Analytics"."Marts"."Orders";
-- params: []

-- mixed case · objectGrants (view)
SHOW GRANTS ON VIEW "Analytics"."pr_7"."Orders";
-- params: []

-- mixed case · futureGrants (schema)
SHOW FUTURE GRANTS IN SCHEMA "Analytics"."Marts";
-- params: []

-- mixed case · futureGrants (database)
SHOW FUTURE GRANTS IN DATABASE "Analytics";
-- params: []

-- mixed case · tableComment
SELECT comment AS "comment" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'BASE TABLE';
-- params: ["Marts","Orders"]

-- mixed case · setTableComment
COMMENT ON TABLE "Analytics"."Marts"."Orders" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- mixed case · viewComment
SELECT comment AS "comment" FROM "Analytics".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'VIEW';
-- params: ["Marts","Orders"]

-- mixed case · setViewComment
COMMENT ON VIEW "Analytics"."Marts"."Orders" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- mixed case · createRecordTable registry_info
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."registry_info" ("key" VARCHAR, "value" VARCHAR, PRIMARY KEY ("key"));
-- params: []

-- mixed case · createRecordTable environments
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."environments" ("name" VARCHAR, "project" VARCHAR, "pr_number" NUMBER(38, 0), "repository" VARCHAR, "schemas" VARCHAR, "head_sha" VARCHAR, "status" VARCHAR, "prod_schemas" VARCHAR, "created_at" VARCHAR, "updated_at" VARCHAR, "closed_at" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("name"));
-- params: []

-- mixed case · createRecordTable env_objects
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."env_objects" ("environment" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "kind" VARCHAR, "role" VARCHAR, "node_id" VARCHAR, "state" VARCHAR, "created_at" VARCHAR, "object_identity" VARCHAR, PRIMARY KEY ("environment", "schema_name", "identifier"));
-- params: []

-- mixed case · createRecordTable env_pointers
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."env_pointers" ("environment" VARCHAR, "node_id" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "reads_schema" VARCHAR, "reads_identifier" VARCHAR, "reads_run_id" VARCHAR, "version_key" VARCHAR, "updated_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- mixed case · createRecordTable env_builds
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."env_builds" ("environment" VARCHAR, "node_id" VARCHAR, "run_id" VARCHAR, "status" VARCHAR, "version_key" VARCHAR, "fingerprint_digest" VARCHAR, "checks_digest" VARCHAR, "tested" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "materialized" VARCHAR, "parents" VARCHAR, "sources" VARCHAR, "node_state" VARCHAR, "built_at" VARCHAR, "recorded_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- mixed case · createRecordTable promotions
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."promotions" ("id" VARCHAR, "environment" VARCHAR, "project" VARCHAR, "repository" VARCHAR, "promoted_by" VARCHAR, "status" VARCHAR, "atomic" NUMBER(38, 0), "created_at" VARCHAR, "updated_at" VARCHAR, "retain_until" VARCHAR, "detail" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("id"));
-- params: []

-- mixed case · createRecordTable promotion_steps
CREATE TABLE IF NOT EXISTS "Analytics"."Ods"."promotion_steps" ("promotion_id" VARCHAR, "seq" NUMBER(38, 0), "node_id" VARCHAR, "target_schema" VARCHAR, "target_identifier" VARCHAR, "source_schema" VARCHAR, "source_identifier" VARCHAR, "staged_identifier" VARCHAR, "retired_identifier" VARCHAR, "undone_identifier" VARCHAR, "how" VARCHAR, "state" VARCHAR, "pr_run_id" VARCHAR, "version_key" VARCHAR, "previous_state" VARCHAR, "promoted_state" VARCHAR, "switched_at" VARCHAR, PRIMARY KEY ("promotion_id", "node_id"));
-- params: []

-- mixed case · addRecordColumn
ALTER TABLE "Analytics"."Ods"."env_pointers" ADD COLUMN IF NOT EXISTS "version_key" VARCHAR;
-- params: []

-- mixed case · selectRecords (all)
SELECT "promotion_id", "seq", "node_id", "target_schema", "target_identifier", "source_schema", "source_identifier", "staged_identifier", "retired_identifier", "undone_identifier", "how", "state", "pr_run_id", "version_key", "previous_state", "promoted_state", "switched_at" FROM "Analytics"."Ods"."promotion_steps" ORDER BY "promotion_id", "node_id";
-- params: []

-- mixed case · selectRecords (a value, a null)
SELECT "environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at" FROM "Analytics"."Ods"."env_pointers" WHERE "environment" = ? AND "reads_run_id" IS NULL ORDER BY "environment", "node_id";
-- params: ["pr-7'); delete from x; --"]

-- mixed case · insertRecord
INSERT INTO "Analytics"."Ods"."env_pointers" ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- mixed case · upsertRecord
MERGE INTO "Analytics"."Ods"."env_pointers" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "environment", CAST(? AS VARCHAR) AS "node_id", CAST(? AS VARCHAR) AS "schema_name", CAST(? AS VARCHAR) AS "identifier", CAST(? AS VARCHAR) AS "reads_schema", CAST(? AS VARCHAR) AS "reads_identifier", CAST(? AS VARCHAR) AS "reads_run_id", CAST(? AS VARCHAR) AS "version_key", CAST(? AS VARCHAR) AS "updated_at") AS "s" ON "t"."environment" = "s"."environment" AND "t"."node_id" = "s"."node_id" WHEN MATCHED THEN UPDATE SET "schema_name" = "s"."schema_name", "identifier" = "s"."identifier", "reads_schema" = "s"."reads_schema", "reads_identifier" = "s"."reads_identifier", "reads_run_id" = "s"."reads_run_id", "version_key" = "s"."version_key", "updated_at" = "s"."updated_at" WHEN NOT MATCHED THEN INSERT ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES ("s"."environment", "s"."node_id", "s"."schema_name", "s"."identifier", "s"."reads_schema", "s"."reads_identifier", "s"."reads_run_id", "s"."version_key", "s"."updated_at");
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- mixed case · upsertRecord (null key value, key columns only)
MERGE INTO "Analytics"."Ods"."registry_info" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "key") AS "s" ON "t"."key" IS NULL WHEN NOT MATCHED THEN INSERT ("key") VALUES ("s"."key");
-- params: [null]

-- mixed case · updateRecords
UPDATE "Analytics"."Ods"."env_pointers" SET "version_key" = ?, "reads_run_id" = ? WHERE "environment" = ? AND "node_id" = ?;
-- params: ["vk'3f9a",null,"pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --"]

-- mixed case · deleteRecords
DELETE FROM "Analytics"."Ods"."env_pointers" WHERE "environment" = ?;
-- params: ["pr-7'); delete from x; --"]

-- needs quoting · listSchemas
SELECT schema_name AS "schema_name" FROM "my db".INFORMATION_SCHEMA.SCHEMATA WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY 1;
-- params: []

-- needs quoting · listObjects
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE table_schema IN (?, ?) ORDER BY 1, 2;
-- params: ["pr 7","marts.v2"]

-- needs quoting · listObjects (no schema)
SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE 1 = 0 ORDER BY 1, 2;
-- params: []

-- needs quoting · createSchema
CREATE SCHEMA IF NOT EXISTS "my db"."pr 7";
-- params: []

-- needs quoting · dropSchema
DROP SCHEMA IF EXISTS "my db"."pr 7" RESTRICT;
-- params: []

-- needs quoting · createView
CREATE VIEW "my db"."pr 7"."order items" AS SELECT * FROM "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · createView (replace)
CREATE OR REPLACE VIEW "my db"."pr 7"."order items" COPY GRANTS AS SELECT * FROM "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · dropTable
DROP TABLE IF EXISTS "my db"."pr 7"."order items" RESTRICT;
-- params: []

-- needs quoting · dropView
DROP VIEW IF EXISTS "my db"."pr 7"."order items";
-- params: []

-- needs quoting · renameTable
ALTER TABLE "my db"."marts.v2"."order items" RENAME TO "my db"."marts.v2"."it's $1 -- ok; Ünïcode";
-- params: []

-- needs quoting · moveTable
ALTER TABLE "my db"."pr 7"."order items" RENAME TO "my db"."marts.v2"."it's $1 -- ok; Ünïcode";
-- params: []

-- needs quoting · cloneTable
CREATE TABLE "my db"."pr 7"."order items" CLONE "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE "my db"."marts.v2"."order items" CLONE "my db"."marts.v2"."it's $1 -- ok; Ünïcode" COPY GRANTS;
-- params: []

-- needs quoting · cloneTable (transient, replace)
CREATE OR REPLACE TRANSIENT TABLE "my db"."pr 7"."order items" CLONE "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · copyTable
CREATE TABLE "my db"."marts.v2"."it's $1 -- ok; Ünïcode" AS SELECT * FROM "my db"."pr 7"."order items";
-- params: []

-- needs quoting · replaceFrom
CREATE OR REPLACE TABLE "my db"."marts.v2"."order items" CLONE "my db"."marts.v2"."it's $1 -- ok; Ünïcode" COPY GRANTS;
-- params: []

-- needs quoting · replaceFrom (transient)
CREATE OR REPLACE TRANSIENT TABLE "my db"."marts.v2"."order items" CLONE "my db"."marts.v2"."it's $1 -- ok; Ünïcode" COPY GRANTS;
-- params: []

-- needs quoting · swapTables
ALTER TABLE "my db"."marts.v2"."it's $1 -- ok; Ünïcode" SWAP WITH "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · replaceLosses
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND ((table_schema = ? AND table_name = ?) OR (table_schema = ? AND table_name = ?)) AND table_owner IS DISTINCT FROM CURRENT_ROLE() UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("my db".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("my db".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["marts.v2","order items","marts.v2","it's $1 -- ok; Ünïcode","marts.v2","order items","\"my db\".\"marts.v2\".\"order items\"","marts.v2","it's $1 -- ok; Ünïcode","\"my db\".\"marts.v2\".\"it's $1 -- ok; Ünïcode\""]

-- needs quoting · replaceLosses (no table)
SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' AND (1 = 0) AND table_owner IS DISTINCT FROM CURRENT_ROLE();
-- params: []

-- needs quoting · readControls
SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("my db".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table')) UNION ALL SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE("my db".INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'));
-- params: ["marts.v2","order items","\"my db\".\"marts.v2\".\"order items\"","marts.v2","it's $1 -- ok; Ünïcode","\"my db\".\"marts.v2\".\"it's $1 -- ok; Ünïcode\""]

-- needs quoting · readControls (no table)
SELECT NULL AS "schema_name", NULL AS "table_name", NULL AS "control", NULL AS "detail" WHERE 1 = 0;
-- params: []

-- needs quoting · objectGrants (table)
SHOW GRANTS ON TABLE "my db"."marts.v2"."order items";
-- params: []

-- needs quoting · objectGrants (view)
SHOW GRANTS ON VIEW "my db"."pr 7"."order items";
-- params: []

-- needs quoting · futureGrants (schema)
SHOW FUTURE GRANTS IN SCHEMA "my db"."marts.v2";
-- params: []

-- needs quoting · futureGrants (database)
SHOW FUTURE GRANTS IN DATABASE "my db";
-- params: []

-- needs quoting · tableComment
SELECT comment AS "comment" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'BASE TABLE';
-- params: ["marts.v2","order items"]

-- needs quoting · setTableComment
COMMENT ON TABLE "my db"."marts.v2"."order items" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- needs quoting · viewComment
SELECT comment AS "comment" FROM "my db".INFORMATION_SCHEMA.TABLES WHERE table_schema = ? AND table_name = ? AND table_type = 'VIEW';
-- params: ["marts.v2","order items"]

-- needs quoting · setViewComment
COMMENT ON VIEW "my db"."marts.v2"."order items" IS 'prod''s table \\ C:\\path\\'' [ods:promo-1.node]';
-- params: []

-- needs quoting · createRecordTable registry_info
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."registry_info" ("key" VARCHAR, "value" VARCHAR, PRIMARY KEY ("key"));
-- params: []

-- needs quoting · createRecordTable environments
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."environments" ("name" VARCHAR, "project" VARCHAR, "pr_number" NUMBER(38, 0), "repository" VARCHAR, "schemas" VARCHAR, "head_sha" VARCHAR, "status" VARCHAR, "prod_schemas" VARCHAR, "created_at" VARCHAR, "updated_at" VARCHAR, "closed_at" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("name"));
-- params: []

-- needs quoting · createRecordTable env_objects
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."env_objects" ("environment" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "kind" VARCHAR, "role" VARCHAR, "node_id" VARCHAR, "state" VARCHAR, "created_at" VARCHAR, "object_identity" VARCHAR, PRIMARY KEY ("environment", "schema_name", "identifier"));
-- params: []

-- needs quoting · createRecordTable env_pointers
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."env_pointers" ("environment" VARCHAR, "node_id" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "reads_schema" VARCHAR, "reads_identifier" VARCHAR, "reads_run_id" VARCHAR, "version_key" VARCHAR, "updated_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- needs quoting · createRecordTable env_builds
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."env_builds" ("environment" VARCHAR, "node_id" VARCHAR, "run_id" VARCHAR, "status" VARCHAR, "version_key" VARCHAR, "fingerprint_digest" VARCHAR, "checks_digest" VARCHAR, "tested" VARCHAR, "schema_name" VARCHAR, "identifier" VARCHAR, "materialized" VARCHAR, "parents" VARCHAR, "sources" VARCHAR, "node_state" VARCHAR, "built_at" VARCHAR, "recorded_at" VARCHAR, PRIMARY KEY ("environment", "node_id"));
-- params: []

-- needs quoting · createRecordTable promotions
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."promotions" ("id" VARCHAR, "environment" VARCHAR, "project" VARCHAR, "repository" VARCHAR, "promoted_by" VARCHAR, "status" VARCHAR, "atomic" NUMBER(38, 0), "created_at" VARCHAR, "updated_at" VARCHAR, "retain_until" VARCHAR, "detail" VARCHAR, "repository_id" VARCHAR, PRIMARY KEY ("id"));
-- params: []

-- needs quoting · createRecordTable promotion_steps
CREATE TABLE IF NOT EXISTS "my db"."ods meta"."promotion_steps" ("promotion_id" VARCHAR, "seq" NUMBER(38, 0), "node_id" VARCHAR, "target_schema" VARCHAR, "target_identifier" VARCHAR, "source_schema" VARCHAR, "source_identifier" VARCHAR, "staged_identifier" VARCHAR, "retired_identifier" VARCHAR, "undone_identifier" VARCHAR, "how" VARCHAR, "state" VARCHAR, "pr_run_id" VARCHAR, "version_key" VARCHAR, "previous_state" VARCHAR, "promoted_state" VARCHAR, "switched_at" VARCHAR, PRIMARY KEY ("promotion_id", "node_id"));
-- params: []

-- needs quoting · addRecordColumn
ALTER TABLE "my db"."ods meta"."env_pointers" ADD COLUMN IF NOT EXISTS "version_key" VARCHAR;
-- params: []

-- needs quoting · selectRecords (all)
SELECT "promotion_id", "seq", "node_id", "target_schema", "target_identifier", "source_schema", "source_identifier", "staged_identifier", "retired_identifier", "undone_identifier", "how", "state", "pr_run_id", "version_key", "previous_state", "promoted_state", "switched_at" FROM "my db"."ods meta"."promotion_steps" ORDER BY "promotion_id", "node_id";
-- params: []

-- needs quoting · selectRecords (a value, a null)
SELECT "environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at" FROM "my db"."ods meta"."env_pointers" WHERE "environment" = ? AND "reads_run_id" IS NULL ORDER BY "environment", "node_id";
-- params: ["pr-7'); delete from x; --"]

-- needs quoting · insertRecord
INSERT INTO "my db"."ods meta"."env_pointers" ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- needs quoting · upsertRecord
MERGE INTO "my db"."ods meta"."env_pointers" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "environment", CAST(? AS VARCHAR) AS "node_id", CAST(? AS VARCHAR) AS "schema_name", CAST(? AS VARCHAR) AS "identifier", CAST(? AS VARCHAR) AS "reads_schema", CAST(? AS VARCHAR) AS "reads_identifier", CAST(? AS VARCHAR) AS "reads_run_id", CAST(? AS VARCHAR) AS "version_key", CAST(? AS VARCHAR) AS "updated_at") AS "s" ON "t"."environment" = "s"."environment" AND "t"."node_id" = "s"."node_id" WHEN MATCHED THEN UPDATE SET "schema_name" = "s"."schema_name", "identifier" = "s"."identifier", "reads_schema" = "s"."reads_schema", "reads_identifier" = "s"."reads_identifier", "reads_run_id" = "s"."reads_run_id", "version_key" = "s"."version_key", "updated_at" = "s"."updated_at" WHEN NOT MATCHED THEN INSERT ("environment", "node_id", "schema_name", "identifier", "reads_schema", "reads_identifier", "reads_run_id", "version_key", "updated_at") VALUES ("s"."environment", "s"."node_id", "s"."schema_name", "s"."identifier", "s"."reads_schema", "s"."reads_identifier", "s"."reads_run_id", "s"."version_key", "s"."updated_at");
-- params: ["pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --","PR_7","ORDERS","MARTS","ORDERS",null,"vk'3f9a","2026-12-02T12:00:00Z"]

-- needs quoting · upsertRecord (null key value, key columns only)
MERGE INTO "my db"."ods meta"."registry_info" AS "t" USING (SELECT CAST(? AS VARCHAR) AS "key") AS "s" ON "t"."key" IS NULL WHEN NOT MATCHED THEN INSERT ("key") VALUES ("s"."key");
-- params: [null]

-- needs quoting · updateRecords
UPDATE "my db"."ods meta"."env_pointers" SET "version_key" = ?, "reads_run_id" = ? WHERE "environment" = ? AND "node_id" = ?;
-- params: ["vk'3f9a",null,"pr-7'); delete from x; --","model.shop.o'brien\"; drop table y; --"]

-- needs quoting · deleteRecords
DELETE FROM "my db"."ods meta"."env_pointers" WHERE "environment" = ?;
-- params: ["pr-7'); delete from x; --"]

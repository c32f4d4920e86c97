-- listSchemas
SELECT schema_name FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.SCHEMATA ORDER BY schema_name;
-- params: {}

-- listObjects
SELECT table_schema AS schema_name, table_name AS name, table_type AS kind FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES WHERE table_schema IN (@p1, @p2) ORDER BY schema_name, name;
-- params: {"p1":"analytics","p2":"Analytics_PR_12"}

-- listObjects (no schema)
SELECT table_schema AS schema_name, table_name AS name, table_type AS kind FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES WHERE FALSE ORDER BY schema_name, name;
-- params: {}

-- replaceLosses (no table)
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS loss, CONCAT(field_path, ': ', tag) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE FALSE UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS loss, row_access_policy_name AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE FALSE;
-- params: {}

-- readControls (no table)
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS control, CONCAT('policy tag ', tag, ' on ', field_path) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE FALSE UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS control, CONCAT('row access policy ', row_access_policy_name) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE FALSE;
-- params: {}

-- createSchema
CREATE SCHEMA IF NOT EXISTS `ods-ci-project`.`analytics_pr_12` OPTIONS (location = @p1);
-- params: {"p1":"EU"}

-- dropSchema
DROP SCHEMA IF EXISTS `ods-ci-project`.`analytics_pr_12` RESTRICT;
-- params: {}

-- setViewComment
ALTER VIEW `ods-ci-project`.`analytics_pr_12`.`order lines-2024` SET OPTIONS (description = @p1);
-- params: {"p1":"it's a \"mark\" [ods:promo-1]"}

-- createView ordinary
CREATE VIEW `ods-ci-project`.`analytics_pr_12`.`orders` AS SELECT * FROM `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- createView ordinary (replace)
CREATE OR REPLACE VIEW `ods-ci-project`.`analytics_pr_12`.`orders` AS SELECT * FROM `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- dropTable ordinary
DROP TABLE IF EXISTS `ods-ci-project`.`analytics_pr_12`.`orders`;
-- params: {}

-- dropView ordinary
DROP VIEW IF EXISTS `ods-ci-project`.`analytics_pr_12`.`orders`;
-- params: {}

-- renameTable ordinary
ALTER TABLE `ods-ci-project`.`analytics_pr_12`.`orders` RENAME TO `orders__ods_retired`;
-- params: {}

-- moveTable ordinary: none (BigQuery has no such statement)

-- cloneTable ordinary
CREATE TABLE `ods-ci-project`.`analytics_pr_12`.`orders` CLONE `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- cloneTable ordinary (replace)
CREATE OR REPLACE TABLE `ods-ci-project`.`analytics_pr_12`.`orders` CLONE `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- copyTable ordinary
CREATE TABLE `ods-ci-project`.`analytics_pr_12`.`orders` COPY `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- replaceFrom ordinary
CREATE OR REPLACE TABLE `ods-ci-project`.`analytics_pr_12`.`orders` CLONE `ods-ci-project`.`analytics`.`orders__3f9a1c`;
-- params: {}

-- swapTables ordinary: none (BigQuery has no such statement)

-- replaceLosses ordinary
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS loss, CONCAT(field_path, ': ', tag) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS loss, row_access_policy_name AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"analytics_pr_12","p2":"orders","p3":"analytics","p4":"orders__3f9a1c","p5":"analytics_pr_12","p6":"orders","p7":"analytics","p8":"orders__3f9a1c"}

-- readControls ordinary
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS control, CONCAT('policy tag ', tag, ' on ', field_path) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS control, CONCAT('row access policy ', row_access_policy_name) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"analytics_pr_12","p2":"orders","p3":"analytics","p4":"orders__3f9a1c","p5":"analytics_pr_12","p6":"orders","p7":"analytics","p8":"orders__3f9a1c"}

-- tableComment ordinary
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type IN ('BASE TABLE', 'CLONE');
-- params: {"p1":"analytics_pr_12","p2":"orders"}

-- setTableComment ordinary
ALTER TABLE `ods-ci-project`.`analytics_pr_12`.`orders` SET OPTIONS (description = @p1);
-- params: {"p1":"it's a \"mark\" [ods:promo-1]"}

-- viewComment ordinary
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type = 'VIEW';
-- params: {"p1":"analytics_pr_12","p2":"orders"}

-- createView mixed case
CREATE VIEW `ods-ci-project`.`Analytics_PR_12`.`Orders` AS SELECT * FROM `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- createView mixed case (replace)
CREATE OR REPLACE VIEW `ods-ci-project`.`Analytics_PR_12`.`Orders` AS SELECT * FROM `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- dropTable mixed case
DROP TABLE IF EXISTS `ods-ci-project`.`Analytics_PR_12`.`Orders`;
-- params: {}

-- dropView mixed case
DROP VIEW IF EXISTS `ods-ci-project`.`Analytics_PR_12`.`Orders`;
-- params: {}

-- renameTable mixed case
ALTER TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` RENAME TO `Orders__ods_retired`;
-- params: {}

-- moveTable mixed case: none (BigQuery has no such statement)

-- cloneTable mixed case
CREATE TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` CLONE `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- cloneTable mixed case (replace)
CREATE OR REPLACE TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` CLONE `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- copyTable mixed case
CREATE TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` COPY `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- replaceFrom mixed case
CREATE OR REPLACE TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` CLONE `ods-ci-project`.`Analytics`.`ORDERS`;
-- params: {}

-- swapTables mixed case: none (BigQuery has no such statement)

-- replaceLosses mixed case
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS loss, CONCAT(field_path, ': ', tag) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS loss, row_access_policy_name AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"Analytics_PR_12","p2":"Orders","p3":"Analytics","p4":"ORDERS","p5":"Analytics_PR_12","p6":"Orders","p7":"Analytics","p8":"ORDERS"}

-- readControls mixed case
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS control, CONCAT('policy tag ', tag, ' on ', field_path) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS control, CONCAT('row access policy ', row_access_policy_name) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"Analytics_PR_12","p2":"Orders","p3":"Analytics","p4":"ORDERS","p5":"Analytics_PR_12","p6":"Orders","p7":"Analytics","p8":"ORDERS"}

-- tableComment mixed case
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type IN ('BASE TABLE', 'CLONE');
-- params: {"p1":"Analytics_PR_12","p2":"Orders"}

-- setTableComment mixed case
ALTER TABLE `ods-ci-project`.`Analytics_PR_12`.`Orders` SET OPTIONS (description = @p1);
-- params: {"p1":"it's a \"mark\" [ods:promo-1]"}

-- viewComment mixed case
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type = 'VIEW';
-- params: {"p1":"Analytics_PR_12","p2":"Orders"}

-- createView needs quoting
CREATE VIEW `ods-ci-project`.`analytics_pr_12`.`order lines-2024` AS SELECT * FROM `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- createView needs quoting (replace)
CREATE OR REPLACE VIEW `ods-ci-project`.`analytics_pr_12`.`order lines-2024` AS SELECT * FROM `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- dropTable needs quoting
DROP TABLE IF EXISTS `ods-ci-project`.`analytics_pr_12`.`order lines-2024`;
-- params: {}

-- dropView needs quoting
DROP VIEW IF EXISTS `ods-ci-project`.`analytics_pr_12`.`order lines-2024`;
-- params: {}

-- renameTable needs quoting
ALTER TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` RENAME TO `order lines-2024__ods_retired`;
-- params: {}

-- moveTable needs quoting: none (BigQuery has no such statement)

-- cloneTable needs quoting
CREATE TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` CLONE `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- cloneTable needs quoting (replace)
CREATE OR REPLACE TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` CLONE `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- copyTable needs quoting
CREATE TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` COPY `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- replaceFrom needs quoting
CREATE OR REPLACE TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` CLONE `ods-ci-project`.`analytics`.`étudiant-01 お客様`;
-- params: {}

-- swapTables needs quoting: none (BigQuery has no such statement)

-- replaceLosses needs quoting
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS loss, CONCAT(field_path, ': ', tag) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS loss, row_access_policy_name AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"analytics_pr_12","p2":"order lines-2024","p3":"analytics","p4":"étudiant-01 お客様","p5":"analytics_pr_12","p6":"order lines-2024","p7":"analytics","p8":"étudiant-01 お客様"}

-- readControls needs quoting
SELECT table_schema AS schema_name, table_name, 'policy_tag' AS control, CONCAT('policy tag ', tag, ' on ', field_path) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.COLUMN_FIELD_PATHS CROSS JOIN UNNEST(policy_tags) AS tag WHERE (table_schema = @p1 AND table_name = @p2) OR (table_schema = @p3 AND table_name = @p4) UNION ALL SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS control, CONCAT('row access policy ', row_access_policy_name) AS detail FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.ROW_ACCESS_POLICIES WHERE (table_schema = @p5 AND table_name = @p6) OR (table_schema = @p7 AND table_name = @p8);
-- params: {"p1":"analytics_pr_12","p2":"order lines-2024","p3":"analytics","p4":"étudiant-01 お客様","p5":"analytics_pr_12","p6":"order lines-2024","p7":"analytics","p8":"étudiant-01 お客様"}

-- tableComment needs quoting
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type IN ('BASE TABLE', 'CLONE');
-- params: {"p1":"analytics_pr_12","p2":"order lines-2024"}

-- setTableComment needs quoting
ALTER TABLE `ods-ci-project`.`analytics_pr_12`.`order lines-2024` SET OPTIONS (description = @p1);
-- params: {"p1":"it's a \"mark\" [ods:promo-1]"}

-- viewComment needs quoting
SELECT opt.option_value AS comment FROM `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLES AS tbl LEFT JOIN `ods-ci-project`.`region-eu`.INFORMATION_SCHEMA.TABLE_OPTIONS AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = @p1 AND tbl.table_name = @p2 AND tbl.table_type = 'VIEW';
-- params: {"p1":"analytics_pr_12","p2":"order lines-2024"}

-- createRecordTable
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`promotion_steps` (`promotion_id` STRING, `node_id` STRING, `position` INT64, `state` STRING, `note` STRING);
-- params: {}

-- addRecordColumn
ALTER TABLE `ods-ci-project`.`ods_meta`.`promotion_steps` ADD COLUMN IF NOT EXISTS `note` STRING;
-- params: {}

-- selectRecords (all)
SELECT `promotion_id`, `node_id`, `position`, `state`, `note` FROM `ods-ci-project`.`ods_meta`.`promotion_steps` ORDER BY `promotion_id`, `node_id`;
-- params: {}

-- selectRecords (where, a null)
SELECT `promotion_id`, `node_id`, `position`, `state`, `note` FROM `ods-ci-project`.`ods_meta`.`promotion_steps` WHERE `promotion_id` = @p1 AND `note` IS NULL AND `position` = @p2 ORDER BY `promotion_id`, `node_id`;
-- params: {"p1":"model.shop.o'brien\"; drop table y; -- `x` @p1","p2":3}

-- insertRecord
INSERT INTO `ods-ci-project`.`ods_meta`.`promotion_steps` (`promotion_id`, `node_id`, `position`, `state`, `note`) VALUES (@p1, @p2, @p3, @p4, CAST(NULL AS STRING));
-- params: {"p1":"promo-7f","p2":"model.shop.o'brien\"; drop table y; -- `x` @p1","p3":2,"p4":"planned-4f2"}

-- upsertRecord
MERGE `ods-ci-project`.`ods_meta`.`promotion_steps` AS target USING (SELECT @p1 AS `promotion_id`, @p2 AS `node_id`, @p3 AS `position`, @p4 AS `state`, CAST(NULL AS STRING) AS `note`) AS source ON target.`promotion_id` = source.`promotion_id` AND target.`node_id` = source.`node_id` WHEN MATCHED THEN UPDATE SET `position` = source.`position`, `state` = source.`state`, `note` = source.`note` WHEN NOT MATCHED THEN INSERT (`promotion_id`, `node_id`, `position`, `state`, `note`) VALUES (source.`promotion_id`, source.`node_id`, source.`position`, source.`state`, source.`note`);
-- params: {"p1":"promo-7f","p2":"model.shop.o'brien\"; drop table y; -- `x` @p1","p3":2,"p4":"switched-4f2"}

-- upsertRecord (key only)
MERGE `ods-ci-project`.`ods_meta`.`tags` AS target USING (SELECT @p1 AS `tag`) AS source ON target.`tag` = source.`tag` WHEN NOT MATCHED THEN INSERT (`tag`) VALUES (source.`tag`);
-- params: {"p1":"model.shop.o'brien\"; drop table y; -- `x` @p1"}

-- upsertRecord (null key value)
MERGE `ods-ci-project`.`ods_meta`.`tags` AS target USING (SELECT CAST(NULL AS STRING) AS `tag`) AS source ON target.`tag` IS NULL WHEN NOT MATCHED THEN INSERT (`tag`) VALUES (source.`tag`);
-- params: {}

-- updateRecords
UPDATE `ods-ci-project`.`ods_meta`.`promotion_steps` SET `state` = @p1, `note` = CAST(NULL AS STRING) WHERE `promotion_id` = @p2 AND `node_id` = @p3 AND `note` IS NULL;
-- params: {"p1":"undone-4f2","p2":"promo-7f","p3":"model.shop.o'brien\"; drop table y; -- `x` @p1"}

-- updateRecords (every row)
UPDATE `ods-ci-project`.`ods_meta`.`promotion_steps` SET `state` = @p1 WHERE TRUE;
-- params: {"p1":"undone-4f2"}

-- deleteRecords
DELETE FROM `ods-ci-project`.`ods_meta`.`promotion_steps` WHERE `promotion_id` = @p1 AND `position` = @p2;
-- params: {"p1":"model.shop.o'brien\"; drop table y; -- `x` @p1","p2":7}

-- deleteRecords (every row)
DELETE FROM `ods-ci-project`.`ods_meta`.`promotion_steps` WHERE TRUE;
-- params: {}

-- createRecordTable registry registry_info
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`registry_info` (`key` STRING, `value` STRING);
-- params: {}

-- createRecordTable registry environments
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`environments` (`name` STRING, `project` STRING, `pr_number` INT64, `repository` STRING, `schemas` STRING, `head_sha` STRING, `status` STRING, `prod_schemas` STRING, `created_at` STRING, `updated_at` STRING, `closed_at` STRING, `repository_id` STRING);
-- params: {}

-- createRecordTable registry env_objects
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`env_objects` (`environment` STRING, `schema_name` STRING, `identifier` STRING, `kind` STRING, `role` STRING, `node_id` STRING, `state` STRING, `created_at` STRING, `object_identity` STRING);
-- params: {}

-- createRecordTable registry env_pointers
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`env_pointers` (`environment` STRING, `node_id` STRING, `schema_name` STRING, `identifier` STRING, `reads_schema` STRING, `reads_identifier` STRING, `reads_run_id` STRING, `version_key` STRING, `updated_at` STRING);
-- params: {}

-- createRecordTable registry env_builds
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`env_builds` (`environment` STRING, `node_id` STRING, `run_id` STRING, `status` STRING, `version_key` STRING, `fingerprint_digest` STRING, `checks_digest` STRING, `tested` STRING, `schema_name` STRING, `identifier` STRING, `materialized` STRING, `parents` STRING, `sources` STRING, `node_state` STRING, `built_at` STRING, `recorded_at` STRING);
-- params: {}

-- createRecordTable registry promotions
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`promotions` (`id` STRING, `environment` STRING, `project` STRING, `repository` STRING, `promoted_by` STRING, `status` STRING, `atomic` INT64, `created_at` STRING, `updated_at` STRING, `retain_until` STRING, `detail` STRING, `repository_id` STRING);
-- params: {}

-- createRecordTable registry promotion_steps
CREATE TABLE IF NOT EXISTS `ods-ci-project`.`ods_meta`.`promotion_steps` (`promotion_id` STRING, `seq` INT64, `node_id` STRING, `target_schema` STRING, `target_identifier` STRING, `source_schema` STRING, `source_identifier` STRING, `staged_identifier` STRING, `retired_identifier` STRING, `undone_identifier` STRING, `how` STRING, `state` STRING, `pr_run_id` STRING, `version_key` STRING, `previous_state` STRING, `promoted_state` STRING, `switched_at` STRING);
-- params: {}

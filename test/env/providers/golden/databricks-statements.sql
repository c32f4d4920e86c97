-- Databricks provider statements (src/drivers/providers/databricks/databricks-statements.ts).

-- ===== ordinary: catalog "analytics", schemas "pr_42" and "prod", tables "orders" and "customers"
-- listSchemas
SELECT schema_name FROM `analytics`.information_schema.schemata ORDER BY schema_name;
-- params: []

-- listObjects
SELECT table_schema, table_name, table_type FROM `analytics`.information_schema.tables WHERE lower(table_schema) IN (lower(?), lower(?)) ORDER BY table_schema, table_name;
-- params: ["pr_42","prod"]

-- listObjects (no schemas)
SELECT table_schema, table_name, table_type FROM `analytics`.information_schema.tables WHERE FALSE ORDER BY table_schema, table_name;
-- params: []

-- createSchema
CREATE SCHEMA IF NOT EXISTS `analytics`.`pr_42`;
-- params: []

-- dropSchema
DROP SCHEMA IF EXISTS `analytics`.`pr_42` RESTRICT;
-- params: []

-- createView
CREATE VIEW `analytics`.`pr_42`.`orders` WITH SCHEMA EVOLUTION AS SELECT * FROM `analytics`.`prod`.`customers`;
-- params: []

-- createView (replace)
CREATE OR REPLACE VIEW `analytics`.`pr_42`.`orders` WITH SCHEMA EVOLUTION AS SELECT * FROM `analytics`.`prod`.`customers`;
-- params: []

-- dropTable
DROP TABLE IF EXISTS `analytics`.`pr_42`.`orders`;
-- params: []

-- dropView
DROP VIEW IF EXISTS `analytics`.`pr_42`.`orders`;
-- params: []

-- renameTable
ALTER TABLE `analytics`.`pr_42`.`orders` RENAME TO `analytics`.`pr_42`.`customers`;
-- params: []

-- moveTable
-- (none: the provider has no such statement)

-- cloneTable
CREATE TABLE `analytics`.`pr_42`.`orders` SHALLOW CLONE `analytics`.`prod`.`customers`;
-- params: []

-- cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE `analytics`.`pr_42`.`orders` SHALLOW CLONE `analytics`.`prod`.`customers`;
-- params: []

-- copyTable
CREATE TABLE `analytics`.`pr_42`.`orders` DEEP CLONE `analytics`.`prod`.`customers`;
-- params: []

-- replaceFrom
CREATE OR REPLACE TABLE `analytics`.`pr_42`.`orders` DEEP CLONE `analytics`.`prod`.`customers`;
-- params: []

-- swapTables
-- (none: the provider has no such statement)

-- replaceLosses
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `analytics`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["pr_42","orders","prod","customers"]

-- replaceLosses (no table)
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `analytics`.information_schema.row_filters WHERE FALSE;
-- params: []

-- readControls
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `analytics`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `analytics`.information_schema.column_masks WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["pr_42","orders","prod","customers","pr_42","orders","prod","customers"]

-- readControls (no table)
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `analytics`.information_schema.row_filters WHERE FALSE UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `analytics`.information_schema.column_masks WHERE FALSE;
-- params: []

-- tableComment
SELECT `comment` FROM `analytics`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type IN ('MANAGED', 'EXTERNAL', 'MANAGED_SHALLOW_CLONE', 'EXTERNAL_SHALLOW_CLONE');
-- params: ["pr_42","orders"]

-- setTableComment
COMMENT ON TABLE `analytics`.`pr_42`.`orders` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:p-1.n-2]';
-- params: []

-- viewComment
SELECT `comment` FROM `analytics`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type = 'VIEW';
-- params: ["pr_42","orders"]

-- setViewComment
COMMENT ON TABLE `analytics`.`pr_42`.`orders` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:env:0a1b]';
-- params: []

-- createRecordTable
CREATE TABLE IF NOT EXISTS `analytics`.`pr_42`.`registry_info` (`key` STRING, `value` STRING);
-- params: []

-- addRecordColumn
ALTER TABLE `analytics`.`pr_42`.`promotion_steps` ADD COLUMNS (`switched_at` STRING);
-- params: []

-- recordColumns
SELECT column_name FROM `analytics`.information_schema.columns WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) ORDER BY ordinal_position;
-- params: ["pr_42","promotion_steps"]

-- selectRecords (all)
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `analytics`.`pr_42`.`promotion_steps` ORDER BY `promotion_id`, `node_id`;
-- params: []

-- selectRecords
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `analytics`.`pr_42`.`promotion_steps` WHERE `node_id` = ? AND `switched_at` IS NULL ORDER BY `promotion_id`, `node_id`;
-- params: ["model.shop.o'rders\"; drop table y; --"]

-- insertRecord
INSERT INTO `analytics`.`pr_42`.`promotion_steps` (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (?, ?, ?, ?, ?);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord
MERGE INTO `analytics`.`pr_42`.`promotion_steps` AS target USING (SELECT ? AS `promotion_id`, ? AS `node_id`, ? AS `seq`, ? AS `state`, ? AS `switched_at`) AS source ON target.`promotion_id` <=> source.`promotion_id` AND target.`node_id` <=> source.`node_id` WHEN MATCHED THEN UPDATE SET target.`seq` = source.`seq`, target.`state` = source.`state`, target.`switched_at` = source.`switched_at` WHEN NOT MATCHED THEN INSERT (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (source.`promotion_id`, source.`node_id`, source.`seq`, source.`state`, source.`switched_at`);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord (key only)
MERGE INTO `analytics`.`pr_42`.`registry_info` AS target USING (SELECT ? AS `key`) AS source ON target.`key` <=> source.`key` WHEN NOT MATCHED THEN INSERT (`key`) VALUES (source.`key`);
-- params: ["it's \\' a ''; DELETE FROM t; --"]

-- updateRecords
UPDATE `analytics`.`pr_42`.`promotion_steps` SET `state` = ?, `seq` = ? WHERE `node_id` = ? AND `switched_at` IS NULL;
-- params: ["new-state",4,"model.shop.o'rders\"; drop table y; --"]

-- deleteRecords
DELETE FROM `analytics`.`pr_42`.`promotion_steps` WHERE `promotion_id` = ?;
-- params: ["p-1"]

-- deleteRecords (all)
DELETE FROM `analytics`.`pr_42`.`registry_info`;
-- params: []

-- ===== mixed case: catalog "Analytics", schemas "PR_42" and "Prod", tables "Orders" and "customerS"
-- listSchemas
SELECT schema_name FROM `Analytics`.information_schema.schemata ORDER BY schema_name;
-- params: []

-- listObjects
SELECT table_schema, table_name, table_type FROM `Analytics`.information_schema.tables WHERE lower(table_schema) IN (lower(?), lower(?)) ORDER BY table_schema, table_name;
-- params: ["PR_42","Prod"]

-- listObjects (no schemas)
SELECT table_schema, table_name, table_type FROM `Analytics`.information_schema.tables WHERE FALSE ORDER BY table_schema, table_name;
-- params: []

-- createSchema
CREATE SCHEMA IF NOT EXISTS `Analytics`.`PR_42`;
-- params: []

-- dropSchema
DROP SCHEMA IF EXISTS `Analytics`.`PR_42` RESTRICT;
-- params: []

-- createView
CREATE VIEW `Analytics`.`PR_42`.`Orders` WITH SCHEMA EVOLUTION AS SELECT * FROM `Analytics`.`Prod`.`customerS`;
-- params: []

-- createView (replace)
CREATE OR REPLACE VIEW `Analytics`.`PR_42`.`Orders` WITH SCHEMA EVOLUTION AS SELECT * FROM `Analytics`.`Prod`.`customerS`;
-- params: []

-- dropTable
DROP TABLE IF EXISTS `Analytics`.`PR_42`.`Orders`;
-- params: []

-- dropView
DROP VIEW IF EXISTS `Analytics`.`PR_42`.`Orders`;
-- params: []

-- renameTable
ALTER TABLE `Analytics`.`PR_42`.`Orders` RENAME TO `Analytics`.`PR_42`.`customerS`;
-- params: []

-- moveTable
-- (none: the provider has no such statement)

-- cloneTable
CREATE TABLE `Analytics`.`PR_42`.`Orders` SHALLOW CLONE `Analytics`.`Prod`.`customerS`;
-- params: []

-- cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE `Analytics`.`PR_42`.`Orders` SHALLOW CLONE `Analytics`.`Prod`.`customerS`;
-- params: []

-- copyTable
CREATE TABLE `Analytics`.`PR_42`.`Orders` DEEP CLONE `Analytics`.`Prod`.`customerS`;
-- params: []

-- replaceFrom
CREATE OR REPLACE TABLE `Analytics`.`PR_42`.`Orders` DEEP CLONE `Analytics`.`Prod`.`customerS`;
-- params: []

-- swapTables
-- (none: the provider has no such statement)

-- replaceLosses
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `Analytics`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["PR_42","Orders","Prod","customerS"]

-- replaceLosses (no table)
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `Analytics`.information_schema.row_filters WHERE FALSE;
-- params: []

-- readControls
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `Analytics`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `Analytics`.information_schema.column_masks WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["PR_42","Orders","Prod","customerS","PR_42","Orders","Prod","customerS"]

-- readControls (no table)
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `Analytics`.information_schema.row_filters WHERE FALSE UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `Analytics`.information_schema.column_masks WHERE FALSE;
-- params: []

-- tableComment
SELECT `comment` FROM `Analytics`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type IN ('MANAGED', 'EXTERNAL', 'MANAGED_SHALLOW_CLONE', 'EXTERNAL_SHALLOW_CLONE');
-- params: ["PR_42","Orders"]

-- setTableComment
COMMENT ON TABLE `Analytics`.`PR_42`.`Orders` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:p-1.n-2]';
-- params: []

-- viewComment
SELECT `comment` FROM `Analytics`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type = 'VIEW';
-- params: ["PR_42","Orders"]

-- setViewComment
COMMENT ON TABLE `Analytics`.`PR_42`.`Orders` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:env:0a1b]';
-- params: []

-- createRecordTable
CREATE TABLE IF NOT EXISTS `Analytics`.`PR_42`.`registry_info` (`key` STRING, `value` STRING);
-- params: []

-- addRecordColumn
ALTER TABLE `Analytics`.`PR_42`.`promotion_steps` ADD COLUMNS (`switched_at` STRING);
-- params: []

-- recordColumns
SELECT column_name FROM `Analytics`.information_schema.columns WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) ORDER BY ordinal_position;
-- params: ["PR_42","promotion_steps"]

-- selectRecords (all)
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `Analytics`.`PR_42`.`promotion_steps` ORDER BY `promotion_id`, `node_id`;
-- params: []

-- selectRecords
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `Analytics`.`PR_42`.`promotion_steps` WHERE `node_id` = ? AND `switched_at` IS NULL ORDER BY `promotion_id`, `node_id`;
-- params: ["model.shop.o'rders\"; drop table y; --"]

-- insertRecord
INSERT INTO `Analytics`.`PR_42`.`promotion_steps` (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (?, ?, ?, ?, ?);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord
MERGE INTO `Analytics`.`PR_42`.`promotion_steps` AS target USING (SELECT ? AS `promotion_id`, ? AS `node_id`, ? AS `seq`, ? AS `state`, ? AS `switched_at`) AS source ON target.`promotion_id` <=> source.`promotion_id` AND target.`node_id` <=> source.`node_id` WHEN MATCHED THEN UPDATE SET target.`seq` = source.`seq`, target.`state` = source.`state`, target.`switched_at` = source.`switched_at` WHEN NOT MATCHED THEN INSERT (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (source.`promotion_id`, source.`node_id`, source.`seq`, source.`state`, source.`switched_at`);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord (key only)
MERGE INTO `Analytics`.`PR_42`.`registry_info` AS target USING (SELECT ? AS `key`) AS source ON target.`key` <=> source.`key` WHEN NOT MATCHED THEN INSERT (`key`) VALUES (source.`key`);
-- params: ["it's \\' a ''; DELETE FROM t; --"]

-- updateRecords
UPDATE `Analytics`.`PR_42`.`promotion_steps` SET `state` = ?, `seq` = ? WHERE `node_id` = ? AND `switched_at` IS NULL;
-- params: ["new-state",4,"model.shop.o'rders\"; drop table y; --"]

-- deleteRecords
DELETE FROM `Analytics`.`PR_42`.`promotion_steps` WHERE `promotion_id` = ?;
-- params: ["p-1"]

-- deleteRecords (all)
DELETE FROM `Analytics`.`PR_42`.`registry_info`;
-- params: []

-- ===== needs quoting: catalog "dev-catalog", schemas "pr-42" and "schéma", tables "odd`name" and "café-ünits"
-- listSchemas
SELECT schema_name FROM `dev-catalog`.information_schema.schemata ORDER BY schema_name;
-- params: []

-- listObjects
SELECT table_schema, table_name, table_type FROM `dev-catalog`.information_schema.tables WHERE lower(table_schema) IN (lower(?), lower(?)) ORDER BY table_schema, table_name;
-- params: ["pr-42","schéma"]

-- listObjects (no schemas)
SELECT table_schema, table_name, table_type FROM `dev-catalog`.information_schema.tables WHERE FALSE ORDER BY table_schema, table_name;
-- params: []

-- createSchema
CREATE SCHEMA IF NOT EXISTS `dev-catalog`.`pr-42`;
-- params: []

-- dropSchema
DROP SCHEMA IF EXISTS `dev-catalog`.`pr-42` RESTRICT;
-- params: []

-- createView
CREATE VIEW `dev-catalog`.`pr-42`.`odd``name` WITH SCHEMA EVOLUTION AS SELECT * FROM `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- createView (replace)
CREATE OR REPLACE VIEW `dev-catalog`.`pr-42`.`odd``name` WITH SCHEMA EVOLUTION AS SELECT * FROM `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- dropTable
DROP TABLE IF EXISTS `dev-catalog`.`pr-42`.`odd``name`;
-- params: []

-- dropView
DROP VIEW IF EXISTS `dev-catalog`.`pr-42`.`odd``name`;
-- params: []

-- renameTable
ALTER TABLE `dev-catalog`.`pr-42`.`odd``name` RENAME TO `dev-catalog`.`pr-42`.`café-ünits`;
-- params: []

-- moveTable
-- (none: the provider has no such statement)

-- cloneTable
CREATE TABLE `dev-catalog`.`pr-42`.`odd``name` SHALLOW CLONE `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE `dev-catalog`.`pr-42`.`odd``name` SHALLOW CLONE `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- copyTable
CREATE TABLE `dev-catalog`.`pr-42`.`odd``name` DEEP CLONE `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- replaceFrom
CREATE OR REPLACE TABLE `dev-catalog`.`pr-42`.`odd``name` DEEP CLONE `dev-catalog`.`schéma`.`café-ünits`;
-- params: []

-- swapTables
-- (none: the provider has no such statement)

-- replaceLosses
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `dev-catalog`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["pr-42","odd`name","schéma","café-ünits"]

-- replaceLosses (no table)
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `dev-catalog`.information_schema.row_filters WHERE FALSE;
-- params: []

-- readControls
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `dev-catalog`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `dev-catalog`.information_schema.column_masks WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["pr-42","odd`name","schéma","café-ünits","pr-42","odd`name","schéma","café-ünits"]

-- readControls (no table)
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `dev-catalog`.information_schema.row_filters WHERE FALSE UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `dev-catalog`.information_schema.column_masks WHERE FALSE;
-- params: []

-- tableComment
SELECT `comment` FROM `dev-catalog`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type IN ('MANAGED', 'EXTERNAL', 'MANAGED_SHALLOW_CLONE', 'EXTERNAL_SHALLOW_CLONE');
-- params: ["pr-42","odd`name"]

-- setTableComment
COMMENT ON TABLE `dev-catalog`.`pr-42`.`odd``name` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:p-1.n-2]';
-- params: []

-- viewComment
SELECT `comment` FROM `dev-catalog`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type = 'VIEW';
-- params: ["pr-42","odd`name"]

-- setViewComment
COMMENT ON TABLE `dev-catalog`.`pr-42`.`odd``name` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:env:0a1b]';
-- params: []

-- createRecordTable
CREATE TABLE IF NOT EXISTS `dev-catalog`.`pr-42`.`registry_info` (`key` STRING, `value` STRING);
-- params: []

-- addRecordColumn
ALTER TABLE `dev-catalog`.`pr-42`.`promotion_steps` ADD COLUMNS (`switched_at` STRING);
-- params: []

-- recordColumns
SELECT column_name FROM `dev-catalog`.information_schema.columns WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) ORDER BY ordinal_position;
-- params: ["pr-42","promotion_steps"]

-- selectRecords (all)
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `dev-catalog`.`pr-42`.`promotion_steps` ORDER BY `promotion_id`, `node_id`;
-- params: []

-- selectRecords
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `dev-catalog`.`pr-42`.`promotion_steps` WHERE `node_id` = ? AND `switched_at` IS NULL ORDER BY `promotion_id`, `node_id`;
-- params: ["model.shop.o'rders\"; drop table y; --"]

-- insertRecord
INSERT INTO `dev-catalog`.`pr-42`.`promotion_steps` (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (?, ?, ?, ?, ?);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord
MERGE INTO `dev-catalog`.`pr-42`.`promotion_steps` AS target USING (SELECT ? AS `promotion_id`, ? AS `node_id`, ? AS `seq`, ? AS `state`, ? AS `switched_at`) AS source ON target.`promotion_id` <=> source.`promotion_id` AND target.`node_id` <=> source.`node_id` WHEN MATCHED THEN UPDATE SET target.`seq` = source.`seq`, target.`state` = source.`state`, target.`switched_at` = source.`switched_at` WHEN NOT MATCHED THEN INSERT (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (source.`promotion_id`, source.`node_id`, source.`seq`, source.`state`, source.`switched_at`);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord (key only)
MERGE INTO `dev-catalog`.`pr-42`.`registry_info` AS target USING (SELECT ? AS `key`) AS source ON target.`key` <=> source.`key` WHEN NOT MATCHED THEN INSERT (`key`) VALUES (source.`key`);
-- params: ["it's \\' a ''; DELETE FROM t; --"]

-- updateRecords
UPDATE `dev-catalog`.`pr-42`.`promotion_steps` SET `state` = ?, `seq` = ? WHERE `node_id` = ? AND `switched_at` IS NULL;
-- params: ["new-state",4,"model.shop.o'rders\"; drop table y; --"]

-- deleteRecords
DELETE FROM `dev-catalog`.`pr-42`.`promotion_steps` WHERE `promotion_id` = ?;
-- params: ["p-1"]

-- deleteRecords (all)
DELETE FROM `dev-catalog`.`pr-42`.`registry_info`;
-- params: []

-- ===== hostile: catalog "c`;--", schemas "s`--" and "p", tables "x`;drop_table_y;--" and "`"
-- listSchemas
SELECT schema_name FROM `c``;--`.information_schema.schemata ORDER BY schema_name;
-- params: []

-- listObjects
SELECT table_schema, table_name, table_type FROM `c``;--`.information_schema.tables WHERE lower(table_schema) IN (lower(?), lower(?)) ORDER BY table_schema, table_name;
-- params: ["s`--","p"]

-- listObjects (no schemas)
SELECT table_schema, table_name, table_type FROM `c``;--`.information_schema.tables WHERE FALSE ORDER BY table_schema, table_name;
-- params: []

-- createSchema
CREATE SCHEMA IF NOT EXISTS `c``;--`.`s``--`;
-- params: []

-- dropSchema
DROP SCHEMA IF EXISTS `c``;--`.`s``--` RESTRICT;
-- params: []

-- createView
CREATE VIEW `c``;--`.`s``--`.`x``;drop_table_y;--` WITH SCHEMA EVOLUTION AS SELECT * FROM `c``;--`.`p`.````;
-- params: []

-- createView (replace)
CREATE OR REPLACE VIEW `c``;--`.`s``--`.`x``;drop_table_y;--` WITH SCHEMA EVOLUTION AS SELECT * FROM `c``;--`.`p`.````;
-- params: []

-- dropTable
DROP TABLE IF EXISTS `c``;--`.`s``--`.`x``;drop_table_y;--`;
-- params: []

-- dropView
DROP VIEW IF EXISTS `c``;--`.`s``--`.`x``;drop_table_y;--`;
-- params: []

-- renameTable
ALTER TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` RENAME TO `c``;--`.`s``--`.````;
-- params: []

-- moveTable
-- (none: the provider has no such statement)

-- cloneTable
CREATE TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` SHALLOW CLONE `c``;--`.`p`.````;
-- params: []

-- cloneTable (replace, copy grants)
CREATE OR REPLACE TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` SHALLOW CLONE `c``;--`.`p`.````;
-- params: []

-- copyTable
CREATE TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` DEEP CLONE `c``;--`.`p`.````;
-- params: []

-- replaceFrom
CREATE OR REPLACE TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` DEEP CLONE `c``;--`.`p`.````;
-- params: []

-- swapTables
-- (none: the provider has no such statement)

-- replaceLosses
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `c``;--`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["s`--","x`;drop_table_y;--","p","`"]

-- replaceLosses (no table)
SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM `c``;--`.information_schema.row_filters WHERE FALSE;
-- params: []

-- readControls
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `c``;--`.information_schema.row_filters WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `c``;--`.information_schema.column_masks WHERE (lower(schema_name) = lower(?) AND lower(table_name) = lower(?)) OR (lower(schema_name) = lower(?) AND lower(table_name) = lower(?));
-- params: ["s`--","x`;drop_table_y;--","p","`","s`--","x`;drop_table_y;--","p","`"]

-- readControls (no table)
SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM `c``;--`.information_schema.row_filters WHERE FALSE UNION ALL SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM `c``;--`.information_schema.column_masks WHERE FALSE;
-- params: []

-- tableComment
SELECT `comment` FROM `c``;--`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type IN ('MANAGED', 'EXTERNAL', 'MANAGED_SHALLOW_CLONE', 'EXTERNAL_SHALLOW_CLONE');
-- params: ["s`--","x`;drop_table_y;--"]

-- setTableComment
COMMENT ON TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:p-1.n-2]';
-- params: []

-- viewComment
SELECT `comment` FROM `c``;--`.information_schema.tables WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) AND table_type = 'VIEW';
-- params: ["s`--","x`;drop_table_y;--"]

-- setViewComment
COMMENT ON TABLE `c``;--`.`s``--`.`x``;drop_table_y;--` IS 'it\'s \\\' a \'\'; DELETE FROM t; -- [ods:env:0a1b]';
-- params: []

-- createRecordTable
CREATE TABLE IF NOT EXISTS `c``;--`.`s``--`.`registry_info` (`key` STRING, `value` STRING);
-- params: []

-- addRecordColumn
ALTER TABLE `c``;--`.`s``--`.`promotion_steps` ADD COLUMNS (`switched_at` STRING);
-- params: []

-- recordColumns
SELECT column_name FROM `c``;--`.information_schema.columns WHERE lower(table_schema) = lower(?) AND lower(table_name) = lower(?) ORDER BY ordinal_position;
-- params: ["s`--","promotion_steps"]

-- selectRecords (all)
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `c``;--`.`s``--`.`promotion_steps` ORDER BY `promotion_id`, `node_id`;
-- params: []

-- selectRecords
SELECT `promotion_id`, `seq`, `node_id`, `target_schema`, `target_identifier`, `source_schema`, `source_identifier`, `staged_identifier`, `retired_identifier`, `undone_identifier`, `how`, `state`, `pr_run_id`, `version_key`, `previous_state`, `promoted_state`, `switched_at` FROM `c``;--`.`s``--`.`promotion_steps` WHERE `node_id` = ? AND `switched_at` IS NULL ORDER BY `promotion_id`, `node_id`;
-- params: ["model.shop.o'rders\"; drop table y; --"]

-- insertRecord
INSERT INTO `c``;--`.`s``--`.`promotion_steps` (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (?, ?, ?, ?, ?);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord
MERGE INTO `c``;--`.`s``--`.`promotion_steps` AS target USING (SELECT ? AS `promotion_id`, ? AS `node_id`, ? AS `seq`, ? AS `state`, ? AS `switched_at`) AS source ON target.`promotion_id` <=> source.`promotion_id` AND target.`node_id` <=> source.`node_id` WHEN MATCHED THEN UPDATE SET target.`seq` = source.`seq`, target.`state` = source.`state`, target.`switched_at` = source.`switched_at` WHEN NOT MATCHED THEN INSERT (`promotion_id`, `node_id`, `seq`, `state`, `switched_at`) VALUES (source.`promotion_id`, source.`node_id`, source.`seq`, source.`state`, source.`switched_at`);
-- params: ["p-1","model.shop.o'rders\"; drop table y; --",3,"state-value",null]

-- upsertRecord (key only)
MERGE INTO `c``;--`.`s``--`.`registry_info` AS target USING (SELECT ? AS `key`) AS source ON target.`key` <=> source.`key` WHEN NOT MATCHED THEN INSERT (`key`) VALUES (source.`key`);
-- params: ["it's \\' a ''; DELETE FROM t; --"]

-- updateRecords
UPDATE `c``;--`.`s``--`.`promotion_steps` SET `state` = ?, `seq` = ? WHERE `node_id` = ? AND `switched_at` IS NULL;
-- params: ["new-state",4,"model.shop.o'rders\"; drop table y; --"]

-- deleteRecords
DELETE FROM `c``;--`.`s``--`.`promotion_steps` WHERE `promotion_id` = ?;
-- params: ["p-1"]

-- deleteRecords (all)
DELETE FROM `c``;--`.`s``--`.`registry_info`;
-- params: []

-- createRecordTable registry_info
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`registry_info` (`key` STRING, `value` STRING);

-- createRecordTable environments
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`environments` (`name` STRING, `project` STRING, `pr_number` INT, `repository` STRING, `schemas` STRING, `head_sha` STRING, `status` STRING, `prod_schemas` STRING, `created_at` STRING, `updated_at` STRING, `closed_at` STRING, `repository_id` STRING);

-- createRecordTable env_objects
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`env_objects` (`environment` STRING, `schema_name` STRING, `identifier` STRING, `kind` STRING, `role` STRING, `node_id` STRING, `state` STRING, `created_at` STRING, `object_identity` STRING);

-- createRecordTable env_pointers
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`env_pointers` (`environment` STRING, `node_id` STRING, `schema_name` STRING, `identifier` STRING, `reads_schema` STRING, `reads_identifier` STRING, `reads_run_id` STRING, `version_key` STRING, `updated_at` STRING);

-- createRecordTable env_builds
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`env_builds` (`environment` STRING, `node_id` STRING, `run_id` STRING, `status` STRING, `version_key` STRING, `fingerprint_digest` STRING, `checks_digest` STRING, `tested` STRING, `schema_name` STRING, `identifier` STRING, `materialized` STRING, `parents` STRING, `sources` STRING, `node_state` STRING, `built_at` STRING, `recorded_at` STRING);

-- createRecordTable promotions
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`promotions` (`id` STRING, `environment` STRING, `project` STRING, `repository` STRING, `promoted_by` STRING, `status` STRING, `atomic` INT, `created_at` STRING, `updated_at` STRING, `retain_until` STRING, `detail` STRING, `repository_id` STRING);

-- createRecordTable promotion_steps
CREATE TABLE IF NOT EXISTS `analytics`.`ods_meta`.`promotion_steps` (`promotion_id` STRING, `seq` INT, `node_id` STRING, `target_schema` STRING, `target_identifier` STRING, `source_schema` STRING, `source_identifier` STRING, `staged_identifier` STRING, `retired_identifier` STRING, `undone_identifier` STRING, `how` STRING, `state` STRING, `pr_run_id` STRING, `version_key` STRING, `previous_state` STRING, `promoted_state` STRING, `switched_at` STRING);

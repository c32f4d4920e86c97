/**
 * The manifest surface of the input inventory (row.ts): every field of every
 * entry dbt writes into manifest.json (schema v11, v12), classified. A path
 * no row covers is unclassified: its value is digested per entry
 * (manifest-residue.ts) and a change builds what it reaches.
 *
 * Citations name dbt-core (github.com/dbt-labs/dbt-core, 1.7–1.12) and
 * dbt-adapters (github.com/dbt-labs/dbt-adapters) files and functions.
 */
import { type InventoryRow, rowMakers } from "./row.js";

const { fp, inert, unknown } = rowMakers("manifest");

const NODES_PY = "core/dbt/contracts/graph/nodes.py";
const CONFIG_PY = "core/dbt/artifacts/resources/v1/config.py";
const PARSE_ONLY = `${NODES_PY} (parsed and written to the manifest); read by the parser, selection and docs, never by a materialization or adapter macro: core/dbt/context/providers.py › ModelContext exposes \`model\`, but no dbt or adapter macro reads this field`;

const READ_BY_USER_MACRO =
  "an `input:nodes.<kind>.config.<key>` component where a project or package macro of the node's run-time closure, or one of its hooks, reads the key (`model.tags`, `config.get('meta')`): dbt hands every macro the whole node (src/dbt/fingerprint/node-fingerprint.ts › addMentionedConfigKeys)";
/** Node fields every node keeps that a hook or run-time macro reads (node-fingerprint.ts › NODE_PLACE_FIELDS). */
function readByMacro(field: string): string {
  return `an \`input:nodes.<kind>.${field}\` component where one of the node's hooks, or a project or package macro of its run-time closure, reads \`.${field}\` (a grant by folder, \`model.fqn[1]\`): dbt hands them the whole node as \`model\``;
}
/** Node fields outside config a hook reads (node-fingerprint.ts › addMentionedConfigKeys, HOOK_READABLE_FIELDS). */
function readByHook(field: string): string {
  return `an \`input:nodes.<kind>.${field}\` component where one of the node's hooks, or a project or package macro of its run-time closure, reads \`.${field}\` (for a node without hooks, only under a materialization that is not dbt's or the adapter's: a project's override of one of dbt's own macros that reads it is not seen) (a post-hook's \`comment on table … is '{{ model.description }}'\`, a masking policy from \`model.columns\` meta): dbt hands hooks the whole node as \`model\``;
}
const HOOK_CONTEXT =
  "core/dbt/context/providers.py › ProviderContext.ctx_model (the whole node as `model`); core/dbt/task/run.py › ModelRunner (run_hooks renders the hooks in the node's context)";
const MODEL_CONTEXT =
  "core/dbt/context/providers.py › ProviderContext.ctx_model (the whole node as `model`) / RuntimeConfigObject.get";

/** Fields every parsed node (models, seeds, snapshots, tests, operations, analyses) carries alike. */
function nodeCommon(kind: string): InventoryRow[] {
  const p = `nodes.<${kind}>`;
  return [
    fp(
      `${p}.unique_id`,
      "the node's identity: its state is recorded under it (a rename is a new node: never_built)",
      `${NODES_PY} › BaseNode.unique_id`,
    ),
    fp(
      `${p}.resource_type`,
      "the kind of node decides what is planned and fingerprinted; it is part of unique_id",
      `${NODES_PY} › BaseNode.resource_type`,
    ),
    inert(
      `${p}.package_name`,
      "part of unique_id (`<resource_type>.<package_name>.<name>`): a node of another package is another node (never_built); the macros its build resolves are in the macros component",
      `core/dbt/parser/base.py › BaseParser.generate_unique_id`,
    ),
    inert(
      `${p}.name`,
      "part of unique_id (a rename is a new node); the relation is named by alias (relation component)",
      `${NODES_PY} › ParsedNode.name; core/dbt/adapters/base/relation.py › BaseRelation.create_from (uses alias)`,
    ),
    fp(
      `${p}.path`,
      `${readByMacro("path")}; otherwise where the file is, for messages and compiled-file paths`,
      `${PARSE_ONLY}; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.original_file_path`,
      `${readByMacro("original_file_path")}; otherwise where the file is, for messages and selection`,
      `${PARSE_ONLY}; ${HOOK_CONTEXT}`,
    ),
    inert(`${p}.patch_path`, "the YAML file that describes it, for selection", PARSE_ONLY),
    inert(
      `${p}.build_path`,
      "where dbt wrote the compiled file",
      "core/dbt/compilation.py › Compiler._write_node",
    ),
    inert(
      `${p}.compiled_path`,
      "where dbt wrote the compiled file",
      "core/dbt/compilation.py › Compiler._write_node",
    ),
    fp(
      `${p}.fqn`,
      `${readByMacro("fqn")}; otherwise for selection; dbt resolves project configs by it at parse time, into config (fingerprinted)`,
      `core/dbt/context/context_config.py › ContextConfig (parse time); ${HOOK_CONTEXT}`,
    ),
    inert(`${p}.tags`, "the union of config.tags; for selection", `${NODES_PY} › ParsedNode.tags`),
    fp(
      `${p}.meta`,
      `${readByHook("meta")}; otherwise documentation metadata (config.meta is what BigQuery's labels_from_meta reads)`,
      `${PARSE_ONLY}; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.description`,
      `docs component with persist_docs.relation; ${readByHook("description")}; otherwise documentation`,
      `dbt-adapters: dbt/include/global_project/macros/adapters/persist_docs.sql › persist_docs; ${HOOK_CONTEXT}`,
    ),
    inert(`${p}.docs`, "how dbt docs shows the node", PARSE_ONLY),
    inert(
      `${p}.group`,
      "governance: who may ref it, checked at parse time",
      "core/dbt/parser/manifest.py › _check_resource_uniqueness / process_refs (access checks at parse time)",
    ),
    inert(
      `${p}.created_at`,
      "when dbt parsed the file (changes on every full parse)",
      `${NODES_PY} › BaseNode.created_at`,
    ),
    inert(
      `${p}.unrendered_config`,
      "the config as written, for state:modified comparisons; the resolved config is fingerprinted",
      "core/dbt/graph/selector_methods.py › StateSelectorMethod (only reader)",
    ),
    inert(
      `${p}.config_call_dict`,
      "the config() calls as parsed, already resolved into config",
      "core/dbt/context/context_config.py › ContextConfig.add_config_call",
    ),
    inert(
      `${p}.unrendered_config_call_dict`,
      "the config() calls as written, for state comparisons",
      "core/dbt/context/context_config.py › ContextConfig",
    ),
    inert(`${p}.doc_blocks`, "the doc() blocks its description uses, for docs", PARSE_ONLY),
    inert(
      `${p}.refs`,
      "the ref() calls as parsed; their relations are in compiled_code and depends_on.nodes",
      "core/dbt/parser/manifest.py › _process_refs",
    ),
    inert(
      `${p}.sources`,
      "the source() calls as parsed; their relations are in compiled_code and depends_on.nodes",
      "core/dbt/parser/manifest.py › _process_sources_for_node",
    ),
    inert(
      `${p}.metrics`,
      "the metric() calls as parsed, for the semantic layer",
      "core/dbt/parser/manifest.py › _process_metrics_for_node",
    ),
    inert(
      `${p}.functions`,
      "the function() calls as parsed; the functions are in depends_on.nodes (their fields: functions.<function>)",
      "core/dbt/parser/manifest.py (1.11+) process_functions",
    ),
    fp(
      `${p}.depends_on.nodes`,
      "the parents and sources it reads: whose recorded builds and versions its data evidence compares (planning rules), and its graph position",
      "core/dbt/compilation.py › Linker.link_node",
    ),
    fp(
      `${p}.depends_on.macros`,
      "the macros it calls: the roots of its run-time macro closure (macros component)",
      "core/dbt/context/providers.py › generate_runtime_model_context",
    ),
    inert(
      `${p}.depends_on.nodes_with_ref_location`,
      "where in the file each ref is, for Fusion's messages",
      "dbt Fusion manifest writer (location metadata only)",
    ),
    inert(
      `${p}.extra_ctes`,
      "the ephemeral CTEs dbt injected; their SQL is in compiled_code (and ephemeral parents are fingerprinted)",
      "core/dbt/compilation.py › Compiler._recursively_prepend_ctes",
    ),
    inert(
      `${p}.extra_ctes_injected`,
      "whether the CTEs were injected into compiled_code",
      "core/dbt/compilation.py › Compiler._recursively_prepend_ctes",
    ),
    inert(
      `${p}.compiled`,
      "whether compiled_code was written; a missing compiled_code is code_incomplete",
      "core/dbt/compilation.py › Compiler._compile_code",
    ),
    inert(
      `${p}.deferred`,
      "whether the node was deferred in the writing invocation (selection metadata)",
      "core/dbt/contracts/graph/manifest.py › Manifest.merge_from_artifact",
    ),
    inert(`${p}.classifiers`, "dbt Fusion's classification metadata", "dbt Fusion manifest writer"),
    unknown(
      `${p}.defer_relation`,
      "the relation of this node in the state a deferring invocation read (`--defer --state`): a ref to it from another node resolves there instead, which ODS does not plan",
      "core/dbt/contracts/graph/manifest.py › Manifest.merge_from_artifact; core/dbt/context/providers.py › RuntimeRefResolver.create_relation (defer_relation)",
    ),
    inert(
      `${p}._event_status`,
      "dbt's own logging state of the node during a run, not read to build it",
      `${NODES_PY} › NodeInfoMixin._event_status (dbt does not write it out)`,
    ),
    inert(
      `${p}._pre_injected_sql`,
      "the compiled SQL before the ephemeral CTEs were injected; what runs is compiled_code (fingerprinted)",
      "core/dbt/compilation.py › Compiler._recursively_prepend_ctes",
    ),
    inert(
      `${p}.access`,
      "governance: who may ref it, checked at parse time",
      "core/dbt/parser/manifest.py › process_refs (access)",
    ),
    fp(
      `${p}.checksum.name`,
      "file component ([unique_id, algorithm, value]) of seeds, Python models and SQL models whose Jinja may do more than compiled_code shows (and of the impure ephemeral models they inline); elsewhere a digest of raw_code, whose effect is compiled_code (sql component)",
      `${NODES_PY} › FileHash (name: sha256, or path for a seed over 1 MiB)`,
    ),
    fp(
      `${p}.checksum.checksum`,
      "file component, where the file counts (as checksum.name); elsewhere a digest of raw_code, whose effect is compiled_code (sql component)",
      `${NODES_PY} › FileHash.from_contents`,
    ),
    fp(
      `${p}.config`,
      "config component: the resolved config, every key, unknown ones too, as canonical JSON",
      `${CONFIG_PY} › NodeConfig; materializations read it through config.get (dbt-adapters global_project macros)`,
    ),
    fp(
      `${p}.config.tags`,
      `${READ_BY_USER_MACRO}; otherwise selection only`,
      `${CONFIG_PY} › NodeAndTestConfig.tags; ${MODEL_CONTEXT}`,
    ),
    fp(
      `${p}.config.docs`,
      `${READ_BY_USER_MACRO}; otherwise dbt docs only`,
      `${CONFIG_PY} › NodeAndTestConfig.docs; ${MODEL_CONTEXT}`,
    ),
    fp(
      `${p}.config.group`,
      `${READ_BY_USER_MACRO}; otherwise governance, checked at parse time`,
      `${CONFIG_PY} › NodeConfig.group; ${MODEL_CONTEXT}`,
    ),
    inert(
      `${p}.config.access`,
      "governance, checked at parse time",
      "core/dbt/artifacts/resources/v1/model.py › ModelConfig.access",
    ),
    inert(
      `${p}.config.enabled`,
      "always true for a node in `nodes` (disabled nodes are in `disabled`)",
      "core/dbt/parser/base.py › ConfiguredParser (disabled nodes moved to manifest.disabled)",
    ),
    inert(
      `${p}.config.alias`,
      "resolved at parse time into the node's alias (relation component)",
      "core/dbt/parser/base.py › ConfiguredParser._update_node_alias",
    ),
    inert(
      `${p}.config.schema`,
      "resolved at parse time into the node's schema (relation component)",
      "core/dbt/parser/base.py › ConfiguredParser._update_node_schema",
    ),
    inert(
      `${p}.config.database`,
      "resolved at parse time into the node's database (relation component)",
      "core/dbt/parser/base.py › ConfiguredParser._update_node_database",
    ),
    inert(
      `${p}.config.on_error`,
      "whether dbt skips the node's children after a failure; not what the node writes",
      "core/dbt/task/runnable.py (skip of children on error)",
    ),
    inert(
      `${p}.config.static_analysis`,
      "how dbt analyses the SQL at parse time",
      "core/dbt/artifacts/resources/v1/config.py (1.12) static_analysis",
    ),
    fp(
      `${p}.config.meta`,
      `config component on BigQuery with labels_from_meta (labels are written); ${READ_BY_USER_MACRO}; otherwise documentation (a Python model's dbt.config.meta_get values are in its compiled_code)`,
      `dbt-bigquery impl.py › BigQueryAdapter.get_common_options (labels_from_meta); ${MODEL_CONTEXT}; dbt-adapters global_project macros/python_model/python.sql › build_config_dict`,
    ),
    fp(
      `${p}.config.state`,
      "ODS's reuse policy: the freshness-policy rules (policy_unmet, within_lag_tolerance)",
      "src/planner/freshness-policy.ts",
    ),
    unknown(
      `${p}.config.freshness`,
      "a model's freshness (dbt 1.10+): build_after is read (below); a key dbt adds to it is unclassified",
      "core/dbt/artifacts/resources/v1/model.py › ModelFreshness",
    ),
    ...["count", "period", "updates_on"].map((key) =>
      fp(
        `${p}.config.freshness.build_after.${key}`,
        "the freshness-policy rules (policy_unmet, within_lag_tolerance): when the node is due",
        "core/dbt/artifacts/resources/v1/model.py › ModelBuildAfter; src/planner/freshness-policy.ts",
      ),
    ),
    fp(
      `${p}.config.latest_version_pointer`,
      "version component (dbt 1.12's latest-version pointer view)",
      "core/dbt/task/run.py › _should_create_latest_version_pointer",
    ),
    fp(
      `${p}.database`,
      "relation component",
      "core/dbt/adapters/base/relation.py › BaseRelation.create_from",
    ),
    fp(`${p}.schema`, "relation component", "core/dbt/adapters/base/relation.py › BaseRelation.create_from"),
    fp(`${p}.alias`, "relation component", "core/dbt/adapters/base/relation.py › BaseRelation.create_from"),
    fp(
      `${p}.relation_name`,
      "relation component (the rendered, quoted name: quoting decides which object it is)",
      "core/dbt/compilation.py › Compiler._compile_code (relation_name from the Relation with the project's quoting)",
    ),
    fp(
      `${p}.language`,
      "sql or python decides the code components (sql vs compiled_code)",
      `${NODES_PY} › CompiledNode.language`,
    ),
    fp(
      `${p}.raw_code`,
      "file component (its checksum) where Jinja may do more than compiled_code shows; otherwise what it renders to, the sql component",
      "src/dbt/jinja-purity.ts; core/dbt/clients/jinja.py",
    ),
    fp(
      `${p}.compiled_code`,
      "sql component (normalised), compiled_code for Python models",
      "core/dbt/task/run.py › ModelRunner.execute (the materialization runs compiled_code)",
    ),
    fp(
      `${p}.contract.enforced`,
      "contract component",
      "dbt-adapters global_project columns_spec_ddl.sql › get_table_columns_and_constraints",
    ),
    fp(
      `${p}.contract.alias_types`,
      "contract component",
      "core/dbt/adapters/base/impl.py › BaseAdapter.render_raw_columns_constraints",
    ),
    inert(
      `${p}.contract.checksum`,
      "dbt's digest of the declared columns, which the contract component reads itself",
      `${NODES_PY} › ModelNode.build_contract_checksum`,
    ),
    fp(
      `${p}.constraints`,
      "contract component (model-level constraints, under an enforced contract)",
      "core/dbt/adapters/base/impl.py › render_raw_model_constraints",
    ),
    ...["constraints[]", "columns.<key>.constraints[]"].flatMap((at) =>
      ["warn_unenforced", "warn_unsupported"].map((flag) =>
        inert(
          `${p}.${at}.${flag}`,
          "whether dbt warns when the adapter can't enforce (or doesn't support) the constraint; the constraint is rendered or left out of the DDL either way",
          "dbt-adapters: dbt/adapters/base/impl.py › BaseAdapter.process_parsed_constraint",
        ),
      ),
    ),
    fp(
      `${p}.columns.<key>.name`,
      "contract component (enforced) and docs component (persist_docs.columns)",
      "dbt-adapters persist_docs.sql › alter_column_comment; columns_spec_ddl.sql",
    ),
    fp(
      `${p}.columns.<key>.data_type`,
      "contract component, under an enforced contract",
      "columns_spec_ddl.sql › get_empty_schema_sql",
    ),
    fp(
      `${p}.columns.<key>.constraints`,
      "contract component, under an enforced contract",
      "core/dbt/adapters/base/impl.py › render_raw_columns_constraints",
    ),
    fp(
      `${p}.columns.<key>.quote`,
      "contract and docs components",
      "core/dbt/adapters/base/impl.py › render_raw_columns_constraints; persist_docs.sql",
    ),
    fp(
      `${p}.columns.<key>.description`,
      `docs component, with persist_docs.columns; ${readByHook("columns")} (every key of every column)`,
      `dbt-adapters persist_docs.sql › alter_column_comment; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.policy_tags`,
      "docs component (dbt-bigquery writes policy tags with column docs)",
      "dbt-bigquery impl.py › BigQueryAdapter.update_columns",
    ),
    fp(
      `${p}.columns.<key>.meta`,
      `docs component on dbt-athena (Glue parameters); ${readByHook("columns")} (every key of every column); documentation elsewhere`,
      `dbt-athena persist_docs_to_glue; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.tags`,
      `${readByHook("columns")} (every key of every column); otherwise selection of the column's tests only`,
      `${PARSE_ONLY}; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.config`,
      `${readByHook("columns")} (every key of every column); otherwise the column's meta and tags (dbt 1.10+), documentation`,
      `core/dbt/artifacts/resources/v1/components.py › ColumnInfo.config; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.doc_blocks`,
      `${readByHook("columns")} (every key of every column); otherwise docs only`,
      `core/dbt/artifacts/resources/v1/components.py › ColumnInfo.doc_blocks; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.granularity`,
      `${readByHook("columns")} (every key of every column); otherwise semantic layer time spine metadata`,
      `core/dbt/artifacts/resources/v1/components.py › ColumnInfo.granularity; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.dimension`,
      `${readByHook("columns")} (every key of every column); otherwise semantic layer metadata (1.12)`,
      `core/dbt/artifacts/resources/v1/components.py › ColumnInfo; ${HOOK_CONTEXT}`,
    ),
    fp(
      `${p}.columns.<key>.entity`,
      `${readByHook("columns")} (every key of every column); otherwise semantic layer metadata (1.12)`,
      `core/dbt/artifacts/resources/v1/components.py › ColumnInfo; ${HOOK_CONTEXT}`,
    ),
  ];
}

const MODEL = "nodes.<model>";
const modelRows: InventoryRow[] = overridden(nodeCommon("model"), [
  fp(
    `${MODEL}.version`,
    "version component (which version is latest, dbt 1.12 pointer view); part of unique_id",
    "core/dbt/task/run.py › _should_create_latest_version_pointer",
  ),
  fp(
    `${MODEL}.latest_version`,
    "version component",
    "core/dbt/task/run.py › _should_create_latest_version_pointer",
  ),
  inert(
    `${MODEL}.deprecation_date`,
    "dbt warns when a deprecated model is referenced",
    "core/dbt/parser/manifest.py › check_for_model_deprecations",
  ),
  inert(
    `${MODEL}.primary_key`,
    "derived from constraints and tests, for unit tests and docs",
    "core/dbt/contracts/graph/nodes.py › ModelNode.infer_primary_key",
  ),
  inert(
    `${MODEL}.time_spine`,
    "semantic layer time spine metadata",
    "core/dbt/artifacts/resources/v1/model.py › TimeSpine",
  ),
]);

const SEED = "nodes.<seed>";
const seedRows: InventoryRow[] = [
  ...nodeCommon("seed"),
  inert(
    `${SEED}.root_path`,
    "where the seed's package was; ODS reads a large seed's CSV from the checkout",
    "core/dbt/contracts/graph/nodes.py › SeedNode.root_path",
  ),
];

const snapshotRows: InventoryRow[] = [...nodeCommon("snapshot")];

/** `base` with the rows of `extra` replacing those of the same path. */
function overridden(base: InventoryRow[], extra: InventoryRow[]): InventoryRow[] {
  const paths = new Set(extra.map((r) => r.path));
  return [...base.filter((r) => !paths.has(r.path)), ...extra];
}

const TEST = "nodes.<test>";
const CHECKS =
  "checks digest of the nodes it tests (src/dbt/checks-digest.ts): a change runs it again (checks_changed)";
const TEST_READ =
  "core/dbt/task/test.py › TestRunner.execute_data_test (runs the test materialization on the test node)";
/** What of a data test the checks digest reads: everything else of a test node is inert or, when new, unclassified. */
const TEST_FINGERPRINTED = new Set([
  `${TEST}.unique_id`,
  `${TEST}.resource_type`,
  `${TEST}.raw_code`,
  `${TEST}.config`,
  `${TEST}.depends_on.nodes`,
  `${TEST}.depends_on.macros`,
]);
const testRows: InventoryRow[] = overridden(
  nodeCommon("test").map((r) =>
    TEST_FINGERPRINTED.has(r.path)
      ? r
      : r.path.startsWith(`${TEST}.config.`)
        ? { ...r, class: "fingerprinted" as const, how: `${CHECKS} (the test's config, as a whole)` }
        : {
            ...r,
            class: "inert" as const,
            how: "a data test builds no relation a planned node reads (store_failures' audit table is its own): what it runs is its raw_code with test_metadata, config and macros (checks digest), against the relations of the nodes it reads",
            cite: TEST_READ,
          },
  ),
  [
    fp(`${TEST}.unique_id`, CHECKS, `${NODES_PY} › GenericTestNode`),
    fp(`${TEST}.raw_code`, CHECKS, TEST_READ),
    fp(`${TEST}.test_metadata.name`, CHECKS, "core/dbt/parser/generic_test_builders.py › TestBuilder"),
    fp(`${TEST}.test_metadata.namespace`, CHECKS, "core/dbt/parser/generic_test_builders.py › TestBuilder"),
    fp(
      `${TEST}.test_metadata.kwargs`,
      `${CHECKS}: the generic test's arguments`,
      "core/dbt/parser/generic_test_builders.py › TestBuilder.tags / build_raw_code; core/dbt/context/providers.py › TestContext (kwargs in the test's context)",
    ),
    fp(
      `${TEST}.depends_on.nodes`,
      "which nodes' checks it is among (the graph's check attachment)",
      "core/dbt/graph/selector.py (indirect selection by depends_on)",
    ),
    fp(`${TEST}.depends_on.macros`, `${CHECKS}: the roots of its macros`, TEST_READ),
    fp(
      `${TEST}.config`,
      `${CHECKS}: the whole config but tags, meta and docs (severity, where, limit, warn_if, error_if, store_failures … decide pass or fail)`,
      "dbt-adapters global_project materializations/tests/test.sql › materialization test",
    ),
    inert(`${TEST}.config.tags`, "selection only", `${CONFIG_PY} › NodeAndTestConfig.tags`),
    inert(`${TEST}.config.meta`, "documentation", `${CONFIG_PY} › NodeAndTestConfig.meta`),
    inert(`${TEST}.config.docs`, "dbt docs only", `${CONFIG_PY} › NodeAndTestConfig.docs`),
    inert(
      `${TEST}.attached_node`,
      "which node dbt shows the test under and selects it with; the checks' attachment is read from depends_on.nodes",
      `${NODES_PY} › GenericTestNode.attached_node`,
    ),
    inert(
      `${TEST}.column_name`,
      "a copy of test_metadata.kwargs.column_name (fingerprinted), for messages and selection",
      "core/dbt/parser/generic_test_builders.py › TestBuilder (column_name from the test's kwargs)",
    ),
    inert(
      `${TEST}.compiled_code`,
      "rendered at run time from raw_code, test_metadata, macros (checks digest) and the relations of the nodes it reads; what vars and env_vars render into it is the environment surface's",
      "core/dbt/task/test.py › TestRunner.compile (recompiled by the run)",
    ),
    inert(
      `${TEST}.file_key_name`,
      "which YAML key defined it, for messages",
      `${NODES_PY} › GenericTestNode.file_key_name`,
    ),
    inert(`${TEST}.generated_sql_file`, "where dbt wrote the compiled test", "core/dbt/compilation.py"),
  ],
);

const OPERATION = "nodes.<operation>";
const HOOKS =
  "project_hooks component of every node (on-run-start hooks); on-run-end runs after the nodes were built";
/** What of a project hook the project_hooks component reads: the rest is inert or, when new, unclassified. */
const OPERATION_FINGERPRINTED = new Set([
  `${OPERATION}.resource_type`,
  `${OPERATION}.unique_id`,
  `${OPERATION}.raw_code`,
  `${OPERATION}.depends_on.macros`,
]);
const operationRows: InventoryRow[] = overridden(
  nodeCommon("operation").map((r) =>
    OPERATION_FINGERPRINTED.has(r.path)
      ? r
      : {
          ...r,
          class: "inert" as const,
          how: "a project hook runs its raw_code, compiled at run time with its macros; it builds no relation, and its config, relation and node fields are not read",
          cite: "core/dbt/task/run.py › RunTask.get_hook_sql (compile_node of the hook, then its compiled_code) / safe_run_hooks",
        },
  ),
  [
    fp(
      `${OPERATION}.unique_id`,
      `${HOOKS}: on-run-start or on-run-end, and the order`,
      "core/dbt/parser/hooks.py › HookParser",
    ),
    fp(`${OPERATION}.raw_code`, HOOKS, "core/dbt/task/run.py › RunTask.before_run / safe_run_hooks"),
    fp(
      `${OPERATION}.depends_on.macros`,
      `${HOOKS}: the roots of the macros it runs`,
      "core/dbt/task/run.py › RunTask.get_hook_sql",
    ),
    inert(
      `${OPERATION}.index`,
      "the hook's position among the project's hooks (kept in its unique_id)",
      `${NODES_PY} › HookNode.index`,
    ),
  ],
);

const NOT_BUILT = "dbt build has no runner for it: core/dbt/task/build.py › BuildTask.RUNNER_MAP";
const otherNodeKinds: InventoryRow[] = [
  inert("nodes.<analysis>", "analyses are compiled, never run against the warehouse", NOT_BUILT),
  inert("nodes.<sql_operation>", "RPC/`dbt show` SQL, never built", NOT_BUILT),
  inert("nodes.<sql>", "RPC/`dbt show` SQL, never built", NOT_BUILT),
];

const FRESHNESS_ONLY =
  "read by `dbt source freshness` only, which `dbt build` does not run (its RUNNER_MAP has no source runner, core/dbt/task/build.py › BuildTask.RUNNER_MAP); ODS reads the freshness results themselves from sources.json (source evidence)";
const FRESHNESS_CITE = "core/dbt/task/freshness.py › FreshnessRunner.execute";
const SOURCE = "sources.<source>";
const SOURCE_READERS = "the readers' `sources` input component (their compiled SQL names the relation too)";
const sourceRows: InventoryRow[] = [
  fp(
    `${SOURCE}.unique_id`,
    "which source a node reads (depends_on.nodes)",
    `${NODES_PY} › SourceDefinition.unique_id`,
  ),
  inert(`${SOURCE}.resource_type`, "always source", `${NODES_PY} › SourceDefinition`),
  inert(`${SOURCE}.package_name`, "part of unique_id", `${NODES_PY} › SourceDefinition`),
  inert(
    `${SOURCE}.name`,
    "part of unique_id; the relation is named by identifier",
    `${NODES_PY} › SourceDefinition.name`,
  ),
  inert(`${SOURCE}.source_name`, "part of unique_id", `${NODES_PY} › SourceDefinition.source_name`),
  fp(`${SOURCE}.database`, SOURCE_READERS, "core/dbt/context/providers.py › BaseSourceResolver.resolve"),
  fp(`${SOURCE}.schema`, SOURCE_READERS, "core/dbt/context/providers.py › BaseSourceResolver.resolve"),
  fp(`${SOURCE}.identifier`, SOURCE_READERS, "core/dbt/context/providers.py › BaseSourceResolver.resolve"),
  fp(
    `${SOURCE}.relation_name`,
    SOURCE_READERS,
    "core/dbt/parser/sources.py › SourcePatcher (relation_name rendered with quoting)",
  ),
  inert(
    `${SOURCE}.quoting`,
    "rendered into relation_name (fingerprinted)",
    "core/dbt/adapters/base/relation.py › BaseRelation.create_from (source quoting)",
  ),
  inert(
    `${SOURCE}.unrendered_database`,
    "the database as written, for state comparisons",
    "core/dbt/parser/sources.py",
  ),
  inert(
    `${SOURCE}.unrendered_schema`,
    "the schema as written, for state comparisons",
    "core/dbt/parser/sources.py",
  ),
  inert(`${SOURCE}.loaded_at_field`, FRESHNESS_ONLY, FRESHNESS_CITE),
  inert(`${SOURCE}.loaded_at_query`, FRESHNESS_ONLY, FRESHNESS_CITE),
  inert(`${SOURCE}.freshness`, FRESHNESS_ONLY, FRESHNESS_CITE),
  inert(
    `${SOURCE}.external`,
    "read by dbt-external-tables' run-operation stage_external_sources, not by dbt build",
    "dbt-external-tables macros/common/stage_external_sources.sql",
  ),
  inert(`${SOURCE}.description`, "documentation", PARSE_ONLY),
  inert(`${SOURCE}.source_description`, "documentation", PARSE_ONLY),
  inert(`${SOURCE}.loader`, "documentation", PARSE_ONLY),
  inert(`${SOURCE}.meta`, "documentation", PARSE_ONLY),
  inert(`${SOURCE}.source_meta`, "documentation", PARSE_ONLY),
  inert(`${SOURCE}.tags`, "selection", PARSE_ONLY),
  inert(
    `${SOURCE}.columns`,
    "documentation and the source's tests (checks); dbt never builds a source",
    PARSE_ONLY,
  ),
  inert(`${SOURCE}.path`, "file location", PARSE_ONLY),
  inert(`${SOURCE}.original_file_path`, "file location", PARSE_ONLY),
  inert(`${SOURCE}.patch_path`, "file location", PARSE_ONLY),
  inert(`${SOURCE}.fqn`, "selection", PARSE_ONLY),
  inert(`${SOURCE}.created_at`, "parse time", PARSE_ONLY),
  inert(
    `${SOURCE}.unrendered_config`,
    "state comparisons only",
    "core/dbt/graph/selector_methods.py › StateSelectorMethod",
  ),
  inert(`${SOURCE}.doc_blocks`, "docs only", PARSE_ONLY),
  inert(`${SOURCE}.classifiers`, "dbt Fusion's classification metadata", "dbt Fusion manifest writer"),
  inert(`${SOURCE}.config.enabled`, "always true in `sources`", "core/dbt/parser/sources.py"),
  inert(
    `${SOURCE}.config.tags`,
    "selection",
    "core/dbt/artifacts/resources/v1/source_definition.py › SourceConfig",
  ),
  inert(
    `${SOURCE}.config.meta`,
    "documentation",
    "core/dbt/artifacts/resources/v1/source_definition.py › SourceConfig",
  ),
  inert(
    `${SOURCE}.config.group`,
    "governance",
    "core/dbt/artifacts/resources/v1/source_definition.py › SourceConfig",
  ),
  inert(
    `${SOURCE}.config.static_analysis`,
    "parse-time analysis setting",
    "core/dbt/artifacts/resources/v1/config.py",
  ),
  fp(
    `${SOURCE}.config.event_time`,
    `${SOURCE_READERS}: a microbatch reader filters the source by it at run time, as does --sample`,
    "core/dbt/context/providers.py › BaseResolver.resolve_event_time_filter",
  ),
  inert(`${SOURCE}.config.freshness`, FRESHNESS_ONLY, FRESHNESS_CITE),
  inert(`${SOURCE}.config.loaded_at_field`, FRESHNESS_ONLY, FRESHNESS_CITE),
  inert(`${SOURCE}.config.loaded_at_query`, FRESHNESS_ONLY, FRESHNESS_CITE),
];

const MACRO = "macros.<macro>";
const MACROS_COMPONENT =
  "macros component of every node whose run-time closure holds it (and the checks digest of the tests that run it)";
const macroRows: InventoryRow[] = [
  fp(`${MACRO}.unique_id`, MACROS_COMPONENT, "core/dbt/context/macros.py › MacroNamespaceBuilder"),
  inert(
    `${MACRO}.name`,
    "part of unique_id (`macro.<package_name>.<name>`), which the macros component reads: dbt never writes one without the other",
    "core/dbt/parser/macros.py › MacroParser.parse_unparsed_macros (unique_id from package and name)",
  ),
  inert(
    `${MACRO}.package_name`,
    "part of unique_id (`macro.<package_name>.<name>`), which the macros component reads (the search order by package with it)",
    "core/dbt/parser/macros.py › MacroParser.parse_unparsed_macros",
  ),
  inert(`${MACRO}.resource_type`, "always macro", `${NODES_PY} › Macro`),
  fp(`${MACRO}.macro_sql`, MACROS_COMPONENT, "core/dbt/clients/jinja.py › MacroGenerator"),
  fp(
    `${MACRO}.depends_on.macros`,
    `${MACROS_COMPONENT}: ODS's run-time closure follows the macros dbt recorded a macro calls (with the names it calls, resolved as dbt does), and a missing one leaves the fingerprint incomplete`,
    "core/dbt/parser/manifest.py › ManifestLoader.macro_depends_on; src/dbt/macros/run-time-closure.ts",
  ),
  inert(
    `${MACRO}.supported_languages`,
    "a materialization's languages decide only whether a model in another language fails before anything is written",
    "core/dbt/task/run.py › ModelRunner.execute (raises when the model's language is not among the materialization's supported_languages)",
  ),
  inert(`${MACRO}.path`, "file location", PARSE_ONLY),
  inert(`${MACRO}.original_file_path`, "file location", PARSE_ONLY),
  inert(`${MACRO}.patch_path`, "file location", PARSE_ONLY),
  inert(`${MACRO}.description`, "documentation", PARSE_ONLY),
  inert(`${MACRO}.meta`, "documentation", PARSE_ONLY),
  inert(`${MACRO}.docs`, "documentation", PARSE_ONLY),
  inert(
    `${MACRO}.arguments`,
    "documentation of its arguments (validated at parse time with validate_macro_args)",
    "core/dbt/parser/schemas.py › MacroPatchParser",
  ),
  inert(`${MACRO}.created_at`, "parse time", PARSE_ONLY),
  inert(
    `${MACRO}.config`,
    "the macro's docs and meta",
    "core/dbt/artifacts/resources/v1/macro.py › MacroConfig",
  ),
];

const UNIT = "unit_tests.<unit_test>";
const UNIT_DIGEST = "checks digest of the model it tests (unit_tests_changed, tests_not_passed)";
const unitRows: InventoryRow[] = [
  fp(`${UNIT}.unique_id`, UNIT_DIGEST, `${NODES_PY} › UnitTestDefinition`),
  fp(`${UNIT}.given`, UNIT_DIGEST, "core/dbt/task/test.py › UnitTestRunner"),
  fp(`${UNIT}.expect`, UNIT_DIGEST, "core/dbt/task/test.py › UnitTestRunner"),
  fp(`${UNIT}.overrides`, UNIT_DIGEST, "core/dbt/parser/unit_tests.py › UnitTestManifestLoader"),
  fp(
    `${UNIT}.config`,
    UNIT_DIGEST,
    "core/dbt/artifacts/resources/v1/unit_test_definition.py › UnitTestConfig",
  ),
  inert(
    `${UNIT}.model`,
    "the name of the model it tests; dbt resolves it into depends_on.nodes (fingerprinted), which ODS attaches it by",
    "core/dbt/parser/unit_tests.py › UnitTestParser (depends_on from the tested model)",
  ),
  fp(
    `${UNIT}.depends_on.nodes`,
    "which model it tests: the checks of that model it is among",
    `${NODES_PY} › UnitTestDefinition.depends_on`,
  ),
  fp(
    `${UNIT}.depends_on.macros`,
    `${UNIT_DIGEST}: the roots of its macros`,
    `${NODES_PY} › UnitTestDefinition.depends_on`,
  ),
  inert(
    `${UNIT}.depends_on.nodes_with_ref_location`,
    "where in the file each ref is (dbt Fusion), for messages",
    "dbt Fusion manifest writer (location metadata only)",
  ),
  inert(
    `${UNIT}.config.tags`,
    "selection only; the checks digest leaves it out",
    "src/dbt/checks-digest.ts (IGNORED_CONFIG)",
  ),
  inert(
    `${UNIT}.config.meta`,
    "documentation; the checks digest leaves it out",
    "src/dbt/checks-digest.ts (IGNORED_CONFIG)",
  ),
  inert(
    `${UNIT}.config.docs`,
    "dbt docs only; the checks digest leaves it out",
    "src/dbt/checks-digest.ts (IGNORED_CONFIG)",
  ),
  inert(
    `${UNIT}.checksum`,
    "dbt's digest of given, expect and overrides, which the checks digest reads themselves",
    `${NODES_PY} › UnitTestDefinition.build_unit_test_checksum`,
  ),
  inert(
    `${UNIT}.version`,
    "which version of the model it tests; dbt resolves it into depends_on.nodes (fingerprinted) and into its unique_id",
    `${NODES_PY} › UnitTestDefinition.version`,
  ),
  inert(
    `${UNIT}.versions`,
    "which versions of the model it tests; dbt makes one unit test per version, each with its depends_on.nodes (fingerprinted)",
    "core/dbt/parser/unit_tests.py › UnitTestParser (one definition per tested version)",
  ),
  inert(
    `${UNIT}.tested_node_unique_id`,
    "dbt Fusion's copy of the tested model's id, which depends_on.nodes (fingerprinted) holds",
    "dbt Fusion manifest writer",
  ),
  ...[
    "resource_type",
    "package_name",
    "name",
    "path",
    "original_file_path",
    "fqn",
    "description",
    "meta",
    "tags",
    "created_at",
    "unrendered_config",
    "schema",
    "database",
    "alias",
    "columns",
    "contract",
    "language",
    "refs",
    "sources",
    "metrics",
    "functions",
    "classifiers",
    "doc_blocks",
    "patch_path",
  ].map((field) =>
    inert(
      `${UNIT}.${field}`,
      "identity, location, documentation or a parse-time record; a unit test writes nothing that is kept",
      NODES_PY,
    ),
  ),
];

const FUNCTION = "functions.<function>";
const functionRows: InventoryRow[] = [
  unknown(
    FUNCTION,
    "a user-defined function (dbt 1.11+) a node calls: ODS doesn't plan functions, so a change to any field builds its readers",
    "core/dbt/task/function.py (1.11+) FunctionRunner",
  ),
  ...[
    "path",
    "original_file_path",
    "patch_path",
    "created_at",
    "description",
    "meta",
    "tags",
    "fqn",
    "unrendered_config",
    "doc_blocks",
    "docs",
    "unique_id",
    "name",
    "package_name",
    "resource_type",
  ].map((field) =>
    inert(`${FUNCTION}.${field}`, "identity, location, documentation or parse time", NODES_PY),
  ),
];

const META = "metadata";
const metadataRows: InventoryRow[] = [
  inert(
    `${META}.dbt_schema_version`,
    "the artifact's format: ODS reads v11 and v12 and refuses others",
    "core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata",
  ),
  fp(`${META}.dbt_version`, "engine component of every node", "core/dbt/version.py"),
  fp(
    `${META}.adapter_type`,
    "engine component, and target_changed",
    "core/dbt/artifacts/schemas/manifest/v12/manifest.py › ManifestMetadata",
  ),
  inert(
    `${META}.project_name`,
    "the root project's name, which every unique_id and package_name of its nodes and macros carries (a rename renames them all: never_built); the action's state scope is named from dbt_project.yml",
    "core/dbt/artifacts/schemas/manifest/v12/manifest.py › ManifestMetadata.project_name",
  ),
  inert(
    `${META}.project_id`,
    "a hash of the project name, for telemetry",
    "core/dbt/artifacts/schemas/manifest/v12/manifest.py › ManifestMetadata",
  ),
  inert(`${META}.user_id`, "telemetry", "core/dbt/tracking.py"),
  inert(`${META}.send_anonymous_usage_stats`, "telemetry", "core/dbt/tracking.py"),
  inert(`${META}.generated_at`, "when the file was written", "core/dbt/artifacts/schemas/base.py"),
  inert(`${META}.invocation_id`, "which invocation wrote the file", "core/dbt/artifacts/schemas/base.py"),
  inert(
    `${META}.invocation_started_at`,
    "when the writing invocation started",
    "core/dbt/artifacts/schemas/base.py",
  ),
  inert(
    `${META}.run_started_at`,
    "when the writing invocation started (a build's own run_started_at is read at run time: clock_dependent)",
    "core/dbt/artifacts/schemas/base.py",
  ),
  inert(
    `${META}.env`,
    "DBT_ENV_CUSTOM_ENV_ variables, recorded as metadata only",
    "core/dbt/artifacts/schemas/base.py › get_metadata_vars",
  ),
  inert(
    `${META}.quoting`,
    "the project's quoting, rendered into every relation_name (fingerprinted)",
    "core/dbt/artifacts/schemas/manifest/v12/manifest.py › ManifestMetadata.quoting",
  ),
];

const INERT_COLLECTION = (name: string, why: string, cite: string) => inert(name, why, cite);
const collectionRows: InventoryRow[] = [
  INERT_COLLECTION(
    "docs",
    "doc blocks are rendered into descriptions at parse time (the descriptions are read where persisted)",
    "core/dbt/parser/manifest.py › _process_docs_for_node",
  ),
  INERT_COLLECTION("exposures", "dbt build runs nothing for an exposure", NOT_BUILT),
  INERT_COLLECTION("metrics", "the semantic layer; dbt build runs nothing for a metric", NOT_BUILT),
  INERT_COLLECTION("semantic_models", "the semantic layer; dbt build runs nothing for it", NOT_BUILT),
  INERT_COLLECTION(
    "saved_queries",
    "the semantic layer; dbt-core's saved query runner writes nothing",
    "core/dbt/task/build.py › SavedQueryRunner",
  ),
  INERT_COLLECTION("groups", "governance, checked at parse time", "core/dbt/parser/manifest.py"),
  INERT_COLLECTION(
    "selectors",
    "selection only (ODS plans the selection it is given)",
    "core/dbt/config/selectors.py",
  ),
  INERT_COLLECTION(
    "disabled",
    "disabled nodes are not built",
    "core/dbt/contracts/graph/manifest.py › Manifest.disabled",
  ),
  INERT_COLLECTION(
    "parent_map",
    "derived from depends_on.nodes (fingerprinted)",
    "core/dbt/contracts/graph/manifest.py › build_parent_and_child_maps",
  ),
  INERT_COLLECTION(
    "child_map",
    "derived from depends_on.nodes (fingerprinted)",
    "core/dbt/contracts/graph/manifest.py › build_parent_and_child_maps",
  ),
  INERT_COLLECTION(
    "group_map",
    "derived from groups",
    "core/dbt/contracts/graph/manifest.py › build_group_map",
  ),
];

export const MANIFEST_ROWS: readonly InventoryRow[] = [
  ...modelRows,
  ...seedRows,
  ...snapshotRows,
  ...testRows,
  ...operationRows,
  ...otherNodeKinds,
  ...sourceRows,
  ...macroRows,
  ...unitRows,
  ...functionRows,
  ...metadataRows,
  ...collectionRows,
];

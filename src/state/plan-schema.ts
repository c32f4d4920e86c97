/**
 * The plan document's schema (src/state/plan.ts is its type): what the
 * action's main step hands its post step is validated with it
 * (src/app/events/hand-off.ts). Every field the type names is checked;
 * keys it does not name are kept, not stripped, so a plan round-trips
 * whole.
 */
import { z } from "zod";
import {
  BUILD_REASONS,
  EVIDENCE_KINDS,
  PLAN_WARNING_CODES,
  type Plan,
  REUSE_REASONS,
  SOURCE_CHECK_CODES,
} from "./plan.js";
import { exactnessSchema, relationSchema } from "./snapshot.js";

const reasonCodeSchema = z.enum([
  ...(Object.keys(BUILD_REASONS) as (keyof typeof BUILD_REASONS)[]),
  ...REUSE_REASONS,
]);

const reasonSchema = z.looseObject({
  code: reasonCodeSchema,
  message: z.string(),
  components: z
    .object({ changed: z.array(z.string()), added: z.array(z.string()), removed: z.array(z.string()) })
    .optional(),
  subjects: z.array(z.string()).optional(),
  due_at: z.string().optional(),
  quorum: z.object({ changed: z.number(), total: z.number() }).optional(),
  unread: z.array(z.object({ parent: z.string(), columns: z.array(z.string()) })).optional(),
});

const evidenceSchema = z.looseObject({
  kind: z.enum(EVIDENCE_KINDS),
  subject: z.string(),
  value: z.string().nullable(),
  recorded: z.string().nullable().optional(),
  exactness: exactnessSchema,
  note: z.string().optional(),
});

const planEntrySchema = z.looseObject({
  unique_id: z.string(),
  name: z.string(),
  resource_type: z.string(),
  package_name: z.string(),
  materialized: z.string().nullable(),
  depth: z.number(),
  action: z.enum(["BUILD", "REUSE"]),
  reasons: z.array(reasonSchema),
  evidence: z.array(evidenceSchema),
  relation: relationSchema,
  relation_name: z.string().optional(),
  relation_check: z
    .object({ checked: z.boolean(), exactness: exactnessSchema, message: z.string() })
    .optional(),
  last_build: z
    .object({ run_id: z.string(), built_at: z.string(), relation: relationSchema.nullable() })
    .optional(),
  parents: z.array(z.string()).optional(),
  file: z.string().optional(),
  last_duration_s: z.number().optional(),
  checks: z
    .object({
      run: z.array(z.string()),
      reason: z.object({ code: z.literal("checks_changed"), message: z.string() }),
    })
    .optional(),
  column_change: z
    .object({
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(z.string()),
      row_set_changed: z.boolean(),
    })
    .optional(),
  column_change_unknown: z.string().optional(),
});

const sourceCheckSchema = z.looseObject({
  source_id: z.string(),
  name: z.string(),
  action: z.enum(["RUN", "SKIP"]),
  reason: z.object({
    code: z.enum(SOURCE_CHECK_CODES),
    message: z.string(),
  }),
  checks: z.number(),
});

const planWarningSchema = z.looseObject({
  code: z.enum(PLAN_WARNING_CODES),
  message: z.string(),
});

export const planSchema = z.looseObject({
  schema_version: z.string(),
  scope: z.string(),
  project: z.string(),
  environment: z.string(),
  planned_at: z.string(),
  state: z.object({
    found: z.boolean(),
    snapshot_id: z.string().nullable(),
    run_id: z.string().nullable(),
    created_at: z.string().nullable(),
  }),
  selection: z.array(z.string()),
  exclusion: z.array(z.string()).optional(),
  pointers: z.boolean().optional(),
  summary: z.object({ build: z.number(), reuse: z.number() }),
  entries: z.array(planEntrySchema),
  source_checks: z.array(sourceCheckSchema).optional(),
  build_command: z.string().nullable(),
  select: z.string(),
  exclude: z.string(),
  select_terms: z.number(),
  select_exact: z.boolean(),
  select_extra: z.array(z.string()).optional(),
  short_command: z
    .object({ command: z.string(), terms: z.number(), exact: z.boolean(), extra: z.number() })
    .optional(),
  warnings: z.array(planWarningSchema),
});

/**
 * What the schema accepts is a Plan: this fails to compile when the schema accepts more than the type. The
 * other way (a code the type gains and the schema lacks would make the post step refuse every plan that
 * carries it), the codes come from the lists plan.ts declares its types by.
 */
export function planOf(value: z.infer<typeof planSchema>): Plan {
  return value;
}

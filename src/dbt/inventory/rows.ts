/** Every row of the input inventory, all surfaces (row.ts). */
import { ENVIRONMENT_ROWS } from "./environment-rows.js";
import { MANIFEST_ROWS } from "./manifest-rows.js";
import { PROFILE_ROWS } from "./profile-rows.js";
import { PROJECT_ROWS } from "./project-rows.js";
import type { InventoryRow } from "./row.js";
import { RUN_ROWS } from "./run-rows.js";
import { WAREHOUSE_ROWS } from "./warehouse-rows.js";

export const INVENTORY_ROWS: readonly InventoryRow[] = [
  ...MANIFEST_ROWS,
  ...PROJECT_ROWS,
  ...PROFILE_ROWS,
  ...ENVIRONMENT_ROWS,
  ...RUN_ROWS,
  ...WAREHOUSE_ROWS,
];

/**
 * What the CLI may know of the warehouse drivers without importing one
 * (issue 38: src/cli/ reaches src/drivers/ only through src/app/): the list
 * of drivers with how each is verified, for `--help`, and how a
 * `--warehouse` connection string is read.
 */
export { DRIVER_STATUS, showDriverStatus } from "../drivers/driver-status.js";
export { parseWarehouseSpec } from "../drivers/open.js";

/**
 * The end of the run's temporary folder (vitest.config.ts puts the tests'
 * temporary files in ODS_TEST_RUN_TMPDIR, on tmpfs): removed with whatever
 * the tests left in it, so that memory is not kept by a finished run.
 */
import { rmSync } from "node:fs";

export default function setup(): () => void {
  return () => {
    const dir = process.env.ODS_TEST_RUN_TMPDIR;
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

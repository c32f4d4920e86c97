#!/usr/bin/env node
// Says which Node runs the tests, and refuses anything older than the action's runtime (24).
const major = Number(process.versions.node.split(".")[0]);
process.stdout.write(`Node ${process.version} (ABI ${process.versions.modules}) at ${process.execPath}\n`);
if (major < 24) {
  process.stderr.write(
    "The tests must run on Node 24: run them through npm (`npm test`), which puts node_modules/.bin/node first on PATH, after `npm ci`.\n",
  );
  process.exit(1);
}

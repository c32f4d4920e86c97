/**
 * The kinds of test file, by the suffix their names carry, and the vitest
 * project that runs each (vitest.config.ts selects by these suffixes only).
 * test/architecture/test-kinds.unit.test.ts refuses a test file without one.
 */
export const TEST_KINDS = {
  unit: "unit",
  integration: "int",
  e2e: "e2e",
  adversarial: "adv",
  slow: "slow",
} as const;

export type TestProject = keyof typeof TEST_KINDS;

/** `test/**\/*.<kind>.test.ts`: the files of one project. */
export function testFilesOf(project: TestProject): string {
  return `test/**/*.${TEST_KINDS[project]}.test.ts`;
}

/** The project a test file belongs to by its name, or undefined when it names no kind. */
export function projectOf(file: string): TestProject | undefined {
  const match = /\.([a-z0-9]+)\.test\.ts$/.exec(file);
  if (!match) return undefined;
  const entry = Object.entries(TEST_KINDS).find(([, suffix]) => suffix === match[1]);
  return entry?.[0] as TestProject | undefined;
}

/**
 * The files of a kind that replace modules with `vi.mock`: they run in a
 * worker of their own per file (`isolate: true`), because a worker that keeps
 * its modules between files (the fast projects) may already hold the real
 * module from an earlier file, and the mock would then count or change
 * nothing. Found by their text, so no list is kept by hand.
 */
export function mockingFiles(files: readonly string[], read: (file: string) => string): string[] {
  return files.filter((file) => /\bvi\.(do)?[mM]ock\(/.test(read(file)));
}

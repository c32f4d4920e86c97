/**
 * The ports the lifecycle runs over. src/main.ts and src/post.ts build them
 * from @actions/* and the environment; tests build them from real local
 * parts. Nothing under src/run/ imports @actions/* or reads process.env.
 */
import type { DriverPreference } from "../store/sqlite-driver.js";

export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

export interface ActionInputs {
  /** The state database path, resolved against the workspace. */
  statePath: string;
  sqliteDriver: DriverPreference;
}

export interface Outputs {
  set(name: string, value: string): void;
}

/**
 * Before each file of a project whose worker keeps its modules between files
 * (`isolate: false`): GITHUB_API_URL names the worker's API front
 * (api-front.ts). @actions/github fixes its base URL from GITHUB_API_URL
 * when it is first imported, and a test file imports it with the product's
 * modules (src/run/ reaches @actions/artifact), before any test starts its
 * services; named here first, the base URL is the front's for every file
 * the worker runs, and each file's services stand behind the front in turn.
 */
import { workerApiFront } from "./api-front.js";

process.env.GITHUB_API_URL = (await workerApiFront()).url;

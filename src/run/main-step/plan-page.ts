/**
 * The full plan a reviewer can open (issue 22, item 8): the HTML page
 * (src/comment/render-html.ts) written beside the plan file and uploaded
 * with it as an artifact of the run; its link goes into the comment's and
 * the job summary's links (CommentLinks.htmlPage), and to the post step
 * in the hand-off (src/run/hand-off-file.ts). A page that can't be written or uploaded is a
 * warning: the step goes on without the link.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderHtml } from "../../comment/render-html.js";
import type { RunEnvironment } from "../../github/event.js";
import type { Plan } from "../../state/plan.js";
import type { Ports } from "../ports.js";

/** The artifact's name: one per project and run attempt (names are unique within a workflow run). */
export function planPageArtifactName(project: string, runAttempt: number): string {
  // Artifact names may not hold " : < > | * ? \ / or line breaks; the project is the manifest's.
  const safe = project.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100);
  return `ods-state-plan-${safe}-attempt-${runAttempt}`;
}

/**
 * Writes `plan.html` beside `planPath` and uploads both; returns the
 * artifact's link (`…/actions/runs/RUN/artifacts/ID`) or undefined.
 */
export async function publishPlanPage(
  ports: Ports,
  run: RunEnvironment,
  result: Plan,
  planPath: string,
  repositoryUrl: string,
): Promise<string | undefined> {
  const dir = path.dirname(planPath);
  const pagePath = path.join(dir, "plan.html");
  try {
    writeFileSync(pagePath, renderHtml(result));
  } catch (error) {
    ports.log.warning(
      `The full plan page could not be written to ${pagePath} (${(error as NodeJS.ErrnoException).code ?? String(error)}): the comment links to the job summary only.`,
    );
    return undefined;
  }
  if (!ports.uploadPlanPage) {
    ports.log.info(`The full plan page is ${pagePath} (no artifact service to upload it to here).`);
    return undefined;
  }
  const name = planPageArtifactName(result.project, run.runAttempt);
  const uploaded = await ports.uploadPlanPage(name, dir, [pagePath, planPath]);
  if (!uploaded.uploaded) {
    ports.log.warning(`${uploaded.warning} The page is ${pagePath} on the runner.`);
    return undefined;
  }
  const url = `${repositoryUrl}/actions/runs/${run.runId}/artifacts/${uploaded.artifactId}`;
  ports.log.info(`The full plan page is the \`${name}\` artifact: ${url}`);
  return url;
}

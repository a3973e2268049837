/**
 * Content problems in the language of GitHub Actions: when `GITHUB_ACTIONS` is set, each error and
 * warning is also printed as a workflow command (`::error file=…,line=…,col=…::…`), which GitHub shows
 * on the changed line of a pull request, and the whole list is appended to the job summary
 * ($GITHUB_STEP_SUMMARY) as markdown.
 * https://docs.github.com/actions/reference/workflow-commands-for-github-actions
 */
import type { Problem } from "../../model/problem.ts";
import { appendFile } from "node:fs/promises";
import type { Place } from "../../model/problem.ts";

/** The data of a workflow command: `%`, CR and LF escaped, as GitHub's runner unescapes them. */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value of a workflow command: the data escapes, plus `:` and `,`, which separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** One annotation line: `::error file=content/i18n/de.yaml,line=12,col=3,title=…::reason%0Ahint: …` */
export function annotation(severity: "error" | "warning", problem: Problem): string {
  const properties = [
    `file=${escapeProperty(problem.place.file)}`,
    ...(problem.place.line === undefined ? [] : [`line=${problem.place.line}`]),
    ...(problem.place.column === undefined ? [] : [`col=${problem.place.column}`]),
    `title=${escapeProperty(`ranch-site ${severity === "error" ? "content error" : "warning"}`)}`,
  ];
  const message = problem.hint ? `${problem.reason}\nhint: ${problem.hint}` : problem.reason;
  return `::${severity} ${properties.join(",")}::${escapeData(message)}`;
}

/** The job summary: a heading with the counts and one table row per problem. */
export function summaryMarkdown(command: string, errors: readonly Problem[], warnings: readonly Problem[]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
  const where = (place: Place) =>
    `\`${place.file}${place.line === undefined ? "" : `:${place.line}:${place.column ?? 1}`}\``;
  const rows = [
    ...errors.map((problem) => ["error", problem] as const),
    ...warnings.map((problem) => ["warning", problem] as const),
  ].map(
    ([severity, problem]) =>
      `| ${severity} | ${where(problem.place)} | ${cell(problem.reason)} | ${cell(problem.hint ?? "")} |`,
  );
  const counts = `${errors.length} ${errors.length === 1 ? "error" : "errors"}, ${warnings.length} ${warnings.length === 1 ? "warning" : "warnings"}`;
  if (rows.length === 0) return `### ranch-site ${command}: no problems\n\n`;
  return [
    `### ranch-site ${command}: ${counts}`,
    "",
    "| | where | what happened | what to do |",
    "|---|---|---|---|",
    ...rows,
    "",
    "",
  ].join("\n");
}

/** Prints the annotations and appends the summary when running on GitHub Actions; does nothing elsewhere. */
export async function reportToGithub(
  command: string,
  errors: readonly Problem[],
  warnings: readonly Problem[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  if (env["GITHUB_ACTIONS"] !== "true") return;
  for (const problem of errors) print(annotation("error", problem));
  for (const problem of warnings) print(annotation("warning", problem));
  const summary = env["GITHUB_STEP_SUMMARY"];
  if (summary) await appendFile(summary, summaryMarkdown(command, errors, warnings));
}

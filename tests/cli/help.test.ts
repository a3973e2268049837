/** Each command's help lists the options it takes, and only those: no --out for check, no --no-cache for serve. */
import { expect, it } from "vitest";
import { runCli } from "../support/project.ts";

/** The long flags a command's --help lists, in its order. */
async function flagsOf(command: string[]): Promise<string[]> {
  const { code, stdout } = await runCli([...command, "--help"]);
  expect(code).toBe(0);
  return [...stdout.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)]
    .map((match) => match[1]!)
    .filter((flag) => flag !== "--help");
}

const site = ["--root", "--base-url", "--base-path", "--no-cache"];
const server = ["--port", "--host", "--allowed-host"];

it("each command lists only its own options", async () => {
  const commands: [string[], string[]][] = [
    [["build"], ["--root", "--out", ...site.slice(1), "--meta-csp", "--admin", "--precompress"]],
    [["check"], [...site, "--strict"]],
    [
      ["translations", "reviewed"],
      ["--all", "--root"],
    ],
    [["schemas"], ["--root"]],
    [["watch"], ["--root", "--out", ...site.slice(1), ...server, "--poll", "--open-saved", "--admin"]],
    [["serve"], ["--root", "--out", "--base-url", "--base-path", ...server]],
  ];
  const listed = await Promise.all(commands.map(([command]) => flagsOf(command)));
  expect(Object.fromEntries(commands.map(([command], index) => [command.join(" "), listed[index]]))).toEqual(
    Object.fromEntries(commands.map(([command, flags]) => [command.join(" "), flags])),
  );
});

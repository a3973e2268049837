/**
 * The warnings of the builds `watch` runs, told once per change. The terminal prints a warning when it
 * first appears, as `check` prints it (its located line, its hint), and a count when the list changed;
 * a save that leaves the warnings as they were prints nothing more than its status line. The pages' panel
 * lists every warning of the last good build, open when the list changed with that build, folded otherwise.
 */
import type { BuildReport } from "../build.ts";
import { countWarnings } from "../warnings.ts";

/** What the pages' panel shows of the last good build's warnings. */
export interface WarningPanel {
  /** Translation keys no dictionary defines and templates that threw: the page shows a key or an error, and build would stop. */
  stops: readonly string[];
  /** The content warnings `check` gives (a past date, a translation never reviewed, a page nothing links to), each as its lines. */
  content: readonly (readonly string[])[];
  /** Whether the list changed with the last good build: the panel opens. */
  changed: boolean;
}

/** One warning as the terminal prints it, and what stays the same when an edit moves it. */
interface Told {
  identity: string;
  lines: readonly string[];
}

export class WarningsTold {
  /** The identities of the warnings of the last good build. */
  #known = new Set<string>();
  #panel: WarningPanel = { stops: [], content: [], changed: false };

  /** What the pages' panel shows. */
  get panel(): WarningPanel {
    return this.#panel;
  }

  /** Takes the warnings of a good build; returns the lines the terminal prints for them (none when nothing changed). */
  tell(report: Pick<BuildReport, "warnings" | "contentWarnings">): string[] {
    const all: Told[] = [
      ...report.warnings.map((warning) => ({ identity: warning, lines: [`  warning: ${warning}`] })),
      ...report.contentWarnings.map((warning) => ({ identity: warning.identity, lines: warning.lines })),
    ];
    const identities = new Set(all.map((warning) => warning.identity));
    const added = all.filter((warning) => !this.#known.has(warning.identity));
    const fixed = [...this.#known].filter((identity) => !identities.has(identity)).length;
    this.#known = identities;
    const changed = added.length > 0 || fixed > 0;
    this.#panel = {
      stops: report.warnings,
      content: report.contentWarnings.map((warning) => warning.lines),
      changed,
    };
    if (!changed) return [];
    return [...added.flatMap((warning) => warning.lines), summary(all.length, added.length, fixed)];
  }
}

/** `3 warnings (1 new, 2 fixed).`; as `check` ends its list when every warning is new: `1 warning.` */
function summary(total: number, added: number, fixed: number): string {
  if (total === 0) return "No warnings left.";
  const changes = [...(added > 0 && added < total ? [`${added} new`] : []), ...(fixed > 0 ? [`${fixed} fixed`] : [])];
  return `${countWarnings(total)}${changes.length > 0 ? ` (${changes.join(", ")})` : ""}.`;
}

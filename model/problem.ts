/** Where a problem of the content is, and how one is told: the shape errors and warnings share. */

/** An error or a warning, as both are shaped: a place, what happened, what to do. */
export interface Problem {
  place: Place;
  reason: string;
  hint?: string;
}

/** Where a problem is: a file relative to the project root, and a 1-based line and column when known. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
}

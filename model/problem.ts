/** Where a problem of the content is, and how one is told: the shape errors and warnings share. */

/** An error or a warning, as both are shaped: a place, what happened, what to do. */
export interface Problem {
  place: Place;
  reason: string;
  hint?: string;
  /** What kind of problem it is, for those the web editor's forms can cause: the editor words it by its kind. */
  kind?: ProblemKind;
  /** The values the kind's words quote (`{ start, end }` of a date that ends before it starts). */
  values?: Readonly<Record<string, string | number>>;
}

/** Where a problem is: a file relative to the project root, and a 1-based line and column when known. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
}

/**
 * The problems a save from the web editor's forms can run into (the form itself refuses the rest: a price
 * in words, a date that has begun), each with the values its words quote. The generator's own line says it
 * in English; the editor's table of another language (generator/editor/words/<language>.yaml, `checks`)
 * words each kind, and tests/unit/editor-words.test.ts fails for a kind a table leaves out.
 */
export const problemKinds = {
  sameStart: ["start"],
  endBeforeStart: ["start", "end"],
  photoTooNarrow: ["file", "width", "needed"],
  linkToNoPage: ["link"],
  linkToOtherLanguage: ["link", "language"],
  linkToNoAnchor: ["link", "anchor"],
  notAHeading: ["heading"],
  unknownPlaceholder: ["name"],
  placeholderMissing: ["name"],
  placeholderExtra: ["name"],
  draftWord: ["word"],
  missingField: [],
  emptyText: [],
  offerNeedsPriceNote: ["offer"],
  unknownTestimonial: ["name"],
  testimonialTwice: ["name"],
} as const satisfies Record<string, readonly string[]>;

export type ProblemKind = keyof typeof problemKinds;

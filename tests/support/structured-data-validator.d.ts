/** Types for the two JavaScript packages the structured-data test uses, as far as it uses them. */
declare module "@marbec/web-auto-extractor" {
  /** What the extractor finds in a page: per format, the items by their root @type. */
  export interface Extracted {
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, Record<string, unknown>[]>;
    rdfa: Record<string, Record<string, unknown>[]>;
    errors: { format: string; message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): Extracted;
  }
}

declare module "@adobe/structured-data-validator" {
  export interface Issue {
    rootType: string;
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path?: { type?: string; property?: string; index?: number }[];
    fieldNames?: string[];
  }
  type Handler = () => Promise<{ default: unknown }>;
  export default class Validator {
    constructor(schemaOrgJson?: object);
    registeredHandlers: Record<string, Handler[]>;
    validate(extracted: object): Promise<Issue[]>;
  }
}

declare module "@adobe/structured-data-validator/src/types/base.js" {
  type Condition = (data: Record<string, unknown>) => object | null;
  /** The package's rule engine: a type's handler lists its required and recommended properties. */
  export default class BaseValidator {
    constructor(options: { dataFormat: string; path: object[] });
    path: { type?: string; property?: string }[];
    getConditions(data: Record<string, unknown>): Condition[];
    required(name: string, type?: string, ...options: unknown[]): Condition;
    recommended(name: string, type?: string, ...options: unknown[]): Condition;
    or(...conditions: Condition[]): Condition;
  }
}

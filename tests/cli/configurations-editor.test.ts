/**
 * The configurations of the matrix with the web editor on (tests/support/configuration-rows.ts): built with
 * /admin/, or refused with their located line, like every other row. A build with the editor on needs its
 * code (`npm run get-editor`), so a plain clone skips this file and its summary says so.
 */
import { describe } from "vitest";
import { copiedProject, editorOnRows, itBuildsOrRefusesEach } from "../support/configuration-rows.ts";

const project = copiedProject();

describe("every configuration with the web editor on is refused with its located line, or built without a raw placeholder or another's sentence", () =>
  itBuildsOrRefusesEach(editorOnRows, project));

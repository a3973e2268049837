import path from "node:path";
/** The two saves the watch measurements make: a dictionary key every German page shows, and one markdown page. */
export const watchEdits = {
  dictionary: {
    file: "content/i18n/de.yaml",
    output: "dist/de/index.html",
    change: (text: string, marker: string) => text.replace(/^loading: .*$/m, `loading: ${marker}`),
  },
  markdown: {
    file: "content/pages/about-me.en.md",
    output: "dist/about-me/index.html",
    change: (text: string, marker: string) => `${text}\n${marker} is the word.\n`,
  },
};

/** A `watch` of `root` by the checkout at `checkout`, on a free port, as the bench and the profile run it. */
export const watchArgs = (checkout: string, root: string): string[] => [
  path.join(checkout, "bin/ranch-site.js"),
  "watch",
  "--root",
  root,
  "--out",
  path.join(root, "dist"),
  "--port",
  "0",
];

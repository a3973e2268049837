import type { SectionHeading } from "../../model/sections.ts";
import type { LocaleProps } from "../types.ts";

/**
 * "On this page": the sections of a long page, each a jump to its heading, so that a reader on a phone goes
 * straight to what they came for (childcare, getting there) instead of scrolling through ten screens.
 */
export function OnThisPage({ t, headings }: Pick<LocaleProps, "t"> & { headings: SectionHeading[] }) {
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-title">
      <h2 id="on-this-page-title">{t("onThisPage")}</h2>
      <ol>
        {headings.map(({ id, text }) => (
          <li key={id}>
            <a href={`#${id}`}>{text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { checkLinks, type FragmentLink } from "./links.ts";
import { checkContent } from "./across-files.ts";
import { checkAddresses } from "./addresses.ts";
import { checkSiteData } from "./site-data.ts";
import { checkTranslations } from "./translations.ts";
import { begunDates } from "./begun-dates.ts";
import { deprecatedEditorBackend } from "./editor-backend.ts";
import { checkContactForm, checkDates } from "./site-file.ts";
import { missingTestimonialVersions } from "./testimonial-languages.ts";
import { legalContradictions, legalInputs } from "./legal-facts.ts";
import { legalSettingsProblems } from "./legal-settings.ts";
import { typedFigures } from "./typed-figures.ts";
import { everyTime, type RememberCheck } from "./unchanged.ts";
import type { SiteConfig } from "../config.ts";
import { failOn, type Loaded } from "../errors.ts";
import type { LoadedContent } from "../load/content.ts";
import { siteFile } from "../load/site.ts";
import type { Templates } from "../load/templates.ts";
import type { TranslationLock } from "../load/translation-lock.ts";
import type { PageDefinition } from "../../model/route.ts";
import type { ContentWarning } from "../warnings.ts";

/** What the sources leave for later stages once they pass: links into pages not yet rendered, and warnings. */
export interface CheckedSources {
  /** Markdown links with a #fragment, checked against the rendered target page. */
  fragments: FragmentLink[];
  /** Stale or unreviewed translations: the build goes on; `check --strict` fails on them. */
  warnings: ContentWarning[];
}

/** What the check stage reads: the config, everything loaded, and the templates' keys. */
export interface Sources {
  config: SiteConfig;
  content: LoadedContent;
  lock: Loaded<TranslationLock>;
  pages: readonly PageDefinition[];
  templates: Templates;
}

/**
 * The check stage: every problem of loading, of the content against the templates' keys, of the site
 * data, of markdown links and of the translations, reported together; then the build stops. In `watch`,
 * `remember` keeps the verdicts of the link and legal checks while their inputs stay as they were.
 */
export function checkSources(
  { config, content, lock, pages, templates }: Sources,
  remember: RememberCheck = everyTime,
): CheckedSources {
  const links = checkLinks(content, pages, content.site.languages, remember);
  const translations = checkTranslations(content, lock.value, templates);
  // site.yaml's checks follow its other problems, as they did when load/site.ts ran them.
  const written = content.siteAsWritten;
  failOn(
    content.problems.slice(0, written.problems),
    checkDates(written, siteFile),
    checkContactForm(written.form, siteFile),
    legalSettingsProblems(content),
    content.problems.slice(written.problems),
    lock.problems,
    checkContent(content, pages, content.site.languages, templates.keys),
    checkAddresses(content, pages, content.site.languages),
    checkSiteData(content, pages),
    links.problems,
    translations.errors,
    remember("legal facts", legalInputs(content), () => legalContradictions(content)),
    typedFigures(content, remember),
  );
  const begun = begunDates(content.site, siteFile);
  const untranslated = missingTestimonialVersions(content);
  return {
    fragments: links.fragments,
    warnings: [
      ...content.warnings,
      ...links.warnings,
      ...translations.warnings,
      ...begun,
      ...untranslated,
      ...deprecatedEditorBackend(config, content.site),
    ],
  };
}

import { DateStrip, dateStripTitle } from "../components/DateStrip.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { OnThisPage } from "../components/OnThisPage.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { courseData } from "../components/StructuredData.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * A long page written in markdown (content/pages/<page>.<locale>.md): training details, the legal
 * pages, the not-found page and any page editors add. Links in it are root-relative, so the
 * not-found page works at whatever path it is served for. Its `##` sections carry ids; with `onThisPage: true`
 * the page opens with the list of them, and the sections its front matter lists under `folded` open with a
 * tap on their heading. A page about the training ends with the next dates (listed there too).
 */
export default function MarkdownPage(props: PageProps) {
  const page = props.content.pages[props.page]!;
  const structuredData = page.describesCourse ? [courseData(props)] : [];
  const { html } = page.sections;
  const headings = [...page.sections.headings];
  // The date strip at the end is a section of the page too: the jump a buyer looks for most.
  if (page.describesCourse) headings.push({ id: dateStripTitle, text: props.t("dates.stripTitle"), folded: false });
  return (
    <Layout {...props} title={page.title} description={page.description} structuredData={structuredData}>
      <PageHeader title={page.title} lead={page.lead} narrow />
      <div className="section">
        <div className="container container-narrow">
          {page.onThisPage && <OnThisPage t={props.t} headings={headings} />}
          <Markdown html={html} />
        </div>
      </div>
      {/* The page about the training does not end in a dead end: the next dates, with their buttons and the programme sheet. */}
      {page.describesCourse && <DateStrip {...props} />}
    </Layout>
  );
}

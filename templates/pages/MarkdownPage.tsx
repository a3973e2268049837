import { DateStrip } from "../components/DateStrip.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { courseData } from "../components/StructuredData.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * A long page written in markdown (content/pages/<page>.<locale>.md): training details, the legal
 * pages, the not-found page and any page editors add. Links in it are root-relative, so the
 * not-found page works at whatever path it is served for.
 */
export default function MarkdownPage(props: PageProps) {
  const page = props.content.pages[props.page]!;
  const structuredData = page.describesCourse ? [courseData(props)] : [];
  return (
    <Layout {...props} title={page.title} description={page.description} structuredData={structuredData}>
      <PageHeader title={page.title} lead={page.lead} narrow />
      <div className="section">
        <div className="container container-narrow">
          <Markdown html={page.html} />
          {page.describesCourse && (
            <p className="programme-link">
              <a href={props.href("programme/")}>{props.t("programme.link")}</a>
            </p>
          )}
        </div>
      </div>
      {/* The page about the training does not end in a dead end: the next dates, with their buttons. */}
      {page.describesCourse && <DateStrip {...props} />}
    </Layout>
  );
}

import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/** The not-found page of one locale; served for any unknown path, so every link in it is root-relative. */
export default function NotFound(props: PageProps) {
  const page = props.content.pages["not-found"]!;
  return (
    <Layout {...props} title={page.title} description={page.description}>
      <PageHeader title={page.title} lead={page.lead} />
      <div className="section">
        <div className="container container-narrow">
          <Markdown html={page.html} basePath={props.asset("")} />
        </div>
      </div>
    </Layout>
  );
}

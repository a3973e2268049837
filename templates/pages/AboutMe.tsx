import { DateStrip } from "../components/DateStrip.tsx";
import { Icon } from "../components/Icon.tsx";
import { Stats, trainedSince } from "../components/Stats.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { Picture } from "../components/Picture.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * About me: the trainer's story (content/pages/about-me.<locale>.md) beside her key facts. The facts and the
 * button come first, so a phone shows them under the heading rather than after the whole story.
 */
export default function AboutMe(props: PageProps) {
  const { t, href, site, image } = props;
  const portrait = image("trainer");
  const page = props.content.pages["about-me"]!;
  return (
    <Layout {...props} title={page.title} description={page.description}>
      <PageHeader title={page.title} lead={page.lead} />
      <div className="section">
        <div className="container sidebar-layout">
          <aside className="card aside-card" aria-label={site.legal.owner}>
            {portrait && <Picture image={portrait} sizes="(min-width: 60rem) 17rem, 90vw" className="portrait" />}
            <p className="aside-name">{site.legal.owner}</p>
            <Stats
              t={t}
              keys={["professionals", "days", "animals"]}
              notes={trainedSince(props)}
              className="stats stats-compact"
            />
            <a className="button button-primary" href={href("contact/")}>
              {t("cta.button")}
            </a>
            <a className="text-link" href={site.social.linkedin} rel="me noopener">
              <Icon name="linkedin" /> {t("contact.info.linkedinText")}
            </a>
          </aside>
          <Markdown html={page.html} />
        </div>
      </div>
      <DateStrip {...props} />
    </Layout>
  );
}

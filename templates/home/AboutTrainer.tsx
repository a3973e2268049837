import { Icon } from "../components/Icon.tsx";
import { Stats, trainedSince } from "../components/Stats.tsx";
import type { PageProps } from "../types.ts";

/** The trainer in two paragraphs, the way to the about-me page, and the figures beside them. */
export function AboutTrainer(props: PageProps) {
  const { t, href } = props;
  return (
    <section className="section section-tinted" id="about" aria-labelledby="about-title">
      <div className="container split">
        <div>
          <p className="eyebrow">{t("about.eyebrow")}</p>
          <h2 id="about-title">{t("about.title")}</h2>
          <p>{t("about.text1")}</p>
          <p>{t("about.text2")}</p>
          <a className="text-link" href={href("about-me/")}>
            {t("about.trainerLink")} <Icon name="arrow" />
          </a>
        </div>
        <Stats t={t} keys={["days", "professionals", "animals"]} notes={trainedSince(props)} />
      </div>
    </section>
  );
}

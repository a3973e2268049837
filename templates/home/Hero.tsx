import { Icon, type IconName } from "../components/Icon.tsx";
import { Picture } from "../components/Picture.tsx";
import { WithTooltip } from "../components/Tooltip.tsx";
import type { PageProps } from "../types.ts";

const badges: [string, string, IconName][] = [
  ["animals", "#ranch", "paw"],
  ["childcare", "#childcare", "child"],
  ["location", "#getting-there", "pin"],
];

/** The first view: the promise, the way to book and to learn more, three badges, and the photo or drawing. */
export function Hero(props: PageProps) {
  const { t, href, image } = props;
  const hero = image("hero");
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-layout">
        <div className="hero-content">
          <p className="eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title">{t("hero.title")}</h1>
          <p className="hero-subtitle">{t("hero.subtitle")}</p>
          {/* The call to action comes before the badges, so it stays in the first view beside the consent banner. */}
          <div className="actions">
            <a className="button button-primary" href="#dates" data-hero-cta="">
              {t("hero.bookTraining")}
            </a>
            <a className="button button-ghost" href={href("training-details/")}>
              {t("hero.learnMore")} <span className="visually-hidden">{t("hero.learnMoreContext")}</span>
            </a>
          </div>
          <ul className="badges" aria-label={t("hero.badges.label")}>
            {badges.map(([key, target, icon]) => (
              <li key={key}>
                <WithTooltip id={`tip-${key}`} text={t(`hero.badges.${key}Tip`)}>
                  {(describedBy) => (
                    <a className="badge" href={target} aria-describedby={describedBy}>
                      <Icon name={icon} />
                      {t(`hero.badges.${key}`)}
                    </a>
                  )}
                </WithTooltip>
              </li>
            ))}
          </ul>
        </div>
        {/* The owner's hero photo takes the illustration's cell when there is one (content/images/images.yaml).
            The drawing is a file of its own, with no fetchpriority: Lighthouse's simulated phone then
            loads it beside the stylesheet, and paints it with the text (0.76 s; "high" gave 0.91 s). */}
        <div className="hero-art">
          {hero ? (
            <Picture image={hero} sizes="(min-width: 64rem) 40vw, 94vw" className="hero-photo" priority />
          ) : (
            <img className="landscape" src={props.assets.heroArt} alt="" width={640} height={480} decoding="async" />
          )}
        </div>
      </div>
    </section>
  );
}

import type { ReactNode } from "react";
import { CallToAction } from "../components/CallToAction.tsx";
import { Card } from "../components/Card.tsx";
import { Stats, trainedSince } from "../components/Stats.tsx";
import { Testimonial } from "../components/Testimonial.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { MapLink } from "../components/MapLink.tsx";
import { Picture } from "../components/Picture.tsx";
import { UpcomingDates } from "../components/UpcomingDates.tsx";
import { WithTooltip } from "../components/Tooltip.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

const animals: [string, IconName][] = [
  ["pigs", "pig"],
  ["horses", "horse"],
  ["ponies", "horseshoe"],
  ["dogs", "paw"],
  ["goats", "goat"],
];
const experiences: [string, IconName][] = [
  ["kitesurfing", "wind"],
  ["horsemanship", "horseshoe"],
  ["airsoft", "target"],
  ["hiking", "mountain"],
];
const features: [string, IconName][] = [
  ["training", "award"],
  ["childcare", "child"],
  ["ranch", "sun"],
];
const badges: [string, string, IconName][] = [
  ["animals", "#ranch", "paw"],
  ["childcare", "#childcare", "child"],
  ["location", "#getting-there", "pin"],
];

/** The home page: every section of seed spec §2 "Home", in its order. */
export default function Home(props: PageProps) {
  const { t, href, site, image } = props;
  const hero = image("hero");
  const animalsPhoto = image("animals");
  return (
    <Layout
      {...props}
      title={t("meta.home.title")}
      description={t("meta.home.description")}
      // No structured data of its own: the dates' events and the Course are on the pricing page, which each
      // event names as its url; here they cost 0.7 KB of the first round trip (issue 35) and told search nothing new.
      stylesheet="home"
    >
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
          {/* The owner's hero photo takes the illustration's cell when there is one (content/images.yaml).
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

      {/* What a buyer decides on comes first: the dates with their prices, then a voice of someone who came. */}
      <UpcomingDates {...props} id="dates" />
      <FeaturedTestimonial {...props} />

      <section className="section" id="ranch" aria-labelledby="ranch-title">
        <div className="container">
          <SectionHeading
            eyebrow={t("ranch.eyebrow")}
            id="ranch-title"
            title={t("ranch.title")}
            intro={t("ranch.intro")}
          />
          {animalsPhoto && (
            <Picture image={animalsPhoto} sizes="(min-width: 76rem) 72rem, 94vw" className="section-photo" />
          )}
          <ul className="card-grid card-grid-5">
            {animals.map(([key, icon]) => (
              <Card
                key={key}
                className="card card-animal"
                icon={icon}
                title={t(`ranch.${key}.name`)}
                text={t(`ranch.${key}.text`)}
              />
            ))}
          </ul>
        </div>
      </section>

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

      <section className="section" id="experiences" aria-labelledby="experiences-title">
        <div className="container">
          <SectionHeading
            eyebrow={t("experiences.eyebrow")}
            id="experiences-title"
            title={t("experiences.title")}
            intro={t("experiences.intro")}
          />
          <ul className="card-grid card-grid-4">
            {experiences.map(([key, icon]) => (
              <Card
                key={key}
                className="card card-wide"
                iconClassName="card-icon card-icon-sea"
                icon={icon}
                title={t(`experiences.${key}.title`)}
                text={t(`experiences.${key}.text`)}
              />
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-dark" id="features" aria-labelledby="features-title">
        <div className="container">
          <SectionHeading eyebrow={t("features.eyebrow")} id="features-title" title={t("features.title")} />
          <ul className="card-grid card-grid-3">
            {features.map(([key, icon]) => (
              <Card
                key={key}
                className="feature"
                iconClassName="card-icon card-icon-sun"
                icon={icon}
                title={t(`features.${key}.title`)}
                text={t(`features.${key}.text`)}
              />
            ))}
          </ul>
        </div>
      </section>

      <section className="section" id="trusted" aria-labelledby="trusted-title">
        <div className="container center">
          <h2 id="trusted-title">{t("references.trustedTitle")}</h2>
          <p className="section-intro">{t("references.trustedIntro")}</p>
          <ClientList {...props} />
          <a className="button button-outline" href={href("references/")}>
            {t("references.viewAll")}
          </a>
        </div>
      </section>

      <section className="section section-tinted" id="practical" aria-labelledby="practical-title">
        <div className="container">
          <SectionHeading eyebrow={t("practical.eyebrow")} id="practical-title" title={t("practical.title")} />
          <div className="card-grid card-grid-2">
            <InfoCard id="getting-there" icon="pin" title={t("practical.gettingThere.title")}>
              <ul className="icon-list">
                <li data-icon="plane">{t("practical.gettingThere.airport")}</li>
                <li data-icon="train">{t("practical.gettingThere.station")}</li>
                <li data-icon="car">{t("practical.gettingThere.car")}</li>
                <li data-icon="pin">
                  <MapLink href={site.location.mapsUrl} text={t("contact.info.map")} note={t("contact.info.mapNote")} />
                </li>
              </ul>
            </InfoCard>
            <InfoCard id="what-to-bring" icon="backpack" title={t("practical.whatToBring.title")}>
              <p>{t("practical.whatToBring.text")}</p>
              <CheckList items={["rain", "boots", "layers", "sun"].map((key) => t(`practical.whatToBring.${key}`))} />
            </InfoCard>
            <InfoCard id="childcare" icon="child" title={t("practical.childcare.title")}>
              <p>{t("practical.childcare.text")}</p>
              <h4>{t("practical.childcare.activitiesTitle")}</h4>
              <CheckList
                items={["feeding", "ponies", "crafts", "mudflats"].map((key) => t(`practical.childcare.${key}`))}
              />
            </InfoCard>
            <InfoCard id="accommodation" icon="home" title={t("practical.accommodation.title")}>
              <p>{t("practical.accommodation.text")}</p>
              <CheckList items={["apartments", "hotels", "camper"].map((key) => t(`practical.accommodation.${key}`))} />
            </InfoCard>
          </div>
        </div>
      </section>

      <CallToAction id="cta-title" title={t("cta.title")} text={t("cta.text")}>
        <a className="button button-primary" href={href("contact/")}>
          {t("cta.button")}
        </a>
      </CallToAction>
    </Layout>
  );
}

/** The testimonial the references page shows first, high on the home page, with the way to all of them. */
function FeaturedTestimonial(props: PageProps) {
  const { t, href, content } = props;
  const testimonial = content.testimonials[0];
  if (!testimonial) return null;
  return (
    <section className="section section-tinted" aria-labelledby="quote-title">
      <div className="container container-narrow featured-quote">
        <h2 className="eyebrow" id="quote-title">
          {t("references.quoteEyebrow")}
        </h2>
        <Testimonial testimonial={testimonial} t={t} />
        <a className="text-link" href={href("references/")}>
          {t("references.more")} <Icon name="arrow" />
        </a>
      </div>
    </section>
  );
}

/** The companies that trained here: each one's logo where the owner has one, else its name set as a wordmark. */
function ClientList({ site, asset }: PageProps) {
  return (
    <ul className="clients">
      {site.clients.map((client) => (
        <li key={client.name}>
          {client.logo ? <img src={asset(client.logo)} alt={client.name} height={40} loading="lazy" /> : client.name}
        </li>
      ))}
    </ul>
  );
}

function SectionHeading({
  eyebrow,
  id,
  title,
  intro,
}: {
  eyebrow?: string;
  id: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="section-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="section-intro">{intro}</p>}
    </div>
  );
}

function InfoCard({ id, icon, title, children }: { id: string; icon: IconName; title: string; children: ReactNode }) {
  return (
    <article className="card info-card" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className="card-icon">
          <Icon name={icon} />
        </span>
        {title}
      </h3>
      {children}
    </article>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" />
          {item}
        </li>
      ))}
    </ul>
  );
}

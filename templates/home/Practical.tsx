import type { ReactNode } from "react";
import { Icon, type IconName } from "../components/Icon.tsx";
import { MapLink } from "../components/MapLink.tsx";
import type { PageProps } from "../types.ts";
import { SectionHeading } from "./SectionHeading.tsx";

/** Practical information: getting there, what to bring, childcare and accommodation, a card each. */
export function Practical({ t, site }: PageProps) {
  return (
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

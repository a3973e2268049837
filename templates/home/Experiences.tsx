import { Card } from "../components/Card.tsx";
import type { IconName } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import { SectionHeading } from "./SectionHeading.tsx";

const experiences: [string, IconName][] = [
  ["kitesurfing", "wind"],
  ["horsemanship", "horseshoe"],
  ["airsoft", "target"],
  ["hiking", "mountain"],
];

/** What the days hold beside the training: kitesurfing, horsemanship, airsoft, hiking. */
export function Experiences({ t }: PageProps) {
  return (
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
  );
}

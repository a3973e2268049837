import { Card } from "../components/Card.tsx";
import type { IconName } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import { SectionHeading } from "./SectionHeading.tsx";

const features: [string, IconName][] = [
  ["training", "award"],
  ["childcare", "child"],
  ["ranch", "sun"],
];

/** Why this training: the training itself, childcare, the ranch. */
export function Features({ t }: PageProps) {
  return (
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
  );
}

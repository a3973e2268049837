import { Card } from "../components/Card.tsx";
import type { IconName } from "../components/Icon.tsx";
import { Picture } from "../components/Picture.tsx";
import type { PageProps } from "../types.ts";
import { SectionHeading } from "./SectionHeading.tsx";

const animals: [string, IconName][] = [
  ["pigs", "pig"],
  ["horses", "horse"],
  ["ponies", "horseshoe"],
  ["dogs", "paw"],
  ["goats", "goat"],
];

/** The working ranch: its animals, with the owner's photo of them when there is one. */
export function Ranch({ t, image }: PageProps) {
  const animalsPhoto = image("animals");
  return (
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
  );
}

import type { PageProps, Translate } from "../types.ts";

/** The claims as figures with their labels (`about.stats.*`), in the order given; a note may follow a label. */
export function Stats({
  t,
  keys,
  notes = {},
  className = "stats",
}: {
  t: Translate;
  keys: readonly string[];
  notes?: Record<string, string>;
  className?: string;
}) {
  return (
    <dl className={className}>
      {keys.map((key) => (
        <div key={key}>
          <dt>
            {t(`about.stats.${key}Label`)}
            {notes[key] && <span className="stat-note"> {notes[key]}</span>}
          </dt>
          <dd>{t(`about.stats.${key}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "since 2016" beside the count of trained professionals, when site.yaml gives the year. */
export function trainedSince({ t, site }: Pick<PageProps, "t" | "site">): Record<string, string> {
  const year = site.claims.trainedSince;
  return year ? { professionals: `${t("about.stats.since")} ${year}` } : {};
}

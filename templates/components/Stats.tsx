import type { Translate } from "../types.ts";

/** The claims as figures with their labels (`about.stats.*`), in the order given. */
export function Stats({ t, keys, className = "stats" }: { t: Translate; keys: readonly string[]; className?: string }) {
  return (
    <dl className={className}>
      {keys.map((key) => (
        <div key={key}>
          <dt>{t(`about.stats.${key}Label`)}</dt>
          <dd>{t(`about.stats.${key}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

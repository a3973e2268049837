import type { PageProps } from "../types.ts";
import { Logo } from "./Logo.tsx";
import { WithTooltip } from "./Tooltip.tsx";

const navigation = [
  ["nav.about", "#about"],
  ["nav.training", "training-details/"],
  ["nav.aboutMe", "about-me/"],
  ["nav.references", "references/"],
  ["nav.contact", "contact/"],
] as const;

/** Brand, main navigation, language switch and the Book Now button. */
export function Header({ t, href, page, alternates, locale, site }: PageProps) {
  const others = alternates.filter((alternate) => alternate.locale !== locale);
  return (
    <header className="site-header">
      <div className="container header-bar">
        {/* The visible name and tagline start the link's name (WCAG 2.5.3); "home page" only adds to them. */}
        <a className="brand" href={href("")}>
          <Logo />
          <span className="brand-text">
            <span className="brand-name">{site.name}</span>
            <span className="brand-tagline">{t("nav.tagline")}</span>
          </span>
          <span className="visually-hidden">, {t("nav.home")}</span>
        </a>
        <nav className="main-nav" aria-label={t("nav.label")}>
          <ul>
            {navigation.map(([key, path]) => {
              const target = path.startsWith("#") ? href("") + path : href(path);
              const current = !path.startsWith("#") && page === path.slice(0, -1);
              return (
                <li key={key}>
                  <a href={target} aria-current={current ? "page" : undefined}>
                    {t(key)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-actions">
          {others.map((other) => (
            <WithTooltip key={other.locale} id={`tip-lang-${other.locale}`} text={other.tip} lang={other.locale}>
              {(describedBy) => (
                <a
                  className="lang-switch"
                  href={other.href}
                  hrefLang={other.locale}
                  lang={other.locale}
                  aria-describedby={describedBy}
                  data-lang-switch=""
                >
                  <span aria-hidden="true" className="lang-code">
                    {other.locale.toUpperCase()}
                  </span>
                  <span className="lang-name">{other.name}</span>
                </a>
              )}
            </WithTooltip>
          ))}
          <a className="button button-small" href={href("pricing/")}>
            {t("nav.bookNow")}
          </a>
        </div>
      </div>
    </header>
  );
}

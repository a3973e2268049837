import type { LocaleProps, PageProps } from "../types.ts";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { isCurrent, navigationHref } from "./navigation.ts";
import { WithTooltip } from "./Tooltip.tsx";

/**
 * Brand, main navigation (content/site.yaml `navigation.header`), language switch and the highlighted button.
 * On phones the links sit behind a Menu button (WAI-ARIA disclosure pattern, templates/client/menu.ts), with
 * the links of `navigation.menu` below them in place of the button, which leaves the brand its room; without
 * JavaScript there is no button and every header link shows, wrapped onto as many rows as it takes.
 */
export function Header({ t, href, page, alternates, locale, site, shared }: PageProps) {
  const others = alternates.filter((alternate) => alternate.locale !== locale);
  const { header, button, menu = [] } = site.navigation;
  const links = (list: typeof header) =>
    list.map((link) => (
      <li key={`${link.page}#${link.section ?? ""}`}>
        <a href={navigationHref(link, href)} aria-current={isCurrent(link, page) ? "page" : undefined}>
          {t(link.label)}
        </a>
      </li>
    ));
  return (
    <header className="site-header">
      <div className="container header-bar">
        {shared(HeaderBrand)}
        <div className="site-menu" id="site-menu">
          <nav className="main-nav" id="main-nav" aria-label={t("nav.label")}>
            <ul>{links(header)}</ul>
          </nav>
          {/* Only in the phone menu, where the header's button has no room: prices and the questions (issue 35). */}
          {menu.length > 0 && (
            <nav className="menu-more" aria-label={t("nav.moreLabel")}>
              <ul>{links(menu)}</ul>
            </nav>
          )}
        </div>
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
          <a
            className="button button-small"
            href={navigationHref(button, href)}
            aria-current={isCurrent(button, page) ? "page" : undefined}
          >
            {t(button.label)}
          </a>
        </div>
      </div>
    </header>
  );
}

/**
 * The header's start, the same on every page of a language (the layout renders it once per language):
 * the brand, linking home, and the Menu button.
 */
function HeaderBrand({ t, href, site }: LocaleProps) {
  return (
    <>
      {/* The visible name and tagline start the link's name (WCAG 2.5.3); "home page" only adds to them. */}
      <a className="brand" href={href("")}>
        <Logo />
        <span className="brand-text">
          <span className="brand-name">{site.name}</span>
          <span className="brand-tagline">{t("nav.tagline")}</span>
        </span>
        <span className="visually-hidden">, {t("nav.home")}</span>
      </a>
      <button type="button" className="menu-button" aria-expanded="false" aria-controls="site-menu" data-menu-button="">
        <Icon name="menu" />
        {t("nav.menu")}
      </button>
    </>
  );
}

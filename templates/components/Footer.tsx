import type { PageProps } from "../types.ts";
import { Icon } from "./Icon.tsx";
import { WithTooltip } from "./Tooltip.tsx";

const socialNetworks = ["linkedin", "instagram", "youtube"] as const;

/** Footer sections Navigation, Contact, Legal and Social, the Imprint link and the cookie settings control. */
export function Footer({ t, href, site }: PageProps) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">{site.name}</p>
          <p>{t("footer.about")}</p>
        </div>
        <nav aria-labelledby="footer-navigation">
          <h2 id="footer-navigation">{t("footer.navigation")}</h2>
          <ul>
            <li>
              <a href={`${href("")}#about`}>{t("nav.about")}</a>
            </li>
            <li>
              <a href={href("training-details/")}>{t("nav.training")}</a>
            </li>
            <li>
              <a href={href("about-me/")}>{t("nav.aboutMe")}</a>
            </li>
            <li>
              <a href={href("references/")}>{t("nav.references")}</a>
            </li>
            <li>
              <a href={href("pricing/")}>{t("nav.bookNow")}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{t("footer.contact")}</h2>
          <address>
            <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            <br />
            <a href={`tel:${site.contact.phone.replace(/[^+\d]/g, "")}`}>{site.contact.phone}</a>
            <br />
            {site.legal.street}, {site.legal.postalCode} {site.legal.city}
          </address>
          <p>
            <a href={href("contact/")}>{t("nav.contact")}</a>
          </p>
        </div>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t("footer.legal")}</h2>
          <ul>
            <li>
              <a href={href("imprint/")}>{t("footer.imprint")}</a>
            </li>
            <li>
              <a href={href("privacy-policy/")}>{t("footer.privacy")}</a>
            </li>
            <li>
              <a href={href("terms-of-service/")}>{t("footer.terms")}</a>
            </li>
            <li>
              <a href={href("cookie-policy/")}>{t("footer.cookies")}</a>
            </li>
            <li>
              <button type="button" className="link-button" data-cookie-settings="" hidden>
                {t("footer.cookieSettings")}
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{t("footer.social")}</h2>
          <ul className="social-links">
            {socialNetworks.map((network) => (
              <li key={network}>
                <WithTooltip id={`tip-${network}`} text={t(`footer.${network}Tip`)}>
                  {(describedBy) => (
                    <a
                      className="social-link"
                      href={site.social[network]}
                      aria-label={t(`footer.${network}`)}
                      aria-describedby={describedBy}
                      rel="me noopener"
                    >
                      <Icon name={network} />
                    </a>
                  )}
                </WithTooltip>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright")}</p>
        <p>
          <a href={href("imprint/")}>{t("footer.imprint")}</a>
        </p>
      </div>
    </footer>
  );
}

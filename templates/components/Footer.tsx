import type { FooterColumn } from "../../model/content.ts";
import type { LocaleProps } from "../types.ts";
import { EmailAddress } from "./EmailAddress.tsx";
import { Icon } from "./Icon.tsx";
import { navigationHref } from "./navigation.ts";
import { WithTooltip } from "./Tooltip.tsx";

const socialNetworks = ["linkedin", "instagram", "youtube"] as const;

/**
 * The footer's columns in the order of content/site.yaml `navigation.footer`: titled link lists and the
 * about, contact and social blocks; below them the cookie settings control (design.md §4) and the Imprint
 * link, which every page must have: there only when no column links the imprint already, so it is not listed twice.
 * The same on every page of a language: the layout renders it once per language (`shared`).
 */
export function Footer(props: LocaleProps) {
  const { t, href, site } = props;
  const columns = site.navigation.footer;
  const imprintInColumns = columns.some((column) => column.links?.some((link) => link.page === "imprint"));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {columns.map((column, index) => (
          <FooterBlock key={column.block ?? column.title ?? index} column={column} index={index} {...props} />
        ))}
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright")}</p>
        <p className="footer-bottom-links">
          {!imprintInColumns && <a href={href("imprint/")}>{t("footer.imprint")}</a>}
          <button type="button" className="link-button" data-cookie-settings="" hidden>
            {t("footer.cookieSettings")}
          </button>
        </p>
      </div>
    </footer>
  );
}

function FooterBlock({ column, index, t, href, site }: LocaleProps & { column: FooterColumn; index: number }) {
  if (column.block === "about")
    return (
      <div className="footer-about">
        <p className="footer-brand">{site.name}</p>
        <p>{t("footer.about")}</p>
      </div>
    );
  if (column.block === "contact")
    return (
      <div className="footer-contact">
        <h2>{t("footer.contact")}</h2>
        <address>
          <a href={`mailto:${site.contact.email}`}>
            <EmailAddress email={site.contact.email} />
          </a>
          <br />
          <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
          <br />
          {/* The postcode stays with its town: a line never ends on "25821". */}
          {site.legal.street}, {`${site.legal.postalCode}\u00a0${site.legal.city}`}
        </address>
        <p>
          <a href={href("contact/")}>{t("nav.contact")}</a>
        </p>
      </div>
    );
  if (column.block === "social")
    return (
      <div className="footer-social">
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
    );
  const id = `footer-links-${index + 1}`;
  return (
    <nav className="footer-links" aria-labelledby={id}>
      <h2 id={id}>{t(column.title!)}</h2>
      <ul>
        {(column.links ?? []).map((link) => (
          <li key={`${link.page}#${link.section ?? ""}`}>
            <a href={navigationHref(link, href)}>{t(link.label)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `tel:` wants the number without spaces (RFC 3966): +49 4671 930 41 20 → tel:+4946719304120. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

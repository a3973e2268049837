import type { FooterColumn } from "../../model/content.ts";
import { telHref } from "../../model/contact.ts";
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
 * No link appears twice: the contact block links the contact form only when no column links the contact page.
 * The same on every page of a language: the layout renders it once per language (`shared`).
 */
export function Footer(props: LocaleProps) {
  const { t, href, site } = props;
  const columns = site.navigation.footer;
  const linked = (page: string) => columns.some((column) => column.links?.some((link) => link.page === page));
  const imprintInColumns = linked("imprint");
  const contactInColumns = linked("contact");
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {columns.map((column, index) => (
          <FooterBlock
            key={column.block ?? column.title ?? index}
            column={column}
            index={index}
            contactInColumns={contactInColumns}
            {...props}
          />
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

function FooterBlock({
  column,
  index,
  contactInColumns,
  t,
  href,
  site,
}: LocaleProps & { column: FooterColumn; index: number; contactInColumns: boolean }) {
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
          {/* Beside other columns the address wraps as a whole, never inside (layout.css .footer-email). */}
          <a className="footer-email" href={`mailto:${site.contact.email}`}>
            <EmailAddress email={site.contact.email} />
          </a>
          <br />
          <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
          <br />
          {/* Street above town, as a letter is addressed: a line never ends on "25821". */}
          {site.legal.street}
          <br />
          {`${site.legal.postalCode}\u00a0${site.legal.city}`}
        </address>
        {/* Not "Contact" under the heading "Contact": the link says where it leads. */}
        {!contactInColumns && (
          <p>
            <a href={href("contact/")}>{t("footer.contactForm")}</a>
          </p>
        )}
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

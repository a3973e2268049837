import type { ReactNode } from "react";
import { CookieBanner } from "./components/CookieBanner.tsx";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { StickyBar } from "./components/StickyBar.tsx";
import { JsonLd, businessData } from "./components/StructuredData.tsx";
import { openGraphAlt, openGraphSize } from "./OpenGraphImage.tsx";
import type { PageProps } from "./types.ts";

interface LayoutProps extends PageProps {
  title: string;
  description: string;
  /** Further JSON-LD objects for this page, besides the business. */
  structuredData?: object[];
  /** Which stylesheet the page needs: the home page's own, or the one of every other page. */
  stylesheet?: keyof PageProps["assets"]["styles"];
  /** The page has the contact form: its script comes along. */
  form?: boolean;
  children: ReactNode;
}

/** The document shell shared by every page: head metadata, header, main, footer, consent banner. */
export function Layout(props: LayoutProps) {
  const {
    t,
    locale,
    site,
    title,
    description,
    canonical,
    indexable,
    alternates,
    assets,
    children,
    structuredData = [],
    stylesheet = "pages",
    form = false,
  } = props;
  const fullTitle = `${title} | ${site.name}`;
  const fallback = alternates[0]!;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {indexable ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        {indexable &&
          alternates.map((alternate) => (
            <link key={alternate.locale} rel="alternate" hrefLang={alternate.locale} href={alternate.url} />
          ))}
        {indexable && <link rel="alternate" hrefLang="x-default" href={fallback.url} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {indexable && <meta property="og:url" content={canonical} />}
        <meta property="og:locale" content={t("lang.ogLocale")} />
        <meta property="og:image" content={assets.ogImages[locale]} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content={String(openGraphSize.width)} />
        <meta property="og:image:height" content={String(openGraphSize.height)} />
        <meta property="og:image:alt" content={openGraphAlt(t, site)} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:image" content={assets.ogImages[locale]} />
        <meta name="twitter:image:alt" content={openGraphAlt(t, site)} />
        <meta name="theme-color" content="#2f4a3a" />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        <link rel="stylesheet" href={assets.styles[stylesheet]} />
        <script dangerouslySetInnerHTML={{ __html: assets.headScript }} />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: assets.speculationRules }} />
        <JsonLd data={businessData(props)} />
        {structuredData.map((data, index) => (
          <JsonLd key={index} data={data} />
        ))}
      </head>
      <body data-loading={t("loading")}>
        <a className="skip-link" href="#main">
          {t("skipLink")}
        </a>
        <Header {...props} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {props.shared(Footer)}
        <StickyBar {...props} />
        {props.shared(CookieBanner)}
        {/* Last in the body: every element it wires up exists, and the banner shows in the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: assets.appScript }} />
        {form && <script dangerouslySetInnerHTML={{ __html: assets.formScript }} />}
      </body>
    </html>
  );
}

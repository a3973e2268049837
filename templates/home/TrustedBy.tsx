import type { PageProps } from "../types.ts";

/** The companies that trained here, and the way to their testimonials. */
export function TrustedBy(props: PageProps) {
  const { t, href } = props;
  return (
    <section className="section" id="trusted" aria-labelledby="trusted-title">
      <div className="container center">
        <h2 id="trusted-title">{t("references.trustedTitle")}</h2>
        <p className="section-intro">{t("references.trustedIntro")}</p>
        <ClientList {...props} />
        <a className="button button-outline" href={href("references/")}>
          {t("references.viewAll")}
        </a>
      </div>
    </section>
  );
}

/** The companies that trained here: each one's logo where the owner has one, else its name set as a wordmark. */
function ClientList({ site, asset }: PageProps) {
  return (
    <ul className="clients">
      {site.clients.map((client) => (
        <li key={client.name}>
          {client.logo ? <img src={asset(client.logo)} alt={client.name} height={40} loading="lazy" /> : client.name}
        </li>
      ))}
    </ul>
  );
}

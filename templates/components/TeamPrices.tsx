import { cheaperFrom } from "../../model/booking.ts";
import type { PageProps } from "../types.ts";

/**
 * What a team of each size pays a head for a group offer (site.yaml `offers.<name>.sizes`), as a small
 * table, and from which size that is less than an open seat (issue 35): the rows from there on are marked,
 * and a line says it. On the pricing page and the programme sheet.
 */
export function TeamPrices(props: PageProps & { name: string; sizes?: number[] }) {
  const { t, content, locale, site, name, sizes } = props;
  const prices = (sizes ?? []).flatMap((size) => {
    const price = content.facts.get(`offers.${name}.perPersonAt.${size}`);
    return price ? [{ size, price }] : [];
  });
  if (prices.length === 0) return null;
  const from = cheaperFrom(site, name);
  const number = new Intl.NumberFormat(locale);
  const people = (size: number) => `${number.format(size)}\u00a0${t("pricing.people")}`;
  return (
    <div className="team-prices">
      <table>
        <caption>{t("pricing.teamSizes")}</caption>
        <tbody>
          {prices.map(({ size, price }) => (
            <tr key={size} className={from !== undefined && size >= from ? "cheaper" : undefined}>
              <th scope="row">{people(size)}</th>
              <td className="price-small">{price}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {from !== undefined && (
        <p className="team-cheaper">
          {t("pricing.cheaperThanSeat")}: {t("pricing.fromSize")} {people(from)}
        </p>
      )}
    </div>
  );
}

import type { NavigationLink } from "../../model/content.ts";
import type { PageProps } from "../types.ts";

/** Where a link of site.yaml's navigation leads in the current language: `/de/about-me/`, `/#about`. */
export function navigationHref(link: Pick<NavigationLink, "page" | "section">, href: PageProps["href"]): string {
  const path = link.page === "home" ? "" : `${link.page}/`;
  return href(path) + (link.section ? `#${link.section}` : "");
}

/** The link is to the page being shown (a #section of it does not count: it is a place on the page). */
export const isCurrent = (link: Pick<NavigationLink, "page" | "section">, page: string) =>
  !link.section && link.page === page;

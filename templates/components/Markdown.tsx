/**
 * The one place raw HTML enters the tree: markdown rendered (and sanitised) by remark-html at load time.
 * Root-relative links and images written by editors (`/de/pricing/`, `/photo.jpg`) get the site's base path.
 */
export function Markdown({
  html,
  basePath,
  className = "prose",
}: {
  html: string;
  basePath: string;
  className?: string;
}) {
  const linked = basePath === "/" ? html : html.replace(/(href|src)="\/(?!\/)/g, `$1="${basePath}`);
  return <div className={className} dangerouslySetInnerHTML={{ __html: linked }} />;
}

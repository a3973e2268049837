/**
 * The one place raw HTML enters the tree: markdown rendered (and sanitised) by remark-html at load time.
 * Root-relative links written by editors (`/de/pricing/`) get the site's base path.
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
  const linked = basePath === "/" ? html : html.replace(/href="\/(?!\/)/g, `href="${basePath}`);
  return <div className={className} dangerouslySetInnerHTML={{ __html: linked }} />;
}

/**
 * The one place raw HTML enters the tree: markdown rendered (and sanitised) by remark-html at load
 * time, its root-relative links already resolved through the site's href().
 */
export function Markdown({ html, className = "prose" }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

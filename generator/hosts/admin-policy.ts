/**
 * The one path of the site with a policy of its own: the web editor's page at /admin/ (generator/editor/).
 * Every host file gives it this policy in place of the site's, and the editor's page repeats it as a meta tag.
 */

/**
 * The admin page's own policy, stricter than most CMS setups: scripts from the site only, no
 * 'unsafe-eval'. Decap's styling library (emotion) writes `<style>` elements at run time, so styles
 * need 'unsafe-inline'; previews of images it holds in memory need `blob:`.
 */
export const adminPolicy = adminPolicyFor();

/**
 * The admin page's policy for the Git host it saves to (site.yaml's `editor:`): the published editor talks
 * to that host's API from the browser (GitHub: api.github.com, GitLab: gitlab.com, or the `api_root` given),
 * and shows the GitHub avatar of whoever logged in. Git Gateway and the local mode speak to the site itself.
 */
export function adminPolicyFor(editor?: { backend?: string; api_root?: string }): string {
  const backend = editor ? (editor.backend ?? "github") : undefined;
  const api = editor?.api_root
    ? new URL(editor.api_root).origin
    : backend === "github"
      ? "https://api.github.com"
      : backend === "gitlab"
        ? "https://gitlab.com"
        : "";
  const avatars = backend === "github" ? "https://avatars.githubusercontent.com" : "";
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", avatars],
    "font-src 'self' data:",
    // Decap reads an uploaded photo back from the blob: URL it made of it, before it is saved.
    ["connect-src 'self' blob: data:", api],
    "frame-src 'self' blob:",
    "form-action 'self'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ]
    .map((directive) => (Array.isArray(directive) ? directive.filter(Boolean).join(" ") : directive))
    .join("; ");
}

/** Whether an output-relative file belongs to the admin page, which has its own policy. */
export const isAdminFile = (file: string) => file.replace(/^\/+/, "").startsWith("admin/");

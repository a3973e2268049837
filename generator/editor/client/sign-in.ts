/**
 * Signing in to GitHub without a server: the owner pastes a fine-grained personal access token once (made
 * on GitHub for this one repository, "Contents: Read and write"); this form checks it against GitHub's API,
 * says in the owner's language what is wrong with it, and hands it to Decap's own GitHub backend, which keeps
 * it in this browser's storage until the owner logs out. GitHub's OAuth needs a secret on a server, and its
 * PKCE and device flows cannot finish in a browser (github.com answers no cross-origin request), so a token
 * is the one way that needs nobody's server. Registered as a backend of its own name: Decap's GitHub backend
 * with this form as its login page, and no request to GitHub's status page (the admin page's policy allows
 * GitHub's API only).
 */
import { fill, type ScriptWords } from "./settings.ts";

/** The globals of Decap's bundle this needs. */
interface Decap {
  getBackend(name: string): { init(config: unknown, options?: unknown): object } | undefined;
  registerBackend(name: string, backend: unknown): void;
}

type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

interface SignInProps {
  onLogin(credentials: { token: string }): void;
  error?: string;
  inProgress?: boolean;
}

interface TokenSignIn {
  repo: string;
  apiRoot: string;
  createUrl: string;
}

/** Registers Decap's GitHub backend under `name`, with the token form as its login page. */
export function registerTokenBackend(
  cms: Decap,
  h: CreateElement,
  name: string,
  sign: TokenSignIn,
  words: ScriptWords,
): void {
  // Decap exports no backend class; its registry makes instances, whose class this extends.
  const github = cms.getBackend("github")!.init({ backend: { repo: sign.repo } }, {}).constructor as new (
    ...args: unknown[]
  ) => object;
  // Decap renders the login page again on every change of its state: the form is built once per element.
  let mounted: HTMLElement | undefined;
  const mount = (element: HTMLElement | null, props: SignInProps) => {
    if (!element || element === mounted) return;
    mounted = element;
    mountSignIn(element, props, sign, words);
  };
  const form = (props: SignInProps) =>
    h("div", { className: "ranch-sign-in", ref: (element: HTMLElement | null) => mount(element, props) });
  class TokenGitHub extends github {
    authComponent() {
      return form;
    }
    async status() {
      return { auth: { status: true }, api: { status: true, statusPage: "" } };
    }
  }
  cms.registerBackend(name, TokenGitHub);
}

/** The sign-in page in `element`: the token is checked against GitHub before Decap gets it (onLogin). */
function mountSignIn(element: HTMLElement, props: SignInProps, sign: TokenSignIn, words: ScriptWords): void {
  const { form, input, problem, button } = signInPage(element, sign, words);
  const refuse = (text: string) => {
    problem.textContent = text;
    input.setAttribute("aria-invalid", "true");
    input.focus();
  };
  if (props.error) problem.textContent = props.error;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!token) return refuse(words["signInEmpty"] ?? "");
    button.disabled = true;
    button.textContent = words["signInChecking"] ?? "…";
    void checkToken(token, sign).then((refusal) => {
      button.disabled = false;
      button.textContent = words["signInButton"] ?? "Sign in";
      if (refusal) refuse(fill(words[refusal] ?? refusal, { repo: sign.repo }));
      else props.onLogin({ token });
    });
  });
  input.focus();
}

/** The page's title, introduction, form and link to GitHub's token page, in the owner's words, appended to `element`. */
function signInPage(element: HTMLElement, sign: TokenSignIn, words: ScriptWords) {
  const title = create("h1", { textContent: words["signInTitle"] ?? "Edit the site" });
  const intro = create("p", { textContent: words["signInIntro"] ?? "" });
  const form = create("form", {});
  const label = create("label", { htmlFor: "ranch-token", textContent: words["signInToken"] ?? "Access token" });
  const input = create("input", {
    id: "ranch-token",
    type: "password",
    autocomplete: "current-password",
    spellcheck: false,
  });
  const hint = create("p", {
    id: "ranch-token-hint",
    className: "ranch-hint",
    textContent: words["signInTokenHint"] ?? "",
  });
  const problem = create("p", { id: "ranch-token-problem", className: "ranch-problem" });
  problem.setAttribute("role", "alert");
  input.setAttribute("aria-describedby", "ranch-token-hint ranch-token-problem");
  const button = create("button", { type: "submit", textContent: words["signInButton"] ?? "Sign in" });
  const link = create("a", {
    href: sign.createUrl,
    target: "_blank",
    rel: "noopener",
    textContent: words["signInCreate"] ?? "",
  });
  form.append(label, input, hint, problem, button);
  element.append(title, intro, form, link);
  return { form, input, problem, button };
}

/** An element with these properties set. */
const create = <Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  properties: Partial<HTMLElementTagNameMap[Tag]>,
): HTMLElementTagNameMap[Tag] => Object.assign(document.createElement(tag), properties);

/** Why GitHub refuses the token, as a key of the words (`signInRefused`, `signInNoRepo`, `signInOffline`); none when it may write. */
async function checkToken(token: string, sign: TokenSignIn): Promise<string | undefined> {
  const headers = { authorization: `token ${token}`, accept: "application/vnd.github+json" };
  try {
    const user = await fetch(`${sign.apiRoot}/user`, { headers });
    if (user.status === 401 || user.status === 403) return "signInRefused";
    if (!user.ok) return "signInOffline";
    const repo = await fetch(`${sign.apiRoot}/repos/${sign.repo}`, { headers });
    if (!repo.ok) return "signInNoRepo";
    const { permissions } = (await repo.json()) as { permissions?: { push?: boolean } };
    return permissions?.push ? undefined : "signInNoRepo";
  } catch {
    return "signInOffline";
  }
}

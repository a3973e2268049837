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

/** Registers Decap's GitHub backend under `name`, with the token form as its login page. */
export function registerTokenBackend(
  cms: Decap,
  h: CreateElement,
  name: string,
  sign: { repo: string; apiRoot: string; createUrl: string },
  words: ScriptWords,
): void {
  // Decap exports no backend class; its registry makes instances, whose class this extends.
  const github = cms.getBackend("github")!.init({ backend: { repo: sign.repo } }, {}).constructor as new (
    ...args: unknown[]
  ) => object;
  const form = (props: SignInProps) =>
    h("div", { className: "ranch-sign-in", ref: (element: HTMLElement | null) => element && mount(element, props) });
  class TokenGitHub extends github {
    authComponent() {
      return form;
    }
    async status() {
      return { auth: { status: true }, api: { status: true, statusPage: "" } };
    }
  }
  cms.registerBackend(name, TokenGitHub);

  let mounted: HTMLElement | undefined;
  function mount(element: HTMLElement, props: SignInProps) {
    if (mounted === element) return;
    mounted = element;
    const title = document.createElement("h1");
    title.textContent = words["signInTitle"] ?? "Edit the site";
    const intro = document.createElement("p");
    intro.textContent = words["signInIntro"] ?? "";
    const formElement = document.createElement("form");
    const label = document.createElement("label");
    label.htmlFor = "ranch-token";
    label.textContent = words["signInToken"] ?? "Access token";
    const input = document.createElement("input");
    input.id = "ranch-token";
    input.type = "password";
    input.autocomplete = "current-password";
    input.spellcheck = false;
    const hint = document.createElement("p");
    hint.id = "ranch-token-hint";
    hint.className = "ranch-hint";
    hint.textContent = words["signInTokenHint"] ?? "";
    const problem = document.createElement("p");
    problem.id = "ranch-token-problem";
    problem.className = "ranch-problem";
    problem.setAttribute("role", "alert");
    input.setAttribute("aria-describedby", "ranch-token-hint ranch-token-problem");
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = words["signInButton"] ?? "Sign in";
    const create = document.createElement("a");
    create.href = sign.createUrl;
    create.target = "_blank";
    create.rel = "noopener";
    create.textContent = words["signInCreate"] ?? "";
    formElement.append(label, input, hint, problem, button);
    element.append(title, intro, formElement, create);
    if (props.error) problem.textContent = props.error;
    formElement.addEventListener("submit", (event) => {
      event.preventDefault();
      const token = input.value.trim();
      if (!token) {
        problem.textContent = words["signInEmpty"] ?? "";
        input.setAttribute("aria-invalid", "true");
        input.focus();
        return;
      }
      button.disabled = true;
      button.textContent = words["signInChecking"] ?? "…";
      void checkToken(token, sign).then((refusal) => {
        button.disabled = false;
        button.textContent = words["signInButton"] ?? "Sign in";
        if (refusal) {
          problem.textContent = fill(words[refusal] ?? refusal, { repo: sign.repo });
          input.setAttribute("aria-invalid", "true");
          input.focus();
          return;
        }
        props.onLogin({ token });
      });
    });
    input.focus();
  }
}

/** Why GitHub refuses the token, as a key of the words (`signInRefused`, `signInNoRepo`, `signInOffline`); none when it may write. */
async function checkToken(token: string, sign: { repo: string; apiRoot: string }): Promise<string | undefined> {
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

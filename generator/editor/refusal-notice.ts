/**
 * The web editor's notice of a refused save, in local mode: Decap shows the refusal of `check` as a
 * toast that vanishes after a few seconds. This script, loaded before Decap from the admin page's own
 * origin (its policy allows no inline script), keeps the refusal at the foot of the page, away from
 * Publish, until a save goes through or the editor closes it.
 */

/** The script's file, beside the admin page. */
export const refusalNoticeFile = "admin/refusal-notice.js";

export const refusalNoticeScript = `(() => {
  const api = new URL("api/v1", document.baseURI).pathname;
  const send = window.fetch.bind(window);
  let notice;
  const hide = () => {
    notice?.remove();
    notice = undefined;
  };
  const show = (message) => {
    hide();
    notice = document.createElement("div");
    notice.setAttribute("role", "alert");
    notice.setAttribute("data-save-refused", "");
    notice.style.cssText =
      "position:fixed;left:1rem;bottom:1rem;z-index:2147483647;max-width:40rem;padding:1rem 3rem 1rem 1.25rem;" +
      "background:#2b1410;color:#ffe9e2;font:15px/1.5 system-ui,sans-serif;border-radius:6px;box-shadow:0 6px 24px rgb(0 0 0/40%)";
    const title = document.createElement("strong");
    title.textContent = document.documentElement.lang === "de" ? "Nicht gespeichert" : "Not saved";
    const text = document.createElement("p");
    text.style.margin = ".25rem 0 0";
    text.textContent = message.replace(/^Not saved\\.\\s*/, "");
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", document.documentElement.lang === "de" ? "Schließen" : "Close");
    close.style.cssText = "position:absolute;top:.5rem;right:.5rem;border:0;background:none;color:inherit;font-size:1.5rem;cursor:pointer";
    close.addEventListener("click", hide);
    notice.append(title, text, close);
    document.body.append(notice);
  };
  window.fetch = async (input, init) => {
    const response = await send(input, init);
    try {
      const url = new URL(typeof input === "string" ? input : input.url, location.href);
      const action = url.pathname === api && typeof init?.body === "string" ? JSON.parse(init.body).action : "";
      if (/^(persistEntry|deleteFiles?)$/.test(action)) {
        if (response.status === 422) show((await response.clone().json()).error ?? "");
        else if (response.ok) hide();
      }
    } catch {
      // A request this cannot read is Decap's own business.
    }
    return response;
  };
})();
`;

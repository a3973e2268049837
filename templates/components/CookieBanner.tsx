import type { LocaleProps } from "../types.ts";
import { Icon } from "./Icon.tsx";

/**
 * The consent banner (design.md §4), shipped hidden: the head script shows nothing for a stored
 * choice, and the browser script reveals it when there is none. Accept and Reject are equally prominent.
 * `tabIndex={-1}` lets "Cookie settings" move focus to the region itself, so it is read from its label.
 * Reopened, it says which choice holds now, in a sentence and as the pressed state of that button.
 * The same on every page of a language: the layout renders it once per language (`shared`).
 */
export function CookieBanner({ t, href }: LocaleProps) {
  return (
    <section className="cookie-banner" aria-labelledby="cookie-title" data-cookie-banner="" tabIndex={-1} hidden>
      <div className="container cookie-inner">
        {/* The question runs into the text, so the banner takes a fifth of a phone's screen at most (issue 35). */}
        <div className="cookie-text">
          <h2 id="cookie-title">{t("cookie.label")}</h2>{" "}
          <p>
            {t("cookie.text")} <a href={href("cookie-policy/")}>{t("cookie.policy")}</a>
          </p>
          <p
            className="cookie-current"
            data-cookie-current=""
            data-accepted={t("cookie.currentAccepted")}
            data-rejected={t("cookie.currentRejected")}
            hidden
          />
        </div>
        <div className="cookie-actions">
          <button type="button" className="button" data-consent="accepted" data-choice="">
            {t("cookie.accept")}
          </button>
          <button type="button" className="button" data-consent="rejected" data-choice="">
            {t("cookie.reject")}
          </button>
        </div>
        <button type="button" className="cookie-close" data-consent="rejected" aria-label={t("cookie.close")}>
          <Icon name="close" />
        </button>
      </div>
    </section>
  );
}

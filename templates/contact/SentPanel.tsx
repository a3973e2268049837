import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import { EnquiryLine } from "./EnquiryLine.tsx";
import { NextSteps } from "./NextSteps.tsx";

/** A form service took the message: it was sent. */
export function SentPanel(props: PageProps) {
  const { t } = props;
  return (
    <div className="form-result" data-form-sent="" role="status" tabIndex={-1} hidden>
      <h3 className="result-title">
        <Icon name="check" /> {t("contact.form.sentTitle")}
      </h3>
      <p>{t("contact.form.sentText")}</p>
      <EnquiryLine {...props} />
      <NextSteps t={t} />
    </div>
  );
}

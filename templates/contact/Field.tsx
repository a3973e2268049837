import type { PageProps } from "../types.ts";

/** The form's fields, in the order shown: the specification's four (design.md §6) and what a booking needs. */
export type FieldName =
  "name" | "email" | "company" | "phone" | "participants" | "children" | "purchaseOrder" | "message";

export interface FieldOptions {
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
  hint?: string;
  /** Set with another field on one row on wide screens. */
  half?: boolean;
}

/**
 * One field with its label, its hint and its message. The `mailto:` form sends "Label=value" lines, so there
 * a field's name is its label; a form service gets stable keys.
 */
export function Field({
  t,
  site,
  name,
  options,
  named,
}: PageProps & { name: FieldName; options: FieldOptions; named: boolean }) {
  const label = t(`contact.form.${name}`);
  const id = `field-${name}`;
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const checked = options.required || name === "participants";
  const describedBy = [options.hint && hintId, checked && errorId].filter(Boolean).join(" ");
  const input = {
    id,
    name: named ? name : label,
    placeholder: t(`contact.form.${name}Placeholder`),
    required: options.required,
    autoComplete: options.autoComplete,
    inputMode: options.inputMode,
    "aria-describedby": describedBy || undefined,
    "data-field": name,
    "data-label": label,
  };
  return (
    <div className={options.half ? "field field-half" : "field"}>
      <label htmlFor={id}>
        <span data-label-text="">{label}</span>
        {options.required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="optional"> ({t("contact.form.optional")})</span>
        )}
      </label>
      {name === "message" ? (
        <textarea {...input} rows={6} />
      ) : name === "participants" ? (
        // Seats for a date, the team's size for a quote: the script names it so and shows the net figure.
        <input
          {...input}
          type="number"
          min={1}
          step={1}
          data-label-seats={t("contact.form.participantsSeats")}
          data-label-team={t("contact.form.participantsTeam")}
          data-group-size={String(site.claims.groupSize)}
        />
      ) : (
        <input {...input} type={options.type ?? "text"} />
      )}
      <div className="field-extra">
        {name === "participants" && (
          <output
            className="field-hint participants-note"
            htmlFor={id}
            data-participants-note=""
            data-net={t("contact.form.totalNet")}
            data-per-person={t("contact.form.perPersonNet")}
          />
        )}
        {options.hint && (
          <p className="field-hint" id={hintId}>
            {options.hint}
          </p>
        )}
        {checked && <p className="field-error" id={errorId} hidden />}
      </div>
    </div>
  );
}

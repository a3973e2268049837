import type { ReactNode } from "react";

/**
 * A trigger with a tooltip (Radix Tooltip semantics, design.md §5): the tip is `role="tooltip"`,
 * referenced by the trigger's `aria-describedby`, so screen readers get it as the description even
 * before the browser script shows it on hover or focus. Tooltips only add; they never hold the only copy.
 */
export function WithTooltip({
  id,
  text,
  lang,
  children,
}: {
  id: string;
  text: string;
  lang?: string;
  children: (describedBy: string) => ReactNode;
}) {
  return (
    <span className="tip-anchor">
      {children(id)}
      <span role="tooltip" id={id} className="tooltip" lang={lang} hidden>
        {text}
      </span>
    </span>
  );
}

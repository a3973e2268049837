import type { ReactNode } from "react";

/** A closing call to action: a heading, one sentence and the buttons that lead to booking. */
export function CallToAction({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="section cta" aria-labelledby={id}>
      <div className="container center">
        <h2 id={id}>{title}</h2>
        <p className="section-intro">{text}</p>
        {children}
      </div>
    </section>
  );
}

/** The heading of a home page section: an eyebrow above, the title, and an introduction below. */
export function SectionHeading({
  eyebrow,
  id,
  title,
  intro,
}: {
  eyebrow?: string;
  id: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="section-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="section-intro">{intro}</p>}
    </div>
  );
}

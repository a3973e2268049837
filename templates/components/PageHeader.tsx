import { Horizon } from "./Horizon.tsx";

/** The title band at the top of every page but the home page, over the North Frisian horizon. */
export function PageHeader({ title, lead, narrow = false }: { title: string; lead?: string; narrow?: boolean }) {
  return (
    <header className="page-header">
      {/* A page of running text starts its title on the same line as the text below. */}
      <div className={narrow ? "container container-narrow" : "container"}>
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
      <Horizon />
    </header>
  );
}

import { Horizon } from "./Horizon.tsx";

/** The title band at the top of every page but the home page, over the North Frisian horizon. */
export function PageHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
      <Horizon />
    </header>
  );
}

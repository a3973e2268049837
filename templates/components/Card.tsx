import { Icon, type IconName } from "./Icon.tsx";

/** One item of a card grid: an icon, a title and a sentence. */
export function Card({
  icon,
  title,
  text,
  className = "card",
  iconClassName = "card-icon",
}: {
  icon: IconName;
  title: string;
  text: string;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <li className={className}>
      <span className={iconClassName}>
        <Icon name={icon} />
      </span>
      <h3>{title}</h3>
      <p>{text}</p>
    </li>
  );
}

import type { Testimonial as TestimonialData } from "../../model/content.ts";
import type { Translate } from "../types.ts";
import { Icon } from "./Icon.tsx";
import { Markdown } from "./Markdown.tsx";

/**
 * One testimonial: the headline as a quotation, the text, and who said it. With the person's LinkedIn
 * profile in its front matter, the name links to it, so that a reader can check who is quoted.
 */
export function Testimonial({ testimonial, t }: { testimonial: TestimonialData; t: Translate }) {
  return (
    <figure className="testimonial">
      <blockquote>
        <p className="testimonial-headline">{testimonial.headline}</p>
        <Markdown html={testimonial.html} className="testimonial-text" />
      </blockquote>
      <figcaption>
        <span className="avatar" aria-hidden="true">
          {initials(testimonial.name)}
        </span>
        <span>
          {testimonial.linkedin ? (
            <a className="testimonial-name" href={testimonial.linkedin} rel="noopener">
              {testimonial.name}
              <Icon name="linkedin" />
              <span className="visually-hidden"> {t("references.onLinkedin")}</span>
            </a>
          ) : (
            <span className="testimonial-name">{testimonial.name}</span>
          )}
          <span className="testimonial-role">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

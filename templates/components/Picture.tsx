import type { PictureImage } from "../types.ts";

/**
 * A photo of the image pipeline: AVIF and WebP sources, a JPEG fallback, width and height so the page
 * never shifts, and the photo's dominant colour behind it while it loads (an SVG fill, so the
 * Content-Security-Policy needs no inline style). Photos load lazily, except the one `priority` photo of a
 * page's first view, which the browser fetches first (no preload link: the `<picture>` chooses the format).
 */
export function Picture({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: PictureImage;
  /** Its displayed width at each layout, as the `sizes` attribute says it. */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <span className={className ? `picture ${className}` : "picture"}>
      {image.tone && (
        <svg className="picture-tone" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">
          <rect width="1" height="1" fill={image.tone} />
        </svg>
      )}
      <picture>
        {image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={image.alt}
          {...(priority
            ? { fetchPriority: "high" as const }
            : { loading: "lazy" as const, decoding: "async" as const })}
        />
      </picture>
    </span>
  );
}

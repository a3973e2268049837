/**
 * The hero illustration, drawn by hand in the site's palette: a big North Frisian sky over the Wadden Sea,
 * a Hallig on its mound, the green dike with sheep, the thatched farmhouse behind its windbreak, and two
 * horses at the paddock fence. Flat shapes, no strokes thinner than a pixel at phone width, about 2 KB
 * gzipped. Decorative: the text beside it says everything it shows. The home page shows it as a file of
 * its own (`standalone`, a hashed asset): its 1.6 KB of gzip kept the German home page from fitting the
 * first round trip. The Open Graph card draws it inline.
 */
export function Landscape({
  standalone = false,
  width = 640,
  height = 480,
}: {
  standalone?: boolean;
  /** The box it covers, cropped from the top (the sky) and the sides: the Open Graph card's 1200 × 630. */
  width?: number;
  height?: number;
}) {
  // As a file: a document of its own. Inline: styled, and hidden from assistive technology.
  const file = { xmlns: "http://www.w3.org/2000/svg" };
  return (
    <svg
      {...(standalone ? file : { className: "landscape" })}
      viewBox="0 0 640 480"
      width={width}
      height={height}
      {...(standalone ? {} : { "aria-hidden": true })}
      preserveAspectRatio="xMidYMax slice"
    >
      <defs>
        <linearGradient id="landscape-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d9e6e4" />
          <stop offset="0.62" stopColor="#f3ede0" />
          <stop offset="1" stopColor="#f8e9c9" />
        </linearGradient>
        <g id="landscape-horse">
          <path d="M18 22C30 17 48 18 62 19 68 14 74 8 79 3l3-2 1 4c5 4 11 10 14 16 1 3-2 5-5 4-4-2-7-3-10-2-4 5-8 11-10 17l-1 36h-5l-1-28h-3l-1 27h-5l-1-29c-9 2-19 2-25 0l-1 29h-5l-1-25-2 24h-5l-1-28c-4-6-4-18 3-24z" />
          <path d="M16 24c-8 4-11 16-9 32 3-8 5-18 11-26z" />
        </g>
      </defs>
      <rect width="640" height="480" fill="url(#landscape-sky)" />
      <circle cx="262" cy="214" r="58" fill="#e8b04a" opacity="0.16" />
      <circle cx="262" cy="214" r="32" fill="#e8b04a" opacity="0.9" />
      <g fill="#fffdf8" opacity="0.85">
        <path d="M70 112a18 18 0 0 1 34-8 14 14 0 0 1 24 10h8a7 7 0 0 1 0 14H76a8 8 0 0 1-6-16z" />
        <path d="M300 70a14 14 0 0 1 27-6 11 11 0 0 1 19 8h6a6 6 0 0 1 0 12h-48a7 7 0 0 1-4-14z" />
        <path d="M520 250a12 12 0 0 1 23-5 9 9 0 0 1 16 7h5a5 5 0 0 1 0 10h-41a6 6 0 0 1-3-12z" />
      </g>
      <g fill="none" stroke="#2f4a3a" strokeWidth="2.2" strokeLinecap="round">
        <path d="M206 136q6-6 12 0q6-6 12 0" />
        <path d="M244 118q5-5 10 0q5-5 10 0" />
        <path d="M560 96q4-4 8 0q4-4 8 0" />
      </g>
      {/* The Wadden Sea at low tide: water, mudflat bands and a Hallig with its house on the mound. */}
      <path d="M0 274h640v52H0z" fill="#3d6b78" />
      <g fill="#9cbab8">
        <path d="M0 280c90-3 170-3 250 0s160 2 230 0 110-2 160 0v4c-60-2-110-2-160 0s-150 3-230 0-160-3-250 0z" />
        <path d="M60 292c70-3 140-3 220 0s170 2 260 0v3c-90 2-180 3-260 0s-150-3-220 0z" />
      </g>
      <path d="M150 277c14-10 56-10 70 0z" fill="#7f9c5c" />
      <path d="M174 269h20v-8l-10-7-10 7z" fill="#a3462a" />
      <path d="M172 262l12-10 12 10z" fill="#b8924e" />
      {/* The dike: a long green ridge with a lighter crown, sheep grazing along it. */}
      <path d="M0 318c40-20 90-30 180-30h300c70 0 120 10 160 26v26H0z" fill="#7f9c5c" />
      <path d="M120 294c20-4 40-6 60-6h300c40 0 80 4 110 12-40-5-80-7-110-7H180c-22 0-42 1-60 1z" fill="#a7bd83" />
      <g fill="#fffdf8">
        <ellipse cx="214" cy="293" rx="9" ry="5.5" />
        <ellipse cx="246" cy="296" rx="8" ry="5" />
        <ellipse cx="392" cy="292" rx="9" ry="5.5" />
        <ellipse cx="530" cy="298" rx="8" ry="5" />
      </g>
      <g fill="#1f3328">
        <ellipse cx="223" cy="292" rx="3" ry="2.5" />
        <ellipse cx="238" cy="295" rx="3" ry="2.4" />
        <ellipse cx="401" cy="291" rx="3" ry="2.5" />
        <ellipse cx="538" cy="297" rx="3" ry="2.4" />
      </g>
      {/* The marsh meadow behind the dike, with the windbreak trees and the thatched farmhouse. */}
      <path d="M0 340c120-14 260-18 400-14 90 2 170 8 240 16v138H0z" fill="#93ad6e" />
      <g fill="#2f4a3a">
        <path d="M352 322c-6-34 8-58 30-60 20-2 34 16 30 38l-4 22z" />
        <path d="M398 322c0-26 14-44 32-42 20 2 28 22 22 42z" fill="#4f6b45" />
        <path d="M500 328c-2-24 10-38 26-38 18 0 26 18 20 38z" />
      </g>
      <path d="M380 330h132v42H380z" fill="#a3462a" />
      <path d="M368 334l24-46h108l24 46z" fill="#c9a35c" />
      <path d="M392 288h108l4 8H388z" fill="#8f6a33" />
      <path d="M430 334v-30l16-16 16 16v30z" fill="#fffdf8" />
      <path d="M424 306l22-24 22 24-4 3-18-20-18 20z" fill="#8f6a33" />
      <path d="M440 372v-24a6 6 0 0 1 12 0v24z" fill="#2f4a3a" />
      <g fill="#fffdf8">
        <path d="M392 346h18v14h-18zM482 346h18v14h-18zM440 312h12v12h-12z" />
      </g>
      <g fill="#2f4a3a">
        <path d="M400 346h2v14h-2zM490 346h2v14h-2zM392 352h18v2h-18zM482 352h18v2h-18z" />
      </g>
      <path d="M478 282h8v14h-8z" fill="#7f3520" />
      {/* The paddock in front: a sandy track, two horses and the fence. */}
      <path d="M0 384c140-16 300-18 460-8 70 4 130 10 180 18v86H0z" fill="#6f8d52" />
      <path d="M446 378c-30 24-90 52-170 102h70c60-44 110-78 128-102z" fill="#e4d3ad" />
      {/* One horse drawn, two in the paddock: the second is the first, mirrored and darker. */}
      <use href="#landscape-horse" fill="#7f3520" transform="translate(112 380) scale(0.8)" />
      <use href="#landscape-horse" fill="#3b2a20" transform="translate(338 386) scale(-0.8 0.8)" />
      <g fill="#1f3328">
        <path d="M0 436h292v4H0zM384 436h256v4H384zM0 452h278v4H0zM396 452h244v4H396z" />
        <path d="M20 426h6v40h-6zM110 426h6v40h-6zM200 426h6v40h-6zM272 426h6v40h-6zM396 426h6v40h-6zM470 426h6v40h-6zM546 426h6v40h-6zM620 426h6v40h-6z" />
      </g>
      <path d="M0 466c160-8 420-8 640 0v14H0z" fill="#4f6b45" />
    </svg>
  );
}

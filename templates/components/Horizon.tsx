/**
 * The horizon under every page title, in the hero's style: the green dike with grazing sheep, the
 * thatched farmhouse and a low sun over the Wadden Sea. A band of its own below the text, so it never runs
 * under a word. Decorative.
 */
export function Horizon() {
  return (
    <svg
      className="horizon"
      viewBox="0 0 1200 80"
      width="1200"
      height="80"
      aria-hidden="true"
      preserveAspectRatio="xMidYMax slice"
    >
      <circle cx="520" cy="50" r="20" fill="#e8b04a" opacity="0.85" />
      <path d="M0 50h1200v12H0z" fill="#3d6b78" opacity="0.8" />
      <path d="M0 80V64c160-12 360-18 600-18s430 6 600 16v18z" fill="#7f9c5c" />
      <path d="M120 57c150-8 320-11 480-11s320 3 480 10c-160-5-320-7-480-7s-330 3-480 8z" fill="#a7bd83" />
      <path d="M708 62V50h64v12z" fill="#a3462a" />
      <path d="M700 52l12-13h56l12 13z" fill="#c9a35c" />
      <path d="M733 52V42l7-6 7 6v10z" fill="#fffdf8" />
      <path d="M760 46c-2-14 6-22 14-22s14 9 10 24z" fill="#2f4a3a" />
      <g fill="#fffdf8">
        <ellipse cx="410" cy="50" rx="6" ry="4" />
        <ellipse cx="446" cy="49" rx="5" ry="3.5" />
        <ellipse cx="612" cy="48" rx="6" ry="4" />
        <ellipse cx="846" cy="50" rx="5" ry="3.5" />
      </g>
      <g fill="#1f3328">
        <circle cx="416" cy="49" r="2" />
        <circle cx="451" cy="48" r="2" />
        <circle cx="618" cy="47" r="2" />
        <circle cx="851" cy="49" r="2" />
      </g>
      <path d="M0 80v-6c300-6 900-6 1200 0v6z" fill="#5f7d48" />
    </svg>
  );
}

/** The hero illustration: North Frisian marsh, dike, barn, wind turbines and a low sun. Decorative. */
export function Landscape() {
  return (
    <svg
      className="landscape"
      viewBox="0 0 800 520"
      width="800"
      height="520"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#cfe0e3" />
          <stop offset="1" stopColor="#f5ead3" />
        </linearGradient>
      </defs>
      <rect width="800" height="520" fill="url(#sky)" />
      <circle cx="600" cy="150" r="58" fill="#eab45a" />
      <path d="M0 300h800v40H0z" fill="#6f97a3" />
      <path d="M0 318c120-8 240-8 360 0s260 8 440 0v12H0z" fill="#8fb3bc" />
      <g stroke="#f7f4ee" strokeWidth="3" strokeLinecap="round">
        <path d="M120 300V200m0 0-24-38m24 38 40 10m-40-10-16 40" />
        <path d="M210 300V218m0 0-18-30m18 30 32 8m-32-8-12 32" />
      </g>
      <path d="M0 352c160-40 300-46 430-30 140 17 250 12 370-14v212H0z" fill="#8aa865" />
      <path d="M0 410c180-36 360-34 520-14 110 14 200 8 280-8v132H0z" fill="#5f8049" />
      <path d="M440 342V290l58-44 58 44v52z" fill="#b5532f" />
      <path d="M426 294 498 238l72 56-10 8-62-48-62 48z" fill="#6b3322" />
      <path d="M484 342v-34h28v34z" fill="#f6efe2" />
      <path d="M0 470c200-24 420-26 800 0v50H0z" fill="#3f5f3a" />
      <g fill="#f7f4ee">
        <ellipse cx="300" cy="392" rx="18" ry="9" />
        <ellipse cx="345" cy="398" rx="15" ry="8" />
      </g>
      <g fill="#5b3a29">
        <path d="M640 420c10-14 30-16 44-10l8-12 6 2-4 14c4 6 4 14 2 20h-6l-2-10h-34l-4 10h-6c-2-6-4-10-4-14z" />
      </g>
    </svg>
  );
}

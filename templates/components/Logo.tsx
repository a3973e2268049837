/** The brand mark: a barn under a low North Sea sun, above a dike line. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="#2f4a3a" />
      <circle cx="27" cy="14" r="4" fill="#e8b04a" />
      <path d="M10 27V19l7-6 7 6v8Z" fill="#b5532f" />
      <path d="M14.5 27v-5h5v5" fill="#f6efe2" />
      <path d="M4 28c6-2 10-2 16 0s10 2 16 0v4a19 19 0 0 1-32 0Z" fill="#7f9c5c" />
    </svg>
  );
}

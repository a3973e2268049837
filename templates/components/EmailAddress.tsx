/**
 * An email address that wraps only after its "@": a line that ended at a hyphen of the domain
 * ("training@deichhof-" above "sales-ranch.de") reads as a different address.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      <span className="email-domain">{email.slice(at + 1)}</span>
    </>
  );
}

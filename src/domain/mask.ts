// Masking of contact details: 2 characters kept at each end (part 2 §2, View Profile).

export function maskMiddle(value: string, keep = 2): string {
  if (value.length <= keep * 2) return '*'.repeat(value.length);
  return `${value.slice(0, keep)}${'*'.repeat(value.length - keep * 2)}${value.slice(-keep)}`;
}

/** The part before @ is masked; the domain stays readable. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? maskMiddle(email) : `${maskMiddle(email.slice(0, at))}${email.slice(at)}`;
}

/** tel: URIs allow only digits and a leading + (RFC 3966 visual separators are dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// What an uploaded image is, by its bytes (never by its name or the Content-Type alone), and
// whether an SVG is safe to serve from the site's own origin: an SVG can carry script. The Studio's
// uploads are checked here before they are stored (images.ts, decision 049).

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

const EXTENSIONS: Record<ImageType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The type the bytes show, or undefined for anything that is not one of the four. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 2048));
  // XML declaration, comments and a doctype may come before the root element.
  const rest = head
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE svg[^>[]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '');
  if (/^\s*<svg[\s>]/.test(rest)) return 'image/svg+xml';
  return undefined;
}

/** Whether a file name's extension fits the type. */
export function extensionFits(name: string, type: ImageType): boolean {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return EXTENSIONS[type].includes(extension);
}

/** The four types the site takes, as a request names them. */
export const IMAGE_TYPES = Object.keys(EXTENSIONS) as readonly ImageType[];

export function isImageType(value: string): value is ImageType {
  return value in EXTENSIONS;
}

/**
 * Why an SVG is refused, or undefined when it holds only drawing: no script, no foreign HTML, no
 * event handler attribute, no javascript: link, no entity declarations (which can expand without
 * end), no embedded documents.
 */
export function svgProblem(text: string): string | undefined {
  if (/<script[\s>/]/i.test(text)) return 'it contains a script';
  if (/<foreignObject[\s>/]/i.test(text)) return 'it contains embedded HTML (foreignObject)';
  if (/<(?:iframe|embed|object)[\s>/]/i.test(text)) return 'it embeds another document';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'it has an event handler (an on… attribute)';
  if (/(?:java|vb)script\s*:/i.test(text) || /data\s*:\s*text\/html/i.test(text))
    return 'it links to a script';
  if (/<!ENTITY/i.test(text)) return 'it declares XML entities';
  return undefined;
}

/** image/svg+xml → SVG, in an image refusal. */
export function typeWords(type: string): string {
  const words: Record<string, string> = {
    'image/png': 'PNG',
    'image/jpeg': 'JPEG',
    'image/webp': 'WebP',
    'image/svg+xml': 'SVG',
  };
  return words[type] ?? type.replace(/^image\//, '').toUpperCase();
}

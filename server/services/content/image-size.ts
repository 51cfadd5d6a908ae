// An image's width and height in pixels, read from its header (PNG IHDR, JPEG SOFn, WebP VP8 /
// VP8L / VP8X, an SVG's width/height or viewBox), so the Studio fills them in from the file and a
// page reserves the image's place before it loads. (The image-size package is not installed here;
// these four headers are all the site takes.)
import type { ImageType } from './image-check';

export interface PixelSize {
  width: number;
  height: number;
}

function png(b: Buffer): PixelSize | undefined {
  if (b.length < 24 || b.toString('ascii', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpeg(b: Buffer): PixelSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) hold the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

function webp(b: Buffer): PixelSize | undefined {
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}

function svg(b: Buffer): PixelSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(b.toString('utf8', 0, Math.min(b.length, 4096)))?.[0] ?? '';
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(?:px)?\\s*["']`).exec(tag)?.[1];
  const width = Number(attr('width'));
  const height = Number(attr('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(tag);
  if (box) return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
  return undefined;
}

/** The image's size, or undefined when its header does not say (a damaged file). */
export function imagePixelSize(bytes: Buffer, type: ImageType): PixelSize | undefined {
  const size =
    type === 'image/png'
      ? png(bytes)
      : type === 'image/jpeg'
        ? jpeg(bytes)
        : type === 'image/webp'
          ? webp(bytes)
          : svg(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

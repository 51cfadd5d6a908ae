// A minimal one-page PDF written by hand (no PDF library): Helvetica text lines, wrapped to the
// page width. Enough for the prospectus and the course details sheet.

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, points. */
  gap?: number;
}

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points

// Helvetica has no rupee sign or Indic glyphs: keep to printable ASCII.
function toAscii(text: string): string {
  return text
    .replace(/₹\s?/g, 'Rs. ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2022/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** Splits a line into pieces that fit the page at this size (Helvetica averages ~0.5 em a char). */
function wrap(text: string, size: number): string[] {
  const perLine = Math.max(10, Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5)));
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      out.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, perLine);
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

export function simplePdf(title: string, lines: PdfLine[]): Buffer {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? 0;
    for (const piece of wrap(toAscii(line.text), size)) {
      y -= size * 1.4;
      if (y < PAGE.margin) break; // one page: what does not fit is left out
      ops.push(
        `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${escapePdf(piece)}) Tj ET`,
      );
    }
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapePdf(toAscii(title))}) /Producer (examflow) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// The prospectus as a small PDF built from the programme config (server/routes/commerce/documents.ts
// sends it).
import { formatInr } from '../../../src/domain/fees';
import type { Programme } from '../../../src/generated/config/programme';
import type { AppContext } from '../../context';
import { simplePdf, type PdfLine } from './pdf';

export function prospectus(ctx: AppContext, programme: Programme): Buffer {
  const { brand, support } = ctx.site.site;
  const lines: PdfLine[] = [
    { text: `${brand.providerName} - Prospectus`, size: 12 },
    { text: programme.name, size: 20, bold: true, gap: 6 },
    { text: programme.login?.tagline ?? programme.shortName, gap: 4 },
  ];
  const details = programme.criteria?.testDetails;
  if (details) {
    lines.push({ text: details.heading, size: 14, bold: true, gap: 12 });
    for (const row of details.rows) lines.push({ text: `${row.mode}: ${row.details}` });
  }
  const eligibility = programme.criteria?.eligibility;
  if (eligibility) {
    lines.push({ text: eligibility.heading, size: 14, bold: true, gap: 12 });
    for (const row of eligibility.rows) lines.push({ text: `${row.mode}: ${row.details}` });
  }
  lines.push({ text: 'Fee', size: 14, bold: true, gap: 12 });
  lines.push({
    text:
      programme.fee.amount > 0
        ? `Rs. ${formatInr(programme.fee.amount)}${programme.fee.papers ? ` for ${programme.fee.papers} papers` : ''}`
        : 'Free',
  });
  if (programme.scholarship) {
    lines.push({ text: 'Scholarship', size: 14, bold: true, gap: 12 });
    lines.push({
      text: `Up to ${programme.scholarship.maxPercent}%, valid for ${programme.scholarship.validityDays} days from the exam date.`,
    });
  }
  lines.push({ text: 'Contact', size: 14, bold: true, gap: 12 });
  lines.push({
    text: `Call ${programme.support.phone || support.phone} or write to ${programme.support.email}.`,
  });
  lines.push({ text: `Terms and conditions: ${programme.termsLink}`, size: 9, gap: 12 });
  return simplePdf(`${programme.name} - Prospectus`, lines);
}

/** A course by its product id, if any. */
export const courseByProductId = (ctx: AppContext, productId: string) =>
  ctx.db.selectFrom('commerce_courses').selectAll().where('product_id', '=', productId).executeTakeFirst();

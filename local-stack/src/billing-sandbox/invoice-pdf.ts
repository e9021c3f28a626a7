import type Stripe from 'stripe';
import { formatDate, formatMoney } from './format';

/**
 * A one-page PDF of an invoice, written by hand: PDF 1.4 with the standard
 * Helvetica fonts (no font embedded), one content stream and a byte-exact
 * cross-reference table, which every reader opens.
 */

/** WinAnsiEncoding's places for the few characters outside Latin-1 that invoices use. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '…': 0x85, '•': 0x95, '–': 0x96, '—': 0x97, '’': 0x92, '−': 0x2d };

/** A PDF string literal: parentheses and backslashes escaped, anything outside ASCII as an octal byte. */
function pdfText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0) ?? 0x3f;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += String.fromCharCode(code);
    else if (code < 0x100 && code >= 0x80) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `(${out})`;
}

/**
 * What the customer's balance changed the total by: a credit used (negative),
 * or a negative total moved to the balance as credit (positive).
 */
export const appliedBalance = (invoice: Stripe.Invoice): number => invoice.amount_due - invoice.total;

interface TextRun {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

const LEFT = 56;
const AMOUNT_X = 460;
/** Long descriptions are cut to fit before the amount column. */
const MAX_DESCRIPTION = 62;

function invoiceRuns(invoice: Stripe.Invoice): TextRun[] {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const runs: TextRun[] = [
    { x: LEFT, y: 780, size: 22, bold: true, text: 'Invoice' },
    { x: AMOUNT_X, y: 784, size: 12, bold: true, text: invoice.account_name ?? 'FrameForge' },
    { x: LEFT, y: 750, size: 10, text: `Invoice number  ${invoice.number ?? invoice.id}` },
    { x: LEFT, y: 735, size: 10, text: `Date of issue  ${formatDate(invoice.created)}` },
    { x: LEFT, y: 720, size: 10, text: invoice.status === 'paid' && invoice.status_transitions.paid_at ? `Paid on  ${formatDate(invoice.status_transitions.paid_at)}` : 'Payment due' },
    { x: LEFT, y: 690, size: 10, bold: true, text: 'Bill to' },
    { x: LEFT, y: 675, size: 10, text: invoice.customer_name ?? '' },
    { x: LEFT, y: 660, size: 10, text: invoice.customer_email ?? '' },
    { x: LEFT, y: 620, size: 14, bold: true, text: `${money(invoice.amount_due)} ${invoice.status === 'paid' ? 'paid' : 'due'} on ${formatDate(invoice.created)}` },
    { x: LEFT, y: 585, size: 9, bold: true, text: 'Description' },
    { x: AMOUNT_X, y: 585, size: 9, bold: true, text: 'Amount' },
  ];
  let y = 565;
  for (const line of invoice.lines.data) {
    const description = line.description ?? '';
    runs.push({ x: LEFT, y, size: 10, text: description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description });
    runs.push({ x: LEFT, y: y - 12, size: 8, text: `${formatDate(line.period.start)} – ${formatDate(line.period.end)}` });
    runs.push({ x: AMOUNT_X, y, size: 10, text: money(line.amount) });
    y -= 32;
  }
  const totals: [string, number][] = [['Subtotal', invoice.subtotal], ['Total', invoice.total]];
  const applied = appliedBalance(invoice);
  if (applied !== 0) totals.push(['Applied balance', applied]);
  totals.push(['Amount due', invoice.amount_due], ['Amount paid', invoice.amount_paid]);
  for (const [label, amount] of totals) {
    runs.push({ x: 300, y, size: 10, bold: label === 'Amount due', text: label }, { x: AMOUNT_X, y, size: 10, bold: label === 'Amount due', text: money(amount) });
    y -= 16;
  }
  runs.push({ x: LEFT, y: 60, size: 8, text: 'Test mode: issued by the local billing sandbox. No money has moved.' });
  return runs;
}

/** The whole file; offsets in the cross-reference table count bytes, so everything is ASCII. */
export function invoicePdf(invoice: Stripe.Invoice): Buffer {
  const content = invoiceRuns(invoice)
    .map((run) => `BT /${run.bold ? 'F2' : 'F1'} ${run.size} Tf ${run.x} ${run.y} Td ${pdfText(run.text)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfText(`Invoice ${invoice.number ?? invoice.id}`)} /Producer (FrameForge billing sandbox) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  // Each entry is exactly 20 bytes: ten digits, space, five digits, space, flag, space, newline.
  const entries = ['0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  body += `xref\n0 ${objects.length + 1}\n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

import {
  type Block,
  type Cell,
  cellText,
  type ResponseDocument,
} from '@parity/domain/survey-response-document';
import PDFDocument from 'pdfkit';

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const LINE = '#ced4da';
const HEADER_FILL = '#f1f3f5';

type Doc = PDFKit.PDFDocument;

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page unless `height` still fits under the cursor. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function subtitle(doc: Doc, title: string) {
  ensureSpace(doc, 40);
  doc.moveDown(0.4).font(BOLD).fontSize(11).fillColor('#212529').text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
}

/** A table with a repeated header row on each page; column widths share the page's width. */
function table(doc: Doc, columns: string[], rows: Cell[][], totals?: Cell[]) {
  const width = contentWidth(doc);
  const fontSize = columns.length > 12 ? 6 : columns.length > 8 ? 7 : 8.5;
  const first = Math.min(width * 0.24, Math.max(90, width / columns.length));
  const rest = columns.length > 1 ? (width - first) / (columns.length - 1) : 0;
  const widths = columns.map((_, i) => (i === 0 ? (columns.length > 1 ? first : width) : rest));
  const pad = 3;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * pad }))) + 2 * pad
    );
  };
  /** numeric: which cells hold numbers (right-aligned, as in the .xlsx) */
  const drawRow = (cells: string[], font: string, fill?: string, numeric: boolean[] = []) => {
    const height = rowHeight(cells, font);
    let x = MARGIN;
    const y = doc.y;
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      if (fill) doc.rect(x, y, w, height).fill(fill);
      doc.rect(x, y, w, height).lineWidth(0.5).strokeColor(LINE).stroke();
      doc
        .fillColor('#212529')
        .font(font)
        .fontSize(fontSize)
        .text(cell, x + pad, y + pad, {
          width: w - 2 * pad,
          align: i > 0 && numeric[i] ? 'right' : 'left',
        });
      x += w;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };

  const header = columns.map(String);
  ensureSpace(doc, rowHeight(header, BOLD) * 2);
  drawRow(header, BOLD, HEADER_FILL);
  const body = [
    ...rows.map((r) => ({
      cells: r.map(cellText),
      font: FONT,
      numeric: r.map((c) => typeof c === 'number'),
    })),
    ...(totals
      ? [{ cells: totals.map(cellText), font: BOLD, numeric: totals.map((c) => typeof c === 'number') }]
      : []),
  ];
  for (const row of body) {
    if (doc.y + rowHeight(row.cells, row.font) > bottom(doc)) {
      doc.addPage();
      drawRow(header, BOLD, HEADER_FILL);
    }
    drawRow(row.cells, row.font, undefined, row.numeric);
  }
  doc.moveDown(0.8);
}

function fields(doc: Doc, rows: [string, Cell][]) {
  const width = contentWidth(doc);
  const labelWidth = Math.min(220, width * 0.35);
  for (const [label, value] of rows) {
    doc.font(FONT).fontSize(9);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth - 8 }),
      doc.heightOfString(cellText(value), { width: width - labelWidth }),
    );
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor('#495057')
      .text(label, MARGIN, y, { width: labelWidth - 8 });
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor('#212529')
      .text(cellText(value), MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  }
  doc.moveDown(0.6);
}

function block(doc: Doc, item: Block) {
  if (item.kind === 'note') {
    ensureSpace(doc, 20);
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#495057').text(item.text, MARGIN, doc.y);
    doc.moveDown(0.8);
    return;
  }
  if (item.title) subtitle(doc, item.title);
  if (item.kind === 'fields') fields(doc, item.rows);
  else table(doc, item.columns, item.rows, item.totals);
}

/**
 * The response as a paginated, printable PDF (A4 landscape, so wide grids fit): the title and
 * heading, each step under its heading, tables with repeated header rows, and page numbers.
 * Not compressed, so its text can be searched and checked.
 */
export function renderPdf(document: ResponseDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    compress: false,
    bufferPages: true,
    info: { Title: document.title, Creator: 'Parity', Producer: 'Parity' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(BOLD).fontSize(18).fillColor('#212529').text(document.title, MARGIN, MARGIN);
  doc.moveDown(0.5);
  fields(doc, document.heading);

  for (const section of document.sections) {
    ensureSpace(doc, 80);
    doc.moveDown(0.4);
    const y = doc.y;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .lineWidth(1)
      .strokeColor('#1c7ed6')
      .stroke();
    doc.y = y + 6;
    doc.font(BOLD).fontSize(14).fillColor('#1c7ed6').text(section.title, MARGIN, doc.y);
    doc.moveDown(0.4);
    for (const item of section.blocks) block(doc, item);
  }

  const range = doc.bufferedPageRange();
  const footer = `${document.heading.find(([label]) => label === 'Organization')?.[1] ?? ''} · ${document.title}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing into the bottom margin must not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor('#868e96')
      .text(`${footer} — page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 12, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { zip } from '../../test/zip';
import { DOCUMENT_TEXT_MAX_CHARS, extractDocumentText } from './index';

const WORD_XML = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docx = (body: string) =>
  zip({
    'word/document.xml': `<?xml version="1.0"?><w:document ${WORD_XML}><w:body>${body}</w:body></w:document>`,
  });

function pdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(lines[0]!);
  for (const line of lines.slice(1)) doc.addPage().text(line);
  doc.end();
  return done;
}

describe('extractDocumentText', () => {
  it('reads the words of a DOCX: runs joined, paragraphs apart, entities decoded', async () => {
    const bytes = docx(
      '<w:p><w:r><w:t>Diver</w:t></w:r><w:r><w:t xml:space="preserve">sity &amp; inclusion</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t>Caf&#233; policy</w:t></w:r></w:p>',
    );
    expect(await extractDocumentText(bytes, 'docx')).toBe('Diversity & inclusion Café policy');
  });

  it('reads the strings of an XLSX, shared and inline', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Deals').addRows([
      ['Name', 'Stage'],
      ['Quokka Holdings', 42],
    ]);
    const text = await extractDocumentText(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    expect(text?.split(' ').sort()).toEqual(['Holdings', 'Name', 'Quokka', 'Stage']);
  });

  it('reads the text of every page of a PDF', async () => {
    const text = await extractDocumentText(await pdf(['Minutes of the board.', 'Marmalade budget.']), 'pdf');
    expect(text).toBe('Minutes of the board. Marmalade budget.');
  });

  it('gives null for what it cannot read cheaply and safely, never an error', async () => {
    // A ZIP bomb: 5 MB of one letter compress far more than the guard's 100:1.
    expect(await extractDocumentText(docx(`<w:t>${'a'.repeat(5_000_000)}</w:t>`), 'docx')).toBeNull();
    expect(await extractDocumentText(Buffer.from('PK\u0003\u0004 not a zip'), 'xlsx')).toBeNull();
    expect(
      await extractDocumentText(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'), 'pdf'),
    ).toBeNull();
    expect(await extractDocumentText(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png')).toBeNull();
    expect(await extractDocumentText(docx(''), 'docx')).toBeNull();
  });

  it('gives up on a PDF that takes longer than its time limit', async () => {
    const pages = Array.from({ length: 200 }, (_, i) => `Page ${i + 1} of a long report.`);
    expect(await extractDocumentText(await pdf(pages), 'pdf', { timeoutMs: 1 })).toBeNull();
  });

  it('keeps no control characters (NUL, the highlight marks) and caps the text', async () => {
    const text = await extractDocumentText(Buffer.from('a\u0000b\u0002c\u0003d\n\n e'), 'txt');
    expect(text).toBe('a b c d e');
    const long = await extractDocumentText(Buffer.from('word '.repeat(50_000)), 'csv');
    expect(long).toHaveLength(DOCUMENT_TEXT_MAX_CHARS);
  });
});

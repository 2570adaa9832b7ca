/** Downloads of a chart: its table's rows as CSV, its SVG drawn onto a canvas as PNG. */
import { neutraliseCell } from '@parity/domain/spreadsheet-cell';

import { saveBlob } from '../../lib/download';

export type Cell = string | number | null;

/** A quoted field when needed; a text that would start a formula is neutralised (numbers stay numbers). */
function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = String(neutraliseCell(value));
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: a header line then one line per row, CRLF line ends; null is an empty cell. */
export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export function downloadCsv(
  fileName: string,
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
) {
  saveBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
}

/** Serialises the SVG (its own size, white background, 2x) onto a canvas and downloads it as PNG. */
export async function downloadSvgAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const width = svg.viewBox.baseVal?.width || svg.clientWidth || 640;
  const height = svg.viewBox.baseVal?.height || svg.clientHeight || 320;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const source = new XMLSerializer().serializeToString(clone);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn.'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The chart could not be drawn.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('The chart could not be drawn.');
    saveBlob(png, `${fileName}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}

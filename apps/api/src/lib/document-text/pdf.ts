/**
 * The text of a PDF, page by page, with pdfjs-dist's Node build (loaded on the first PDF: it is
 * large). Stops at the page or character cap; the caller bounds the time.
 */
export async function pdfText(
  bytes: Buffer,
  limits: { maxChars: number; maxPages: number; signal: AbortSignal },
): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const abort = () => void task.destroy();
  limits.signal.addEventListener('abort', abort, { once: true });
  try {
    const document = await task.promise;
    let text = '';
    const pages = Math.min(document.numPages, limits.maxPages);
    for (let number = 1; number <= pages && text.length < limits.maxChars; number++) {
      limits.signal.throwIfAborted();
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.hasEOL ? `${item.str}\n` : `${item.str} `;
      }
      page.cleanup();
    }
    return text;
  } finally {
    limits.signal.removeEventListener('abort', abort);
    await task.destroy();
  }
}

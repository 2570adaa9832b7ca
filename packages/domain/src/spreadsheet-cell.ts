/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet reads a cell that starts with =, +, -,
 * @, a tab or a carriage return as a formula. Every export (.xlsx and CSV) passes its values
 * through `neutraliseCell`. Our .xlsx writers already write strings as string cells, which are not
 * formulas when opened, but the same prefix goes there too: people re-save a workbook as CSV.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that would start a formula gets a leading single quote (shown as text, not run); numbers,
 * dates, booleans and null pass unchanged, so a negative number stays a number. A text such as
 * '-5' is text and gets the prefix too.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

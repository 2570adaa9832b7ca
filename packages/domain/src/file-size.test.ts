import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('uses base 1000 and two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 kB');
    expect(formatFileSize(1234)).toBe('1.23 kB');
    expect(formatFileSize(999_999)).toBe('1000.00 kB');
    expect(formatFileSize(1_000_000)).toBe('1.00 MB');
    expect(formatFileSize(5_242_880)).toBe('5.24 MB');
  });
});

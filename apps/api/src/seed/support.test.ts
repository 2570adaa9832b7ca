import { SCALES } from '@parity/domain/analytics-display';
import { REQUIRED_OWNERSHIP_TOTAL } from '@parity/domain/constants';
import { OWNERSHIP_TOTAL_TEXT } from '@parity/domain/lpi/checks';
import { describe, expect, it } from 'vitest';
import { ARTICLES, FAQ } from './support';

// Issue 37, "one voice": the help said the owners' percentages add up to "at most 100 %" while
// the Ownership tab requires exactly 100.00%. The help quotes the domain's figures instead.

describe('the help centre quotes the rules it explains', () => {
  it("states the owners' required total as the Ownership tab checks it", () => {
    const ownership = ARTICLES.find((a) => a.slug === 'ownership-and-board')!;
    expect(OWNERSHIP_TOTAL_TEXT).toBe(`${REQUIRED_OWNERSHIP_TOTAL.toFixed(2)}%`);
    expect(ownership.body).toContain(`must total exactly ${OWNERSHIP_TOTAL_TEXT}`);
    expect(ownership.body).not.toMatch(/at most 100/);
  });

  it("names the LPI's scale as the pages show it", () => {
    const lpi = FAQ.find(([, question]) => question.includes('LPI′'))!;
    expect(lpi[2]).toContain(`The LPI (${SCALES.index})`);
  });
});

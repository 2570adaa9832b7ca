import { describe, expect, it } from 'vitest';
import { SUBMIT_STEP_ID, SURVEY_STEPS } from '../surveys';
import { LPI_PAGE_TITLES, LPI_PAGES, LPI_TAB_NAMES } from './pages';
import { TAB_TITLES } from './tabs';

describe('the LPI tab names (spec 2 "LPI tabs"), written once', () => {
  it('are the spec’s names', () => {
    expect(LPI_TAB_NAMES).toEqual({
      1: 'Overview',
      2: 'Total Full-Time Employees',
      3: 'Ownership and Senior Leadership',
      4: 'Historical Insights (Past 3 Years)',
      5: 'Investment Staff',
      6: 'Board Members',
      7: 'Policies',
      8: 'Practices',
      10: 'Miscellaneous',
      11: 'Investment Committee',
    });
  });

  it('name the profile’s pages, its save units and the survey’s steps alike', () => {
    expect(LPI_PAGES.map((page) => LPI_PAGE_TITLES[page])).toEqual([
      'Overview',
      'Total Full-Time Employees',
      'Ownership and Senior Leadership',
      'Historical Insights (Past 3 Years)',
      'Investment Staff',
      'Investment Committee',
      'Board Members',
      'Policies',
      'Practices',
    ]);
    expect(TAB_TITLES.ownership).toBe('Ownership and Senior Leadership');
    expect(TAB_TITLES.us_committee).toBe('Investment Committee (US-based)');
    // Every survey step but Submit is an LPI tab, under the tab's name; the pages come in the
    // steps' order (the Practices page holds the Miscellaneous step too).
    const lpiSteps = SURVEY_STEPS.filter((step) => step.id !== SUBMIT_STEP_ID);
    for (const step of lpiSteps)
      expect(step.title).toBe(LPI_TAB_NAMES[step.id as keyof typeof LPI_TAB_NAMES]);
    expect(lpiSteps.map((step) => step.title).filter((title) => title !== 'Miscellaneous')).toEqual(
      LPI_PAGES.map((page) => LPI_PAGE_TITLES[page]),
    );
  });
});

/** docs/scoring.md states the current version, the changelog and the figures the library computes. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCORING_CHANGELOG, SCORING_VERSION } from './constants';
import { scoreProfile } from './profile';

const doc = readFileSync(fileURLToPath(new URL('../../../../docs/scoring.md', import.meta.url)), 'utf8');

// Example Co, as the tables of the document give it (the same data as profile.test.ts).
const s = scoreProfile({
  staff: [
    {
      ethnicity_id: 7,
      genders: [
        { id: 1, value: 5 },
        { id: 2, value: 7 },
      ],
    },
    {
      ethnicity_id: 2,
      genders: [
        { id: 1, value: 2 },
        { id: 2, value: 1 },
      ],
    },
    {
      ethnicity_id: 3,
      genders: [
        { id: 1, value: 1 },
        { id: 2, value: 2 },
      ],
    },
    {
      ethnicity_id: 9,
      genders: [
        { id: 1, value: 1 },
        { id: 2, value: 1 },
      ],
    },
  ],
  individuals: [
    { gender_id: 2, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 60 },
    { gender_id: 1, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 30 },
    { gender_id: 2, ethnicity_id: 2, is_senior_management: true, is_owner: false, ownership: null },
    { gender_id: 2, ethnicity_id: 9, is_senior_management: true, is_owner: false, ownership: null },
    { gender_id: 1, ethnicity_id: 3, is_senior_management: false, is_owner: true, ownership: 10 },
  ],
  totals: { total_full_time_employees: 20, total_leaders: 4, total_owners: 3 },
});

const bold = (text: string) => expect(doc).toContain(`**${text}**`);
const fixed = (n: number | null, d: number) => (n as number).toFixed(d);
const evenness = (e: { value: number | null }) => ((e.value as number) * 100).toFixed(1);

describe('docs/scoring.md', () => {
  it('names the current version and every changelog entry', () => {
    expect(doc).toContain(`currently **${SCORING_VERSION}**`);
    for (const entry of SCORING_CHANGELOG) {
      expect(doc).toContain(`| ${entry.version} | ${entry.date} | ${entry.changes} |`);
    }
  });
  it('shows the figures the library computes for the worked example', () => {
    bold(fixed(s.staff_score, 2));
    bold(fixed(s.leadership_score, 2));
    bold(String(s.ownership_score));
    for (const v of [
      s.lpi,
      s.lpi_prime,
      s.lpi_prime_gender,
      s.lpi_prime_racial,
      s.lpi_ownership,
      s.lpi_ownership_gender,
      s.lpi_ownership_racial,
    ]) {
      bold(fixed(v, 2));
    }
    bold(`${s.transparency.transparency}%`);
    for (const set of [s.evenness.prime, s.evenness.ownership]) {
      for (const e of [set.gender, set.racial, set.combined]) bold(evenness(e));
    }
    bold(s.badges.label as string);
  });
});

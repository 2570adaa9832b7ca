/**
 * scoreProfile: every score of one organization's LPI profile (its own or a survey's copy), from
 * plain data shaped like the LPI tabs store it. Pure: no I/O; the API passes the rows it read
 * and, optionally, the reference data (genders, categories, ethnicities).
 */
import { computeTransparency, type TTransparencyScores } from '../lpi/transparency';
import { ownershipBadges, type TOwnershipBadges } from './badges';
import { DEFAULT_REFERENCE, SCORING_VERSION, type TScoringReference } from './constants';
import { evennessSet, type TEvennessSet } from './evenness';
import {
  classifier,
  gridGroup,
  leadershipGroup,
  ownershipGroup,
  type TGridRowData,
  type TGroupEntry,
  type TIndividualData,
} from './group';
import { indices, ownershipScore, representation, type TComponentScore, type TIndices } from './scores';

export interface TScoringProfile {
  /** the total full-time employee grid */
  staff: readonly TGridRowData[];
  /** the Ownership and Senior Leadership tab's rows */
  individuals: readonly TIndividualData[];
  /** the overview's declared totals (what the profile requests, for transparency) */
  totals?: {
    total_full_time_employees?: number | null;
    total_leaders?: number | null;
    total_owners?: number | null;
  };
}

export interface TProfileScores extends TIndices {
  scoring_version: string;
  /** 0-100, null when the group has nothing disclosed */
  staff_score: number | null;
  leadership_score: number | null;
  ownership_score: number | null;
  components: { staff: TComponentScore; leadership: TComponentScore; ownership: TComponentScore };
  transparency: TTransparencyScores;
  evenness: {
    /** head counts: staff grid plus senior leadership */
    prime: TEvennessSet;
    /** ownership-weighted */
    ownership: TEvennessSet;
  };
  badges: TOwnershipBadges;
}

const count = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;

const fieldsReported = (group: readonly TGroupEntry[]) =>
  group.reduce((sum, e) => sum + (e.genderCategory === null ? 0 : 1) + (e.ethnicity === null ? 0 : 1), 0);

export function scoreProfile(
  profile: TScoringProfile,
  reference: TScoringReference = DEFAULT_REFERENCE,
): TProfileScores {
  const c = classifier(reference);
  const staffGroup = gridGroup(profile.staff, c);
  const leaders = leadershipGroup(profile.individuals, c);
  const owners = ownershipGroup(profile.individuals, c);

  const staff = representation(staffGroup);
  const leadership = representation(leaders);
  const ownership = ownershipScore(owners);

  const transparency = computeTransparency({
    staff: {
      gridTotal: staffGroup.reduce((sum, e) => sum + e.people, 0),
      disclosed: staffGroup.reduce(
        (sum, e) => sum + (e.genderCategory !== null && e.ethnicity !== null ? e.people : 0),
        0,
      ),
      expected: count(profile.totals?.total_full_time_employees),
    },
    leadership: {
      people: leaders.length,
      fieldsReported: fieldsReported(leaders),
      expected: count(profile.totals?.total_leaders),
    },
    ownership: {
      people: owners.length,
      fieldsReported: fieldsReported(owners),
      expected: count(profile.totals?.total_owners),
    },
  });

  return {
    scoring_version: SCORING_VERSION,
    staff_score: staff.score,
    leadership_score: leadership.score,
    ownership_score: ownership.score,
    ...indices({ staff, leadership, ownership }),
    components: { staff, leadership, ownership },
    transparency,
    evenness: {
      prime: evennessSet([...staffGroup, ...leaders], c),
      ownership: evennessSet(owners, c),
    },
    badges: ownershipBadges(ownership.w, ownership.r),
  };
}

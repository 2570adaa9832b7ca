import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/rules';
import {
  boardMemberSchema,
  boardMemberUpdateSchema,
  boardSaveSchema,
  DEFAULT_BOARD_OPTION_FLAGS,
} from './board';

const TODAY = '2026-06-15';
const member = {
  name: 'Grace Hopper',
  board_type_id: 1,
  board_position_id: 1,
  date_of_joining: '2019-03-01',
  gender_id: 1,
  ethnicity_id: 2,
  military_member_id: 1,
  disabled_id: 2,
  lgbtq_id: 2,
  immigration_id: 2,
};

function issues(input: unknown, s = boardMemberSchema(DEFAULT_BOARD_OPTION_FLAGS, TODAY)) {
  const result = s.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('board member', () => {
  it('accepts a member and needs a name', () => {
    expect(issues(member)).toEqual({});
    expect(issues({ ...member, name: ' ' })).toEqual({ name: MESSAGES.required });
    expect(issues({})).toEqual({ name: MESSAGES.required });
  });

  it('keeps the joining date on or before today', () => {
    expect(issues({ ...member, date_of_joining: '2026-06-16' })).toEqual({
      date_of_joining: MESSAGES.before_or_equal(TODAY),
    });
    expect(issues({ ...member, date_of_joining: 'soon' })).toEqual({ date_of_joining: MESSAGES.date });
  });

  it('drops the questions switched off by option flags', () => {
    const flags = { ...DEFAULT_BOARD_OPTION_FLAGS, military_member_id: false, lgbtq_id: false };
    const parsed = boardMemberSchema(flags, TODAY).parse(member);
    expect(parsed).toMatchObject({
      military_member_id: null,
      lgbtq_id: null,
      disabled_id: 2,
      immigration_id: 2,
    });
    expect(boardMemberSchema(DEFAULT_BOARD_OPTION_FLAGS, TODAY).parse(member).military_member_id).toBe(1);
  });

  it('refuses option ids that are not positive integers', () => {
    expect(issues({ ...member, gender_id: 'x' })).toEqual({ gender_id: MESSAGES.option });
    expect(issues({ ...member, board_type_id: -1 })).toEqual({ board_type_id: MESSAGES.option });
  });

  it('update rows need an id; save lists default to empty', () => {
    expect(boardMemberUpdateSchema(DEFAULT_BOARD_OPTION_FLAGS, TODAY).safeParse(member).success).toBe(false);
    expect(boardSaveSchema().parse({ updated_at: null })).toEqual({
      updated_at: null,
      create: [],
      update: [],
      delete: [],
    });
  });
});

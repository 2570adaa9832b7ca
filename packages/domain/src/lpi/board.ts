/**
 * The Board Members tab (spec 3 "Board member", spec 5 "Board form"): one schema for the dialog
 * form and the save call. The organization's option flags can switch off the military, disability,
 * LGBTQ+ and immigration questions; a switched-off question is not asked and not stored.
 */
import { z } from 'zod';
import { beforeOrEqual, MESSAGES, maxChar } from '../validation/rules';
import { ZSaveBase, ZTabState } from './tabs';

export const BOARD_FLAG_FIELDS = ['military_member_id', 'disabled_id', 'lgbtq_id', 'immigration_id'] as const;
export type TBoardFlagField = (typeof BOARD_FLAG_FIELDS)[number];
export type TBoardOptionFlags = Record<TBoardFlagField, boolean>;
export const DEFAULT_BOARD_OPTION_FLAGS: Readonly<TBoardOptionFlags> = Object.freeze({
  military_member_id: true,
  disabled_id: true,
  lgbtq_id: true,
  immigration_id: true,
});
export const ZBoardOptionFlags = z.object({
  military_member_id: z.boolean(),
  disabled_id: z.boolean(),
  lgbtq_id: z.boolean(),
  immigration_id: z.boolean(),
});

export const BOARD_LABELS = {
  name: 'Full Name or Unique Identifier',
  board_type_id: 'Board Type',
  board_position_id: 'Board Position',
  date_of_joining: 'Date of Joining',
  gender_id: 'Gender',
  ethnicity_id: 'Race/Ethnicity',
  military_member_id: 'Veteran',
  disabled_id: 'Person with a Disability',
  lgbtq_id: 'LGBTQ+',
  immigration_id: 'First Generation Immigrant',
} as const;

const optionId = z
  .number({ error: MESSAGES.option })
  .int(MESSAGES.option)
  .positive(MESSAGES.option)
  .nullish()
  .transform((v) => v ?? null);
const dateString = z
  .string({ error: MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.date)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), MESSAGES.date)
  .nullish()
  .transform((v) => v ?? null);

const memberShape = {
  name: z
    .string({ error: MESSAGES.required })
    .nullish()
    .transform((v) => (v ?? '').trim()),
  board_type_id: optionId,
  board_position_id: optionId,
  date_of_joining: dateString,
  gender_id: optionId,
  ethnicity_id: optionId,
  military_member_id: optionId,
  disabled_id: optionId,
  lgbtq_id: optionId,
  immigration_id: optionId,
};
type MemberValues = { [K in keyof typeof memberShape]: z.output<(typeof memberShape)[K]> };

function checkMember(row: MemberValues, ctx: z.RefinementCtx, today: string) {
  if (!row.name)
    ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.required, input: row.name });
  else {
    const message = maxChar(255)(row.name);
    if (message) ctx.addIssue({ code: 'custom', path: ['name'], message, input: row.name });
  }
  if (row.date_of_joining) {
    const message = beforeOrEqual(today)(row.date_of_joining);
    if (message)
      ctx.addIssue({ code: 'custom', path: ['date_of_joining'], message, input: row.date_of_joining });
  }
}

function dropDisabled<T extends MemberValues>(row: T, flags: TBoardOptionFlags): T {
  const out = { ...row };
  for (const field of BOARD_FLAG_FIELDS) if (!flags[field]) out[field] = null;
  return out;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** A board member for a set of option flags (all on by default); switched-off fields become null. */
export function boardMemberSchema(flags: TBoardOptionFlags = DEFAULT_BOARD_OPTION_FLAGS, today?: string) {
  return z
    .object(memberShape)
    .superRefine((row, ctx) => checkMember(row, ctx, today ?? todayIso()))
    .transform((row) => dropDisabled(row, flags));
}

export function boardMemberUpdateSchema(
  flags: TBoardOptionFlags = DEFAULT_BOARD_OPTION_FLAGS,
  today?: string,
) {
  return z
    .object({ id: z.number().int().positive().max(2_147_483_647), ...memberShape })
    .superRefine((row, ctx) => checkMember(row, ctx, today ?? todayIso()))
    .transform((row) => dropDisabled(row, flags));
}

export const ZBoardMember = boardMemberSchema();
export type TBoardMemberInput = z.input<typeof ZBoardMember>;
export type TBoardMemberRow = z.output<typeof ZBoardMember>;
export const BOARD_FIELDS = Object.keys(memberShape) as (keyof TBoardMemberRow)[];

/** A stored board member as the API answers it. */
export const ZBoardMemberRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  board_type_id: z.number().int().nullable(),
  board_position_id: z.number().int().nullable(),
  date_of_joining: z.string().nullable(),
  gender_id: z.number().int().nullable(),
  ethnicity_id: z.number().int().nullable(),
  military_member_id: z.number().int().nullable(),
  disabled_id: z.number().int().nullable(),
  lgbtq_id: z.number().int().nullable(),
  immigration_id: z.number().int().nullable(),
  organization_id: z.number().int(),
  survey_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type TBoardMember = z.infer<typeof ZBoardMemberRecord>;

export const ZBoardData = z.object({
  rows: z.array(ZBoardMemberRecord),
  option_flags: ZBoardOptionFlags,
});
export type TBoardData = z.infer<typeof ZBoardData>;
export const ZBoardResponse = z.object({ data: ZBoardData, state: ZTabState });
export type TBoardResponse = z.infer<typeof ZBoardResponse>;

const rowId = z.number().int().positive().max(2_147_483_647);

/** POST /api/boards/save: create, update and delete lists applied in one transaction. */
export function boardSaveSchema(flags: TBoardOptionFlags = DEFAULT_BOARD_OPTION_FLAGS) {
  return ZSaveBase.extend({
    create: z.array(boardMemberSchema(flags)).max(1000).default([]),
    update: z.array(boardMemberUpdateSchema(flags)).max(1000).default([]),
    delete: z.array(rowId).max(1000).default([]),
  });
}
export const ZBoardSave = boardSaveSchema();
export type TBoardSaveInput = z.input<typeof ZBoardSave>;
export type TBoardSave = z.output<typeof ZBoardSave>;

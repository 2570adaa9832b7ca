import { describe, expect, it } from 'vitest';
import { customAnswerError, formValueError, ZFormSave, ZMiscellaneousSave } from './forms';

const select = {
  type: 'select',
  options: [
    { id: 1, name: 'Never' },
    { id: 2, name: 'Annually' },
  ],
};

describe('form values by field type (spec 3 Forms)', () => {
  it.each([
    [select, 2, null],
    [select, 3, 'Value is not an allowed option'],
    [{ type: 'switch' }, true, null],
    [{ type: 'switch' }, 'yes', 'Field Value is invalid'],
    [{ type: 'date' }, '2026-02-28', null],
    [{ type: 'date' }, '2026-02-30', 'Value is not a valid date'],
    [{ type: 'number' }, 12, null],
    [{ type: 'number' }, '12', 'Value must be a number'],
    [{ type: 'url' }, 'https://acme.example', null],
    [{ type: 'url' }, 'not a url', 'Value must be a valid URL'],
    [{ type: 'phone' }, '+1 212 555 0100', null],
    [{ type: 'phone' }, '+1 12', 'Value must be a valid phone number'],
    [{ type: 'percentage' }, 100, null],
    [{ type: 'percentage' }, 101, 'Value must be a percentage from 0 to 100'],
    [{ type: 'address' }, { place_id: 'p1', description: 'London, UK', details: null }, null],
    [{ type: 'address' }, { description: 'London' }, 'Choose an address from the list'],
    [{ type: 'industries' }, { gi_sector_id: 3 }, null],
    [{ type: 'industries' }, { gi_unknown: 3 }, 'Value is not an allowed tree option'],
    [{ type: 'text' }, 'x'.repeat(5001), 'Value must be not more than 5000 characters long'],
    [{ type: 'text' }, null, null],
    [{ type: 'text', required: true }, '', 'Field is empty'],
  ])('%o with %o gives %s', (field, value, message) => {
    expect(formValueError(field, value)).toBe(message);
  });

  it('the save body takes field_id/value pairs and updated_at', () => {
    expect(ZFormSave.safeParse({ updated_at: null, data: [{ field_id: 801, value: true }] }).success).toBe(
      true,
    );
    expect(ZFormSave.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('custom questions', () => {
  const options = { options: ['Red', 'Blue'] };
  it.each([
    [1, null, 'free text', null],
    [13, null, 4.5, null],
    [13, null, 'four', 'Value must be a number'],
    [4, options, 'Red', null],
    [4, options, 'Green', 'Value is not an allowed option'],
    [5, options, ['Red', 'Blue'], null],
    [5, options, ['Red', 'Red'], 'Value is not an allowed option'],
    [14, null, '<p>ok</p>', null],
  ])('type %i answer', (type, config, value, message) => {
    expect(customAnswerError({ question_type_id: type, config }, value)).toBe(message);
  });

  it('a question needs its text, selects need options', () => {
    const body = (q: object) => ZMiscellaneousSave.safeParse({ updated_at: null, data: [], questions: [q] });
    expect(body({ question_type_id: 1, display: 'Why?', value: 'Because' }).success).toBe(true);
    const noText = body({ question_type_id: 1, display: ' ', value: null });
    expect(noText.error?.issues[0]?.message).toBe('Question is required');
    const noOptions = body({ question_type_id: 4, display: 'Pick', config: { options: [] }, value: null });
    expect(noOptions.error?.issues[0]?.message).toBe('Options must include at least 1 option(s)');
    expect(body({ question_type_id: 2, display: 'x', value: null }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelledMax, labelledMin, labelledRequired } from './labelled';
import { checkPhone, phone, toE164 } from './phone';
import * as r from './rules';
import * as zr from './zod';

describe('generic field rules (spec 5)', () => {
  it('required', () => {
    for (const v of [undefined, null, '', '   ', [], {}]) expect(r.required(v)).toBe('Field is empty');
    for (const v of ['a', 0, false, [1], { a: 1 }, new Date()]) expect(r.required(v)).toBeNull();
  });
  it('accepted', () => {
    for (const v of [true, 1, '1', 'yes', 'on', 'true']) expect(r.accepted(v)).toBeNull();
    for (const v of [false, 0, '0', '', undefined, 'no'])
      expect(r.accepted(v)).toBe('Value must be accepted');
  });
  it('date rules', () => {
    expect(r.after('2024-01-01')('2024-01-02')).toBeNull();
    expect(r.after('2024-01-01')('2024-01-01')).toBe('Date must be after 2024-01-01');
    expect(r.afterOrEqual('2024-01-01')('2024-01-01')).toBeNull();
    expect(r.afterOrEqual('2024-01-01')('2023-12-31')).toBe('Date must be after or equal to 2024-01-01');
    expect(r.before('2024-01-01')('2023-12-31')).toBeNull();
    expect(r.before('2024-01-01')('2024-01-01')).toBe('Date must be before 2024-01-01');
    expect(r.beforeOrEqual('2024-01-01')('2024-01-01')).toBeNull();
    expect(r.beforeOrEqual('2024-01-01')('2024-01-02')).toBe('Date must be before or equal to 2024-01-01');
    expect(r.between('2024-01-01', '2024-12-31')('2024-12-31')).toBeNull();
    expect(r.between('2024-01-01', '2024-12-31')('2025-01-01')).toBe(
      'Date must be between 2024-01-01 and 2024-12-31',
    );
    expect(r.notBetween('2024-01-01', '2024-12-31')('2025-01-01')).toBeNull();
    expect(r.notBetween('2024-01-01', '2024-12-31')('2024-06-01')).toBe(
      'Date must not be between 2024-01-01 and 2024-12-31',
    );
    expect(r.after('2024-01-01')('not a date')).toBe('Value is not a valid date');
    expect(r.after('2024-01-01')('')).toBeNull();
  });
  it('alpha, alpha_dash, alpha_num', () => {
    expect(r.alpha('Zoë')).toBeNull();
    expect(r.alpha('ab1')).toBe('Value must contain only letters');
    expect(r.alphaDash('a_b-1')).toBeNull();
    expect(r.alphaDash('a b')).toBe('Value must contain only letters, numbers, dashes and underscores');
    expect(r.alphaNum('ab12')).toBeNull();
    expect(r.alphaNum('ab-12')).toBe('Value must contain only letters and numbers');
  });
  it('min_char, max_char, regex', () => {
    expect(r.minChar(3)('ab')).toBe('Value must be at least 3 characters long');
    expect(r.minChar(3)('abc')).toBeNull();
    expect(r.maxChar(3)('abcd')).toBe('Value must be not more than 3 characters long');
    expect(r.maxChar(3)('abc')).toBeNull();
    expect(r.regex(/^[A-Z]{3}$/)('ABC')).toBeNull();
    expect(r.regex(/^[A-Z]{3}$/g)('ABC')).toBeNull();
    expect(r.regex(/^[A-Z]{3}$/)('abc')).toBe('Value format is invalid');
  });
  it('numbers', () => {
    expect(r.gt(5)(5)).toBe('Value must be greater than 5');
    expect(r.gt(5)(6)).toBeNull();
    expect(r.gte(5)(4)).toBe('Value must be greater than or equal to 5');
    expect(r.gte(5)('5')).toBeNull();
    expect(r.lt(5)(5)).toBe('Value must be less than 5');
    expect(r.lte(5)(6)).toBe('Value must be less than or equal to 5');
    expect(r.lte(5)(5)).toBeNull();
    expect(r.min(2)(1)).toBe('Value must be at least 2');
    expect(r.max(2)(3)).toBe('Value must be not more than 2');
    expect(r.inRange(1, 10)(10)).toBeNull();
    expect(r.inRange(1, 10)(11)).toBe('Value must be between 1 and 10');
    expect(r.notInRange(1, 10)(0)).toBeNull();
    expect(r.notInRange(1, 10)(5)).toBe('Value must not be between 1 and 10');
    expect(r.gt(0)('abc')).toBe('Value must be a number');
    expect(r.gt(0)(true)).toBe('Value must be a number');
  });
  it('arrays and options', () => {
    expect(r.minArray(2)([1])).toBe('Value must include at least 2 options');
    expect(r.minArray(2)([1, 2])).toBeNull();
    expect(r.maxArray(1)([1, 2])).toBe('Value must include not more than 1 options');
    expect(r.maxArray(1)('x')).toBe('Field Value is invalid');
    expect(r.inOptions([1, 2])(2)).toBeNull();
    expect(r.inOptions([1, 2])([1, 3])).toBe('Value is not an allowed option');
    const tree = [{ id: 1, children: [{ id: 11, children: [{ id: 111 }] }] }];
    expect(r.inTreeOptions(tree)(111)).toBeNull();
    expect(r.inTreeOptions(tree)(2)).toBe('Value is not an allowed tree option');
  });
  it('types: money, percentage, email, url, google address', () => {
    expect(r.money(0)).toBeNull();
    expect(r.money(-1)).toBe('Value must be a positive amount');
    expect(r.percentage(100)).toBeNull();
    expect(r.percentage(100.5)).toBe('Value must be a percentage from 0 to 100');
    expect(r.percentage(-1)).toBe('Value must be a percentage from 0 to 100');
    expect(r.email('a@b.co')).toBeNull();
    for (const bad of ['a@b', 'a b@c.de', 'ab.cd', '@b.co'])
      expect(r.email(bad)).toBe('Value must be a valid email address');
    expect(r.url('https://example.com/x')).toBeNull();
    expect(r.url('example.com')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'http://localhost', 'not a url'])
      expect(r.url(bad)).toBe('Value must be a valid URL');
    expect(r.googleAddress({ place_id: 'abc' })).toBeNull();
    expect(r.googleAddress({ description: 'Main St' })).toBe('Choose an address from the list');
  });
  it('validate runs rules in order', () => {
    expect(r.validate('', [r.required, r.minChar(2)])).toBe('Field is empty');
    expect(r.validate('a', [r.required, r.minChar(2)])).toBe('Value must be at least 2 characters long');
    expect(r.validate('ab', [r.required, r.minChar(2)])).toBeNull();
  });
});

describe('phone (spec 5)', () => {
  it('parses against the selected country, or as international with +', () => {
    expect(checkPhone('(212) 555-0123', { country: 'us' })).toMatchObject({
      country: 'US',
      countryCode: '1',
      valid: true,
    });
    expect(checkPhone('+44 20 7946 0958')).toMatchObject({
      country: 'GB',
      valid: true,
      nationalNumber: '2079460958',
    });
    expect(checkPhone('12', { country: 'US' })?.valid).toBe(false);
    expect(checkPhone('garbage')).toBeNull();
  });
  it('allowed and ignored countries', () => {
    expect(checkPhone('+44 20 7946 0958', { allowedCountries: ['US'] })?.valid).toBe(false);
    expect(checkPhone('+44 20 7946 0958', { ignoredCountries: ['GB'] })?.valid).toBe(false);
  });
  it('the rule and E.164', () => {
    expect(phone({ country: 'US' })('2125550123')).toBeNull();
    expect(phone({ country: 'US' })('123')).toBe('Value must be a valid phone number');
    expect(phone()('+1 212 555 0123 0000000000000000')).toBe('Value must be a valid phone number');
    expect(toE164('+1 (212) 555-0123')).toBe('+12125550123');
  });
});

describe('labelled form validator (spec 5)', () => {
  it('required', () => {
    expect(labelledRequired('Name', '')).toBe('Name is required');
    expect(labelledRequired('Age', 0)).toBe('Age is required');
    expect(labelledRequired('Address', {})).toBe('Address is required');
    expect(labelledRequired('Terms', false)).toBe('Terms must be selected');
    expect(labelledRequired('Name', 'x')).toBeNull();
    expect(labelledRequired('Terms', true)).toBeNull();
  });
  it('min and max for strings, numbers and arrays', () => {
    expect(labelledMin('Name', 'ab', 3)).toBe('Name must be at least 3 characters long');
    expect(labelledMin('Age', 17, 18)).toBe('Age must be equal or greater than 18');
    expect(labelledMin('Tags', [1], 2)).toBe('Tags must include at least 2 option(s)');
    expect(labelledMax('Name', 'abcd', 3)).toBe('Name must be maximum 3 characters long');
    expect(labelledMax('Age', 121, 120)).toBe('Age must be not greater than 120');
    expect(labelledMax('Tags', [1, 2, 3], 2)).toBe('Tags must include maximum 2 option(s)');
    expect(labelledMin('Name', 'abc', 3)).toBeNull();
    expect(labelledMax('Tags', [1, 2], 2)).toBeNull();
  });
});

describe('zod helpers', () => {
  const msg = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues[0]?.message;
  it('compose rule checks', () => {
    const s = z.string().check(zr.zMinChar(3), zr.zAlphaDash());
    expect(msg(s, 'ab')).toBe('Value must be at least 3 characters long');
    expect(msg(s, 'a b c')).toBe('Value must contain only letters, numbers, dashes and underscores');
    expect(s.parse('a-b')).toBe('a-b');
  });
  it('required with and without a label', () => {
    expect(msg(zr.zRequired(), '  ')).toBe('Field is empty');
    expect(msg(zr.zRequired(), undefined)).toBe('Field is empty');
    expect(msg(zr.zRequired('Name'), '')).toBe('Name is required');
    expect(msg(zr.zRequired('Name'), undefined)).toBe('Name is required');
    expect(zr.zRequired('Name').parse(' Ada ')).toBe('Ada');
  });
  it('type schemas', () => {
    expect(msg(zr.zEmail(), 'x@y')).toBe('Value must be a valid email address');
    expect(zr.zEmail().parse(' a@b.co ')).toBe('a@b.co');
    expect(msg(zr.zPhone({ country: 'US' }), '123')).toBe('Value must be a valid phone number');
    expect(msg(zr.zUrl(), 'ftp://x.y')).toBe('Value must be a valid URL');
    expect(msg(zr.zMoney(), -5)).toBe('Value must be a positive amount');
    expect(zr.zMoney().parse('12.5')).toBe(12.5);
    expect(msg(zr.zPercentage(), 101)).toBe('Value must be a percentage from 0 to 100');
    expect(msg(zr.zDateString(), '2024-02-30')).toBe('Value is not a valid date');
    expect(zr.zDateString().parse('2024-02-29')).toBe('2024-02-29');
    expect(msg(zr.zGoogleAddress(), { description: 'x' })).toBe('Choose an address from the list');
    expect(msg(z.string().check(zr.zBefore('2024-01-01')), '2024-01-01')).toBe(
      'Date must be before 2024-01-01',
    );
    expect(msg(z.array(z.number()).check(zr.zMinArray(1)), [])).toBe('Value must include at least 1 options');
    expect(msg(z.number().check(zr.zInRange(1, 5)), 6)).toBe('Value must be between 1 and 5');
    expect(msg(z.string().check(zr.zLabelledMax('Bio', 2)), 'abc')).toBe(
      'Bio must be maximum 2 characters long',
    );
  });
});

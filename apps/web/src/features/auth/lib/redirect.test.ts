import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/design', '/design'],
    ['/surveys/taking/3?step=2#top', '/surveys/taking/3?step=2#top'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['design', null],
    ['/\t/evil.example', null],
    ['/login', null],
    ['/login/forgot', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('comes back to the page being left, not to the dashboard or the sign-in pages', () => {
    expect(loginPathFor({ pathname: '/surveys', search: '?filter=active' })).toBe(
      '/login?redirect=%2Fsurveys%3Ffilter%3Dactive',
    );
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login' })).toBe('/login');
    expect(loginPathFor()).toBe('/login');
  });
});

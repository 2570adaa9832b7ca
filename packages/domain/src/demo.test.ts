import { describe, expect, it } from 'vitest';
import { isDemoAccount } from './demo';

describe('the demo data', () => {
  it('tells the demo accounts by their reserved .test addresses, and no real one', () => {
    expect(isDemoAccount('ada@acme.test')).toBe(true);
    expect(isDemoAccount('Admin@Parity.TEST')).toBe(true);
    expect(isDemoAccount('ada@acme.com')).toBe(false);
    expect(isDemoAccount('tester@test.example.org')).toBe(false);
  });
});

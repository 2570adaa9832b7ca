import { describe, expect, it } from 'vitest';
import { loadComponentStyles, withComponentStyles } from './component-styles';

describe('component styles', () => {
  it('are loaded once, whoever asks', () => {
    expect(loadComponentStyles()).toBe(loadComponentStyles());
  });

  it("hand over the page's code once the styles are in too", async () => {
    let stylesIn = false;
    void loadComponentStyles().then(() => {
      stylesIn = true;
    });
    const page = { Component: 'the page' };
    const loaded = await withComponentStyles(async () => page)();
    expect(loaded).toBe(page);
    expect(stylesIn).toBe(true);
  });
});

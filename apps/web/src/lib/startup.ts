import { initCache } from './cache';
import { initDictionaryCache } from './dictionaries';

/**
 * Start-up of spec section 4: initialize the cache and the dictionary cache, then let the app
 * mount even if that failed (the caches then work from memory only). Never rejects.
 */
export async function initialize(): Promise<void> {
  const steps: [string, () => Promise<void>][] = [
    ['cache', initCache],
    ['dictionary cache', initDictionaryCache],
  ];
  const results = await Promise.allSettled(steps.map(([, run]) => Promise.resolve().then(run)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      console.error(`Start-up: the ${steps[index]?.[0]} could not be initialized`, result.reason);
    }
  });
}

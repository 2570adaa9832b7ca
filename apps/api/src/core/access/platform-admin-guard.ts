import { forbidden } from '../http/errors';
import type { Caller } from './caller';

/** The platform administrator's routes (is_sadm, DESIGN 5): anyone else gets 403. */
export function requirePlatformAdmin(caller: Caller): void {
  if (!caller.flags.isAdministrator) throw forbidden();
}

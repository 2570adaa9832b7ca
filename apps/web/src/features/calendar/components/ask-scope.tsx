import type { TEventScope } from '@parity/domain/calendar/events';
import { choose } from '../../../components/dialog/confirm';

const QUESTIONS = {
  move: {
    title: 'Move a recurring event',
    message: 'Move only this occurrence, or every occurrence of the series?',
  },
  edit: { title: 'Edit a recurring event', message: 'Change only this occurrence, or the whole series?' },
  delete: { title: 'Delete a recurring event', message: 'Delete only this occurrence, or the whole series?' },
} as const;

/**
 * Asks which part of a recurring event a change applies to: "This occurrence" or "The whole
 * series"; null when the dialog is closed without an answer (the change is then dropped).
 */
export function askScope(action: keyof typeof QUESTIONS): Promise<TEventScope | null> {
  return choose<TEventScope>({
    ...QUESTIONS[action],
    choices: [
      { label: 'This occurrence', value: 'occurrence', kind: 'secondary' },
      { label: 'The whole series', value: 'series', kind: action === 'delete' ? 'error' : 'primary' },
    ],
  });
}

import { inject } from 'vitest';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

const mailboxURL = inject('mailboxURL');

/** Waits for the newest mail to `to` whose subject matches, as received by the run's SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxURL}/messages?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as ReceivedMail[];
    const found = messages.filter((m) => subject.test(m.subject)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that starts with `prefix` (e.g. the base URL + '/login/reset/'). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return link.replace(/[).,]+$/, '');
}

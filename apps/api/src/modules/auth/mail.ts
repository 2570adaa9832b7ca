import type { MailMessage } from '../../plugins/mailer';

/** Mail of the auth module: plain text, the code or link and its expiry, no other secret. */

export function mfaCodeMail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Parity verification code',
    text: [
      `Your Parity verification code is: ${code}`,
      '',
      `Enter it on the verification page to finish logging in. The code expires in ${ttlMinutes} minutes and works once.`,
      '',
      'If you did not try to log in just now, someone may know your password: change it in your profile settings.',
    ].join('\n'),
  };
}

export function resetLinkMail(to: string, link: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your Parity password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Parity account.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link expires in ${ttlMinutes} minutes and works once.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Parity password was changed',
    text: [
      'The password of your Parity account was just changed, and every other session was logged out.',
      '',
      `If this was not you, reset your password at once: ${publicUrl}/login/forgot`,
    ].join('\n'),
  };
}

export const FAILED_SIGN_INS_SUBJECT = 'Failed sign-in attempts on your Parity account';

export function failedSignInsMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: FAILED_SIGN_INS_SUBJECT,
    text: [
      'Someone just entered a wrong password for your Parity account many times.',
      '',
      'If it was you, wait a few minutes before trying again, or reset your password. If it was not',
      'you, nobody got in: the address that tried was paused, and you can still sign in as usual. To be',
      `safe, choose a strong password you use nowhere else: ${publicUrl}/login/forgot`,
    ].join('\n'),
  };
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { maskAddress } from '../core/http/redact';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** text attachments, e.g. an invitation's .ics (kept in mail_outbox as sent) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  /**
   * Records the message in mail_outbox and delivers it by SMTP when SMTP_URL is set (else it is
   * only logged: with its body for developers, and in production without it, since the body
   * holds codes and links). Delivery failures are recorded and logged, never thrown: a request that sends
   * mail must not fail because the mail server is down.
   * `options.db`: a transaction to record the message in, with the write that marks it sent (the
   * SMTP exchange then happens inside that transaction).
   */
  send(message: MailMessage, options?: { db?: DbOrTx }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

async function mailerPlugin(app: FastifyInstance) {
  const transport: Transporter | undefined = app.config.smtpUrl
    ? nodemailer.createTransport(app.config.smtpUrl)
    : undefined;
  if (transport) app.addHook('onClose', async () => transport.close());
  else if (app.config.production)
    app.log.warn('SMTP_URL is not set: mail is kept in the mail_outbox table only');

  const mailer: Mailer = {
    async send(message, options = {}) {
      const db = options.db ?? app.db;
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, status: transport ? 'failed' : 'logged' })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        if (app.config.production) {
          app.log.info(
            { mail: { id: row!.id, to: maskAddress(message.to), subject: message.subject } },
            'mail queued (outbox only)',
          );
        } else {
          // The embedded default has no mail server: the log is where a developer reads codes and links.
          app.log.info(
            { mail: { to: message.to, subject: message.subject, text: message.text } },
            'mail (outbox only)',
          );
        }
        return;
      }
      try {
        await transport.sendMail({ from: app.config.mailFrom, ...message });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sent_at: new Date() })
          .where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        app.log.error({ err: error, to: message.to }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row!.id));
      }
    },
  };
  app.decorate('mailer', mailer);
}

export default fp(mailerPlugin, { name: 'mailer' });

import type { ServerResponse } from 'node:http';
import { NOTIFICATION_STREAM_EVENTS, type TNotification } from '@parity/domain/notifications';
import { z } from 'zod';
import { findSessionProfile } from '../../core/access/user-profile';
import { SESSION_ENDS_CHANNEL } from '../../core/auth/session-end';
import { ACCOUNT_CHANGES_CHANNEL } from '../../core/outbox/account-change';
import { NOTIFICATIONS_CHANNEL } from '../../core/outbox/notify';
import type { Database, Db } from '../../db/client';
import * as repo from './repo';
import { toNotification, UNREAD_CHANNEL } from './service';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Notifications replayed per read when a stream catches up. */
const CATCH_UP_PAGE = 200;
/** Events held for a client that reads slower than it is written to; past it its stream ends (it reconnects and catches up). */
const MAX_QUEUED_EVENTS = 256;
/** Ids a stream remembers having sent, so a catch-up overlapping the live events sends none twice. */
const REMEMBERED_IDS = 256;
/**
 * How often every open stream's sign-in is checked again: a belt for an end that sent no signal
 * (its absolute lifetime passing). The signal of each end (core/auth/session-end.ts) is what ends
 * a stream at once.
 */
export const SESSION_CHECK_MS = 30_000;

const ZNewNotification = z.object({ id: z.number(), user_id: z.number(), mail: z.boolean().optional() });
const ZUnreadChange = z.object({ user_id: z.number(), unread: z.number() });
const ZUserEvent = z.object({ user_id: z.number() });

interface Log {
  warn(object: object, message: string): void;
}

/** One open event stream of one user's sign-in. */
class Stream {
  /** the highest notification id sent: where a catch-up starts */
  lastId: number;
  private readonly sent = new Set<number>();
  private readonly queue: string[] = [];
  private waitingForDrain = false;
  /** live events held while the stream replays what it missed (null: live) */
  private held: string[] | null = [];
  closed = false;

  constructor(
    readonly userId: number,
    /** the sign-in (refresh-token family) of the access token that opened it */
    readonly sessionId: string,
    private readonly raw: ServerResponse,
    lastId: number,
  ) {
    this.lastId = lastId;
  }

  notification(notification: TNotification, unread: number, live: boolean) {
    if (this.sent.has(notification.id)) return;
    this.sent.add(notification.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value!);
    this.lastId = Math.max(this.lastId, notification.id);
    const data = JSON.stringify({ notification, unread });
    this.send(
      `event: ${NOTIFICATION_STREAM_EVENTS.notification}\nid: ${notification.id}\ndata: ${data}\n\n`,
      live,
    );
  }

  unread(unread: number, live: boolean) {
    this.send(`event: ${NOTIFICATION_STREAM_EVENTS.unread}\ndata: ${JSON.stringify({ unread })}\n\n`, live);
  }

  account(live: boolean) {
    this.send(`event: ${NOTIFICATION_STREAM_EVENTS.account}\ndata: {}\n\n`, live);
  }

  ping() {
    this.write(': ping\n\n');
  }

  /** The replay is over: the live events held meanwhile go out. */
  goLive() {
    const held = this.held ?? [];
    this.held = null;
    for (const chunk of held) this.write(chunk);
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    this.raw.end();
  }

  private send(chunk: string, live: boolean) {
    if (live && this.held) this.held.push(chunk);
    else this.write(chunk);
  }

  /** Writes without letting a slow reader grow the buffer: past a bound its stream ends. */
  private write(chunk: string) {
    if (this.closed) return;
    if (this.waitingForDrain) {
      if (this.queue.length >= MAX_QUEUED_EVENTS) this.end();
      else this.queue.push(chunk);
      return;
    }
    if (!this.raw.write(chunk)) {
      this.waitingForDrain = true;
      this.raw.once('drain', () => this.drain());
    }
  }

  private drain() {
    this.waitingForDrain = false;
    while (this.queue.length > 0 && !this.closed) {
      if (!this.raw.write(this.queue.shift()!)) {
        this.waitingForDrain = true;
        this.raw.once('drain', () => this.drain());
        return;
      }
    }
  }
}

/**
 * The per-process hub of the notification streams: one LISTEN per process (the channels share the
 * database's one listening connection), fanned out to the open streams of the user each event is
 * for. A lost LISTEN connection makes every stream catch up from its last id once it is back, and
 * checks every stream's sign-in again. A stream ends with its sign-in: when a session end is
 * signalled for its user, or a periodic check finds the sign-in gone.
 */
export class NotificationHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private readonly stopListening: (() => Promise<void>)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private sessionCheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      listen: Database['listen'];
      /** a new notification is to be mailed at once */
      onMail: (id: number) => Promise<void>;
      log: Log;
      /** SESSION_CHECK_MS unless given (a test's shorter period) */
      sessionCheckMs?: number;
    },
  ) {}

  async start() {
    const { listen, log } = this.deps;
    this.stopListening.push(
      await listen(
        NOTIFICATIONS_CHANNEL,
        (payload) => {
          this.onNotification(payload).catch((err) => log.warn({ err }, 'could not push a notification'));
        },
        { onReconnect: () => this.catchUpAll() },
      ),
    );
    this.stopListening.push(await listen(UNREAD_CHANNEL, (payload) => this.onUnread(payload)));
    // Session ends sent while the connection was away are lost: every stream is checked again.
    this.stopListening.push(
      await listen(SESSION_ENDS_CHANNEL, (payload) => this.onSessionEnd(payload), {
        onReconnect: () => this.endStreamsOfEndedSessions(this.allStreams()),
      }),
    );
    // Changes announced while the connection was away are lost: every page reads its account again.
    this.stopListening.push(
      await listen(ACCOUNT_CHANGES_CHANNEL, (payload) => this.onAccountChange(payload), {
        onReconnect: () => {
          for (const stream of this.allStreams()) stream.account(false);
        },
      }),
    );
    this.heartbeat = setInterval(() => {
      for (const stream of this.allStreams()) stream.ping();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(
      () => this.endStreamsOfEndedSessions(this.allStreams()),
      this.deps.sessionCheckMs ?? SESSION_CHECK_MS,
    );
    this.sessionCheck.unref();
  }

  /** Ends every stream and stops listening (the app closes). */
  async stop() {
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    for (const stream of this.allStreams()) stream.end();
    this.streams.clear();
    // One at a time: the channels share one connection, which queues concurrent queries.
    for (const stop of this.stopListening.splice(0)) await stop();
  }

  /** How many streams are open in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Serves a user's stream on `raw` (headers written): replays what came after `lastEventId`,
   * sends the unread count, then the live events until the client leaves, its sign-in ends or
   * `endAtMs` (the access token's expiry) passes.
   */
  async open(
    { userId, sessionId }: { userId: number; sessionId: string },
    raw: ServerResponse,
    options: { lastEventId?: number | undefined; endAtMs: number },
  ) {
    // The client may leave while the first read runs: the stream is then never added.
    let left = false;
    const onEarlyClose = () => {
      left = true;
    };
    raw.once('close', onEarlyClose);
    const start = await repo.streamStart(this.deps.db, userId);
    raw.off('close', onEarlyClose);
    if (left) return;
    const stream = new Stream(userId, sessionId, raw, options.lastEventId ?? start.lastId);
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    const expiry = setTimeout(() => stream.end(), Math.max(0, options.endAtMs - Date.now()));
    expiry.unref();
    raw.on('close', () => {
      clearTimeout(expiry);
      stream.closed = true;
      const open = this.streams.get(userId);
      open?.delete(stream);
      if (open?.size === 0) this.streams.delete(userId);
    });
    // A sign-in that ended after the auth hook checked it, before the stream was listed here,
    // sent its signal to no stream: checked once more now that the stream hears signals.
    this.endStreamsOfEndedSessions([stream]);
    try {
      if (options.lastEventId !== undefined) await this.catchUp(stream);
      stream.unread(start.unread, false);
    } finally {
      stream.goLive();
    }
  }

  private async onNotification(payload: string) {
    const event = ZNewNotification.parse(JSON.parse(payload));
    if (event.mail) await this.deps.onMail(event.id);
    const set = this.streams.get(event.user_id);
    if (!set) return;
    const [row, unread] = await Promise.all([
      repo.findOwn(this.deps.db, event.user_id, event.id),
      repo.unreadCount(this.deps.db, event.user_id),
    ]);
    if (!row) return;
    const notification = toNotification(row);
    for (const stream of set) stream.notification(notification, unread, true);
  }

  private onUnread(payload: string) {
    const event = ZUnreadChange.parse(JSON.parse(payload));
    for (const stream of this.streams.get(event.user_id) ?? []) stream.unread(event.unread, true);
  }

  /** A user's account changed (committed): their pages read it again. */
  private onAccountChange(payload: string) {
    const event = ZUserEvent.parse(JSON.parse(payload));
    for (const stream of this.streams.get(event.user_id) ?? []) stream.account(true);
  }

  /** Sign-ins of a user ended (committed): the user's streams whose sign-in is gone end. */
  private onSessionEnd(payload: string) {
    const event = ZUserEvent.parse(JSON.parse(payload));
    const set = this.streams.get(event.user_id);
    if (set) this.endStreamsOfEndedSessions([...set]);
  }

  /**
   * Ends each of these streams whose sign-in is no longer alive, by the auth hook's own check
   * (findSessionProfile: one batched read for all of them). A password change ends every sign-in
   * but answers a new one: a stream of that one goes on.
   */
  private endStreamsOfEndedSessions(streams: Stream[]) {
    for (const stream of streams) {
      findSessionProfile(this.deps.db, stream.sessionId)
        .then((alive) => {
          if (alive?.user.id !== stream.userId) stream.end();
        })
        .catch((err) => this.deps.log.warn({ err }, "could not check a stream's sign-in"));
    }
  }

  private allStreams(): Stream[] {
    return [...this.streams.values()].flatMap((set) => [...set]);
  }

  /** Sends a stream the user's notifications after its last id, oldest first. */
  private async catchUp(stream: Stream) {
    for (;;) {
      const [rows, unread] = await Promise.all([
        repo.listAfter(this.deps.db, stream.userId, stream.lastId, CATCH_UP_PAGE),
        repo.unreadCount(this.deps.db, stream.userId),
      ]);
      for (const row of rows) stream.notification(toNotification(row), unread, false);
      if (rows.length < CATCH_UP_PAGE || stream.closed) return;
    }
  }

  private catchUpAll() {
    for (const set of this.streams.values()) {
      for (const stream of set) {
        this.catchUp(stream)
          .then(() => repo.unreadCount(this.deps.db, stream.userId))
          .then((unread) => stream.unread(unread, false))
          .catch((err) =>
            this.deps.log.warn({ err }, 'a stream could not catch up after the LISTEN reconnected'),
          );
      }
    }
  }
}

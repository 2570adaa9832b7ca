import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../../core/http/errors';
import type { Db, Tx } from '../../../db/client';
import { requireAuth } from '../../../plugins/auth';
import { type ReportingScope, readScope, type ScopeQuery, writeScope } from './scope';
import { readTab, saveTab, type TabAnswer, type TabDefinition } from './tabs';

interface RouteDoc {
  url: string;
  summary: string;
  description?: string;
}

/** A save route of a tab: its body, and the write it makes once the caller's write scope is known. */
export interface TabSave<T, B extends { updated_at: string | null }> extends RouteDoc {
  method: 'PUT' | 'POST';
  tab: TabDefinition<T>;
  body: z.ZodType;
  /** Parses a body the route schema leaves open (a failure answers the tab's own message). */
  parse?: (body: unknown) => B;
  /** The survey the save goes to (default: body.survey_id). */
  surveyId?: (body: B) => number | null | undefined;
  /**
   * Checks the input against the scope (a refusal writes nothing, not even the survey copy) and
   * gives the write that runs inside the engine's save transaction.
   */
  write(db: Db, scope: ReportingScope, body: B, callerId: number): Promise<(tx: Tx) => Promise<void>>;
}

/**
 * The routes of a tab, made the one way: GET `me` (the caller's own organization, its survey copy
 * with survey_id), GET `scoped` (organization_id, survey_id, report), and its saves. Reads answer
 * the engine's `{data, state}` (making the survey copy on a respondent's first read); saves resolve
 * the caller's write scope, run the engine's save and answer the stored version with its state.
 */
export interface TabRoutes<T, Q extends ScopeQuery> {
  tags: string[];
  response: z.ZodType;
  /** The tab a read is about (the grid families pick theirs by us_based). */
  tab: (query: Q) => TabDefinition<T>;
  me?: RouteDoc & {
    querystring: z.ZodType;
    /** A shorter way to the caller's own profile; undefined sends the read the ordinary way. */
    own?: (db: Db, callerId: number, query: Q) => Promise<TabAnswer<T> | undefined>;
  };
  scoped?: RouteDoc & { querystring: z.ZodType };
  // biome-ignore lint/suspicious/noExplicitAny: each save has its own body type
  saves?: TabSave<T, any>[];
}

export function tabRoutes<T, Q extends ScopeQuery>(fastify: FastifyInstance, spec: TabRoutes<T, Q>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const { tags } = spec;
  const read = async (callerId: number, query: Q) =>
    readTab(db, await readScope(db, callerId, query), spec.tab(query));

  for (const route of [spec.me, spec.scoped]) {
    if (!route) continue;
    const { querystring, url, summary, description } = route;
    const own = route === spec.me ? spec.me.own : undefined;
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          description,
          querystring,
          response: { 200: spec.response, ...errorResponses(400, 403, 404) },
        },
      },
      async (request) => {
        const callerId = requireAuth(request).userId;
        const query = request.query as Q;
        return (await own?.(db, callerId, query)) ?? read(callerId, query);
      },
    );
  }
  for (const save of spec.saves ?? []) {
    const { method, url, summary, description, body } = save;
    app.route({
      method,
      url,
      schema: {
        tags,
        summary,
        description,
        body,
        response: { 200: spec.response, ...errorResponses(400, 403, 404, 409) },
      },
      handler: async (request) => {
        const callerId = requireAuth(request).userId;
        const input = save.parse ? save.parse(request.body) : (request.body as { updated_at: string | null });
        const surveyId = save.surveyId
          ? save.surveyId(input)
          : (input as { survey_id?: number | null }).survey_id;
        const scope = await writeScope(db, callerId, { surveyId });
        const write = await save.write(db, scope, input, callerId);
        return saveTab(db, scope, save.tab, input.updated_at, write);
      },
    });
  }
}

/**
 * The operationId of a route, from its method and path: the action the path names (`save`,
 * `submit`, `approve`...) or the method's verb, then the path's words in camel case, the last
 * path parameter as `By<Name>`. `GET /api/user-account` is `getUserAccount`, `PUT /api/staff/save`
 * `saveStaff`, `GET /api/surveys/{surveyId}` `getSurveysBySurveyId`. The same route always gets
 * the same name, so generated clients keep their method names from one release to the next.
 */
const ACTIONS = new Set([
  'accept',
  'approve',
  'decline',
  'deactivate',
  'download',
  'edit',
  'invite',
  'join',
  'occupy',
  'resend',
  'rotate',
  'save',
  'submit',
  'update',
  'verification',
]);

const METHOD_VERBS: Record<string, string> = {
  GET: 'get',
  HEAD: 'head',
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

function words(segment: string): string[] {
  return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A path parameter's name, in Fastify's (`:id`) or OpenAPI's (`{id}`) spelling; null for a word. */
function parameterOf(segment: string): string | null {
  if (segment.startsWith(':')) return segment.slice(1);
  if (segment.startsWith('{') && segment.endsWith('}')) return segment.slice(1, -1);
  return null;
}

export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const lastParameter = parameterOf(segments.at(-1) ?? '');
  const byParameter = lastParameter ? `By${words(lastParameter).map(capitalise).join('')}` : '';
  const named = segments.filter((segment) => parameterOf(segment) === null);
  const actionAt = named.findLastIndex((segment) => ACTIONS.has(segment));
  const verb =
    actionAt >= 0 ? (named.splice(actionAt, 1)[0] as string) : (METHOD_VERBS[method.toUpperCase()] ?? 'call');
  const noun = named.flatMap(words).map(capitalise).join('');
  return `${verb === 'verification' ? 'verify' : verb}${noun}${byParameter}`;
}

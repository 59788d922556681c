// The OpenAPI 3.1 document of the hub's API, made from each feature's route table (<feature>.openapi.ts),
// whose request schemas are the very zod schemas the routes validate with. zod-openapi turns the
// zod schemas into JSON Schema (zod 4's own z.toJSONSchema underneath) and collects the named ones
// as components (decision 0051). Built once per process: it depends on the code only.

import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import packageJson from '../../../package.json' with { type: 'json' };
import { adminPaths } from '../admin/admin.openapi.ts';
import { albumsPaths } from '../albums/albums.openapi.ts';
import { authPaths } from '../auth/auth.openapi.ts';
import { connectPaths } from '../connect/connect.openapi.ts';
import { faviconsPaths } from '../favicons/favicons.openapi.ts';
import { gatePaths } from '../gate/gate.openapi.ts';
import { homePaths } from '../home/home.openapi.ts';
import { keysPaths } from '../keys/keys.openapi.ts';
import { keyDecision } from '../keys/keys.policy.ts';
import { librariesPaths } from '../libraries/libraries.openapi.ts';
import { linksPaths } from '../links/links.openapi.ts';
import { locksPaths } from '../locks/locks.openapi.ts';
import { mediaPaths } from '../media/media.openapi.ts';
import { modelsPaths } from '../models/models.openapi.ts';
import { passkeysPaths } from '../passkeys/passkeys.openapi.ts';
import { twoFactorPaths } from '../twofactor/twofactor.openapi.ts';
import { uploadsPaths } from '../uploads/uploads.openapi.ts';
import { mePaths } from '../users/me.openapi.ts';
import { usersPaths } from '../users/users.openapi.ts';
import { watchPaths } from '../watch/watch.openapi.ts';
import { docsPaths } from './openapi.docs.ts';
import { type ApiPaths, errors, SECURITY_SCHEMES, SIGNED_IN } from './openapi.parts.ts';

const FEATURE_PATHS: ApiPaths[] = [
  gatePaths,
  authPaths,
  usersPaths,
  mePaths,
  twoFactorPaths,
  passkeysPaths,
  locksPaths,
  keysPaths,
  adminPaths,
  mediaPaths,
  uploadsPaths,
  albumsPaths,
  librariesPaths,
  modelsPaths,
  linksPaths,
  watchPaths,
  connectPaths,
  faviconsPaths,
  homePaths,
  docsPaths,
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const DESCRIPTION = `The API of this hub: the same calls its own pages make.

**Credentials.** Every call past the site gate carries a *site token*: enter with the household
password at \`POST /api/site/verify-password\` and send the token as the \`x-site-token\` header (a
browser holds it as the \`hub_site\` cookie). Calls about your own things also need a *session*:
sign in at \`POST /auth/signin/\` and send the token as \`Authorization: Bearer <token>\` (a browser:
the \`hub_session\` cookie). Scripts can use an *API key* instead of both: \`Authorization: Bearer hub_…\`,
within the key's scopes (each operation lists the scope it needs).

**Errors.** A refusal is JSON \`{"error": "…"}\` with a 4xx status; the sentence can be shown to a person.`;

/**
 * What every operation shares, added where the table did not say otherwise: the refusals of a
 * route behind the gate and sign-in (401, 423), of a JSON body (400, 413, 415) and of a query (400),
 * an operationId made from the method and path, and the API key with the scope the keys' policy
 * table (keys.policy.ts) asks for that route (403 for a key without it, or where no key may go).
 */
function withCommonAnswers(method: string, path: string, op: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const statuses: number[] = [];
  let security = op.security ?? SIGNED_IN;
  const open = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
  if (!open) statuses.push(401, 423);
  const key = keyDecision(method, path);
  if (security.length > 0 && key.kind === 'scope') security = [...security, { apiKey: [key.scope] }];
  if (!open && (key.kind === 'scope' || key.kind === 'forbidden')) statuses.push(403);
  if (op.requestBody?.content['application/json']) statuses.push(400, 413, 415);
  if (op.requestParams?.query) statuses.push(400);
  const added = errors(...statuses.filter((status) => !(String(status) in op.responses)));
  const operationId =
    op.operationId ??
    method +
      path
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join('');
  return { ...op, operationId, security, responses: { ...op.responses, ...added } };
}

/** Every feature's table joined, with what every route shares: zod schemas still inside (the document's source). */
export function apiPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const table of FEATURE_PATHS) {
    for (const [path, item] of Object.entries(table)) {
      if (paths[path]) throw new Error(`Two route tables describe ${path}`);
      const described: typeof item = { ...item };
      for (const method of METHODS) {
        const op = item[method];
        if (op) described[method] = withCommonAnswers(method, path, op);
      }
      paths[path] = described;
    }
  }
  return paths;
}

export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const spec: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: { title: 'Private Hub API', version: packageJson.version, description: DESCRIPTION },
    security: SIGNED_IN,
    paths: apiPaths(),
    components: { securitySchemes: SECURITY_SCHEMES },
  };
  return createDocument(spec, { outputIdSuffix: 'Answer' });
}

let built: string | undefined;
/** The document as JSON text, made on first use. */
export function openApiJson(): string {
  built ??= JSON.stringify(buildOpenApiDocument());
  return built;
}

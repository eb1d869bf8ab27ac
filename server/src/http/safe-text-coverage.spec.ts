import { expect } from 'chai';
import type { z } from 'zod';
import * as common from '@tsudoi/common';
import {
  chatUploadNameSchema,
  clientEventSchemas,
  contactSchema,
  displayNameSchema,
  isSafeTextSchema,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { routeInputSchemas } from './route';

/**
 * The fields of a request that are not text shown to other people: addresses,
 * secrets and tokens, links, times and dates, ids, codes and enumerations, a
 * search, media parameters. Every other string a request carries is shown to
 * someone and must use the one safe-text rule (safeDisplayText or
 * safeMultilineText: no control, bidirectional or zero-width characters;
 * issue 25 §8). Matched against the field's own name.
 */
const NOT_SHOWN_TEXT =
  /^(e?mails?|password\w*|currentPassword|token|accessToken|refreshToken|\w*Url|url|link|inviteToken|sig|participantId|appId|app_id|q|sort|order|timeZone|locale|lang|country|mimeType|\w*Id|id|\w*At|date|from|to|month|\w*Time|time|start|end|targetType|type|status|kind|source|direction|scope|reason|role|feature|plan|floorPlanId|mid|algorithm|value|codes?|phone|referralCode|seriesId|ticket|endDate|version|cname|rid|muxId|dtx|profile\w*|layer\w*|transport\w*|producer\w*|consumer\w*|key|category)$/;

/** WebRTC's own parameters (bounded JSON, never shown). */
const MEDIA_PARAMETERS = /\.(rtpParameters|dtlsParameters|rtpCapabilities)\b/;

/** Schemas read outside a route or a socket event (a file name from a multipart part, the form of the public site). */
const OTHER_INPUTS: Record<string, z.ZodType> = {
  chatUploadName: chatUploadNameSchema,
  companyFileName: displayNameSchema,
  contactForm: contactSchema,
};

interface Found {
  path: string;
  key: string;
}

/** Every string a schema accepts that is not a safe text, with its path and its field's name. */
function plainStrings(schema: unknown, path: string, key: string, out: Found[], seen = new Set<unknown>()): Found[] {
  const zod = (schema as { _zod?: { def: Record<string, unknown> & { type: string } } } | null)?._zod;
  if (!zod || seen.has(schema)) return out;
  if (isSafeTextSchema(schema as object)) return out;
  seen.add(schema);
  const def = zod.def;
  const walk = (inner: unknown, p: string, k = key) => plainStrings(inner, p, k, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ path, key });
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`, k);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => walk(o, `${path}|${i}`));
      break;
    case 'record':
      walk(def.valueType, `${path}{}`);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((o, i) => walk(o, `${path}[${i}]`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), path);
      break;
  }
  seen.delete(schema);
  return out;
}

describe('protocol: every text a request carries that others see uses the one safe-text rule', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    // the app's own routes only: other specs of the same run register their test routes (error-handler.spec.ts)
    routeInputSchemas.clear();
    server = await startTestServer();
  });
  after(() => server?.close());

  it('walks every REST route’s body, query and params, every socket event and the other inputs: no plain string left', () => {
    expect(routeInputSchemas.size, 'the app registered its routes').to.be.above(50);
    // a route's schema by its name in the protocol (common/src/protocol/rest)
    const names = new Map<unknown, string>(Object.entries(common).map(([name, value]) => [value, name]));
    const inputs: [string, unknown][] = [
      ...[...routeInputSchemas].map((s, i) => [names.get(s) ?? `route#${i}`, s] as [string, unknown]),
      ...Object.entries(clientEventSchemas),
      ...Object.entries(OTHER_INPUTS),
    ];
    const found = inputs.flatMap(([name, schema]) => plainStrings(schema, name, name, []));
    const shown = found.filter((f) => !NOT_SHOWN_TEXT.test(f.key) && !MEDIA_PARAMETERS.test(f.path));
    expect(
      shown.map((f) => f.path),
      'these fields are shown to others: use safeDisplayText or safeMultilineText (or, if they never are, name them in NOT_SHOWN_TEXT)',
    ).to.deep.equal([]);
  });

  it('can fail: a plain string field of a request is found', () => {
    const probe = { _zod: { def: { type: 'object', shape: { title: { _zod: { def: { type: 'string' } } } } } } };
    expect(plainStrings(probe, 'probe', 'probe', []).map((f) => f.key)).to.deep.equal(['title']);
  });
});

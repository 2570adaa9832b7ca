import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/people';
import { createTestApp, sessionToken, type TestApp } from '../../test/app';
import { PLACES_RATE_LIMIT } from './routes';

async function bearer(t: TestApp, userId: number) {
  // A signed-in caller needs a user row and a live sign-in; any user will do.
  await t.app.db
    .insert(users)
    .values({ id: userId, email: `user${userId}@places.test`, name: 'P', lastname: 'L', password_hash: 'x' })
    .onConflictDoNothing();
  return {
    authorization: `Bearer ${await sessionToken(t, userId)}`,
  };
}

describe('places with the built-in provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ipCountryUrl: 'https://ip2c.org/self',
      analyticsUrl: 'https://bi.example.test/views/Parity',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, userId: number | null = 1) =>
    t.app.inject({ method: 'GET', url, headers: userId === null ? {} : await bearer(t, userId) });

  it('tells anyone which outside services the web may use, and lets the browser reach the IP service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ip_country_url: 'https://ip2c.org/self',
      google_places: false,
      analytics_tool: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('bi.example.test');
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://ip2c.org");
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await get('/api/places/autocomplete?q=London', null)).statusCode).toBe(401);
    expect((await get('/api/places/builtin:city:gb:london-england', null)).statusCode).toBe(401);
  });

  it('answers 400 with a message for text shorter than 2 or longer than 200 characters, or none', async () => {
    const short = await get('/api/places/autocomplete?q=%20L%20');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 2 characters');
    expect((await get(`/api/places/autocomplete?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
    expect((await get('/api/places/autocomplete')).statusCode).toBe(400);
  });

  it('suggests cities by name, accents ignored, with region and country', async () => {
    const res = await get('/api/places/autocomplete?q=zur');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      place_id: 'builtin:city:ch:zurich-zurich',
      description: 'Zurich, Zurich, Switzerland',
      main_text: 'Zurich',
      secondary_text: 'Zurich, Switzerland',
    });
    const sao = (await get('/api/places/autocomplete?q=sao%20pa')).json().data;
    expect(sao[0].description).toBe('São Paulo, São Paulo, Brazil');
    const york = (await get('/api/places/autocomplete?q=york')).json().data;
    expect(york.map((s: { main_text: string }) => s.main_text)).toContain('New York');
  });

  it('narrows "city, region or country" and suggests "street, city" addresses', async () => {
    const cambridge = (await get('/api/places/autocomplete?q=Cambridge,%20united%20k')).json().data;
    expect(cambridge.map((s: { description: string }) => s.description)).toEqual([
      'Cambridge, England, United Kingdom',
    ]);
    const res = await get('/api/places/autocomplete?q=221B%20Baker%20Street,%20Lond');
    const data = res.json().data as { place_id: string; description: string }[];
    expect(data).toHaveLength(1);
    expect(data[0]!.description).toBe('221B Baker Street, London, England, United Kingdom');
    const details = await get(`/api/places/${encodeURIComponent(data[0]!.place_id)}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      place_id: data[0]!.place_id,
      description: '221B Baker Street, London, England, United Kingdom',
      street: '221B Baker Street',
      city: 'London',
      region: 'England',
      postal_code: null,
      country: 'GB',
      lat: null,
      lng: null,
    });
    // The same text always gives the same id.
    expect(
      (await get('/api/places/autocomplete?q=221B%20Baker%20Street,%20Lond')).json().data[0].place_id,
    ).toBe(data[0]!.place_id);
  });

  it("gives a city's details and 404 for ids it does not know", async () => {
    const res = await get('/api/places/builtin:city:jp:tokyo-tokyo');
    expect(res.json()).toMatchObject({
      city: 'Tokyo',
      country: 'JP',
      street: null,
      description: 'Tokyo, Tokyo, Japan',
    });
    for (const id of [
      'builtin:city:jp:atlantis',
      'builtin:addr:gb:london-england:%25%25',
      'builtin:addr:gb:london-england',
      'ChIJN1t_tDeuEmsRUsoyG83frY4',
    ]) {
      const missing = await get(`/api/places/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Place not found.', error: 'not_found' });
    }
  });

  it(`limits a user to ${PLACES_RATE_LIMIT.max} lookups a minute, counted per user`, async () => {
    const headers = await bearer(t, 4242);
    let last = 0;
    for (let i = 0; i <= PLACES_RATE_LIMIT.max; i++) {
      last = (await t.app.inject({ method: 'GET', url: '/api/places/autocomplete?q=Pa', headers }))
        .statusCode;
      if (i < PLACES_RATE_LIMIT.max) expect(last).toBe(200);
    }
    expect(last).toBe(429);
    expect((await get('/api/places/autocomplete?q=Pa', 4243)).statusCode).toBe(200);
  });
});

describe('places with Google Places (a local server stands in for Google)', () => {
  let t: TestApp;
  let google: http.Server;
  const seen: {
    method: string;
    url: string;
    key: string | undefined;
    mask: string | undefined;
    body: string;
  }[] = [];
  let failNext = false;

  beforeAll(async () => {
    google = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          key: req.headers['x-goog-api-key'] as string | undefined,
          mask: req.headers['x-goog-fieldmask'] as string | undefined,
          body,
        });
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (failNext) {
          failNext = false;
          return send(500, { error: { code: 500, message: 'Internal error' } });
        }
        if (req.method === 'POST' && req.url === '/v1/places:autocomplete') {
          return send(200, {
            suggestions: [
              {
                placePrediction: {
                  placeId: 'ChIJgUbEo8cfqokR5lP9_Wh_DaM',
                  text: { text: '1600 Amphitheatre Parkway, Mountain View, CA, USA' },
                  structuredFormat: {
                    mainText: { text: '1600 Amphitheatre Parkway' },
                    secondaryText: { text: 'Mountain View, CA, USA' },
                  },
                },
              },
              { queryPrediction: { text: { text: 'amphitheatre near me' } } },
            ],
          });
        }
        if (req.method === 'GET' && req.url === '/v1/places/ChIJgUbEo8cfqokR5lP9_Wh_DaM') {
          return send(200, {
            id: 'ChIJgUbEo8cfqokR5lP9_Wh_DaM',
            formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
            addressComponents: [
              { longText: '1600', shortText: '1600', types: ['street_number'] },
              { longText: 'Amphitheatre Parkway', shortText: 'Amphitheatre Pkwy', types: ['route'] },
              { longText: 'Mountain View', shortText: 'Mountain View', types: ['locality', 'political'] },
              {
                longText: 'California',
                shortText: 'CA',
                types: ['administrative_area_level_1', 'political'],
              },
              { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
              { longText: '94043', shortText: '94043', types: ['postal_code'] },
            ],
            location: { latitude: 37.4220094, longitude: -122.0847516 },
          });
        }
        return send(404, { error: { code: 404, status: 'NOT_FOUND' } });
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const { port } = google.address() as AddressInfo;
    t = await createTestApp({ googlePlaces: { apiKey: 'test-key', baseUrl: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => google?.close(resolve));
  });

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await bearer(t, 7) });

  it('says Google is on and sends the typed text with the key and a field mask', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/places/config' })).json()).toEqual({
      ip_country_url: null,
      google_places: true,
      analytics_tool: false,
    });
    const res = await get('/api/places/autocomplete?q=1600%20Amphitheatre');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        place_id: 'ChIJgUbEo8cfqokR5lP9_Wh_DaM',
        description: '1600 Amphitheatre Parkway, Mountain View, CA, USA',
        main_text: '1600 Amphitheatre Parkway',
        secondary_text: 'Mountain View, CA, USA',
      },
    ]);
    const call = seen.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', key: 'test-key' });
    expect(JSON.parse(call.body)).toEqual({ input: '1600 Amphitheatre' });
    expect(call.mask).toContain('suggestions.placePrediction.placeId');
  });

  it('maps details to address parts', async () => {
    const res = await get('/api/places/ChIJgUbEo8cfqokR5lP9_Wh_DaM');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      place_id: 'ChIJgUbEo8cfqokR5lP9_Wh_DaM',
      description: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      street: '1600 Amphitheatre Parkway',
      city: 'Mountain View',
      region: 'California',
      postal_code: '94043',
      country: 'US',
      lat: 37.4220094,
      lng: -122.0847516,
    });
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      key: 'test-key',
      mask: 'id,formattedAddress,addressComponents,location',
    });
  });

  it('answers 404 for ids Google does not know or cannot be Google ids, and still resolves built-in ids', async () => {
    expect((await get('/api/places/ChIJunknown')).statusCode).toBe(404);
    const before = seen.length;
    expect((await get('/api/places/not%20an%20id')).statusCode).toBe(404);
    expect(seen.length).toBe(before);
    expect((await get('/api/places/builtin:city:fr:paris-ile-de-france')).json().city).toBe('Paris');
  });

  it('answers 502 when Google fails', async () => {
    failNext = true;
    const res = await get('/api/places/autocomplete?q=Main%20Street');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'places_unavailable' });
  });
});

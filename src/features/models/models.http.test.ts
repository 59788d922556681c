// The models API over HTTP on a real temp database: CRUD with the spec's fields and rules, every
// filter and sort (with the default order's tie-breaks and the cup order), paging with
// X-Total-Count, owner isolation, each validation message, and hostile input that changes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyModels, newModel } from '../../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { Model } from '../../shared/models.ts';
import { MODEL_INPUT_MESSAGES as M } from './models.schema.ts';
import { createModelsService } from './models.service.ts';
import { pictureAddress } from './pictures/source.ts';

const NOW = Date.UTC(2031, 2, 4, 10, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW), env: { SITE_LOCKOUT_HOURS: '0' } });
  ann = await signedInUser(t.database.db, { username: 'ann' }, NOW);
  bea = await signedInUser(t.database.db, { username: 'bea' }, NOW);
});
afterAll(async () => {
  await t.close();
});

const call = (path: string, as: Credentials, method = 'GET', json?: unknown) => t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
async function create(as: SignedIn, body: Record<string, unknown>): Promise<Model> {
  const res = await call('/api/models', as, 'POST', body);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Model;
}
async function list(as: SignedIn, query = ''): Promise<{ names: string[]; total: number; models: Model[] }> {
  const res = await call(`/api/models${query}`, as);
  expect(res.status).toBe(200);
  const models = (await res.json()) as Model[];
  return { names: models.map((m) => m.name), total: Number(res.headers.get('x-total-count')), models };
}
/** The whole models table, to prove a refused request changed nothing. */
const snapshot = () => t.database.db.selectFrom('models').selectAll().orderBy('id').execute();

describe('without a session', () => {
  test("every endpoint answers 401 with the spec's message, also with a valid site token", async () => {
    const site = await t.enterSite();
    const id = await newModel(t.database.db, ann.user._id, { name: 'Hidden' });
    for (const [method, path] of [
      ['GET', '/api/models'],
      ['POST', '/api/models'],
      ['GET', `/api/models/${id}`],
      ['PUT', `/api/models/${id}`],
      ['DELETE', `/api/models/${id}`],
    ] as const) {
      const res = await call(path, { siteToken: site }, method, method === 'POST' || method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'You must be logged in to perform this action' });
    }
    // A bad session token is no session either.
    const res = await call('/api/models', { siteToken: site, token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect((await call(`/api/models/${id}`, ann)).status).toBe(200);
  });
});

describe('create, read, change, delete', () => {
  test('a model with every field, as the API answers it', async () => {
    const model = await create(ann, {
      name: '  Mia Rose ',
      ethnicity: 'Japanese',
      breastSize: '34dd',
      age: '25',
      height: '5\'4"',
      image: 'https://img.example.test/mia.jpg',
      description: 'Likes cats',
      tags: 'petite, cosplay,, petite ,  Cosplay, blonde ',
      links: [
        { name: 'OnlyFans', url: 'https://onlyfans.com/mia' },
        { name: '', url: 'https://www.example.test/mia' },
      ],
      isFavorite: true,
    });
    expect(model).toEqual({
      _id: expect.any(String),
      name: 'Mia Rose',
      ethnicity: 'Japanese',
      breastSize: '34DD',
      age: 25,
      height: '5\'4"',
      image: 'https://img.example.test/mia.jpg',
      profilePicture: null,
      // The hub serves the picture itself; the URL typed stays in `image`.
      picture: expect.stringMatching(/^\/api\/models\/[\w-]+\/picture\?v=[\w-]{12}$/),
      description: 'Likes cats',
      tags: ['petite', 'cosplay', 'blonde'],
      links: [
        { name: 'OnlyFans', url: 'https://onlyfans.com/mia' },
        { name: 'www.example.test', url: 'https://www.example.test/mia' },
      ],
      favorite: true,
      isFavorite: true,
      created: new Date(NOW).toISOString(),
      updated: null,
    });
    expect(model.picture).toBe(pictureAddress(model._id, 'https://img.example.test/mia.jpg'));
    const read = await call(`/api/models/${model._id}`, ann);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(model);
  });

  test('only the name is required; the rest has empty defaults', async () => {
    const model = await create(ann, { name: 'Plain Jane' });
    expect(model).toMatchObject({
      ethnicity: '',
      breastSize: '',
      age: null,
      height: '',
      image: '',
      profilePicture: null,
      picture: null,
      description: '',
      tags: [],
      links: [],
      favorite: false,
      isFavorite: false,
    });
  });

  test('PUT changes only the fields sent; profilePicture comes before image; favorite is the other spelling', async () => {
    const model = await create(ann, { name: 'Edit Me', ethnicity: 'Korean', age: 30, tags: ['a'], image: 'https://img.example.test/1.jpg' });
    const res = await call(`/api/models/${model._id}`, ann, 'PUT', { age: 31, profilePicture: { url: 'https://img.example.test/p.jpg' }, favorite: true });
    expect(res.status).toBe(200);
    const changed = (await res.json()) as Model;
    expect(changed).toMatchObject({
      name: 'Edit Me',
      ethnicity: 'Korean',
      age: 31,
      tags: ['a'],
      favorite: true,
      isFavorite: true,
      profilePicture: { url: 'https://img.example.test/p.jpg' },
      picture: pictureAddress(model._id, 'https://img.example.test/p.jpg'),
    });
    expect(changed.updated).toBe(new Date(NOW).toISOString());
    // Clearing: empty values and null.
    const cleared = (await (
      await call(`/api/models/${model._id}`, ann, 'PUT', { age: '', ethnicity: '', profilePicture: null, tags: null, isFavorite: false })
    ).json()) as Model;
    expect(cleared).toMatchObject({
      age: null,
      ethnicity: '',
      profilePicture: null,
      picture: pictureAddress(model._id, 'https://img.example.test/1.jpg'),
      tags: [],
      favorite: false,
    });
    expect(await (await call(`/api/models/${model._id}`, ann)).json()).toEqual(cleared);
  });

  test('isFavorite wins when both spellings are sent', async () => {
    const model = await create(ann, { name: 'Both Flags', isFavorite: false, favorite: true });
    expect(model.favorite).toBe(false);
  });

  test('DELETE removes it; afterwards it is 404 everywhere', async () => {
    const model = await create(ann, { name: 'Gone Soon' });
    const res = await call(`/api/models/${model._id}`, ann, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Model deleted successfully!' });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const again = await call(`/api/models/${model._id}`, ann, method, method === 'PUT' ? { name: 'Back' } : undefined);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ error: 'Model not found' });
    }
  });
});

describe('validation: each message, and nothing stored', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['no name', { ethnicity: 'Korean' }, M.nameRequired],
    ['a blank name', { name: '   ' }, M.nameRequired],
    ['a numeric name', { name: 123 }, M.nameRequired],
    ['a long name', { name: 'x'.repeat(101) }, M.nameTooLong],
    ['an unknown ethnicity', { name: 'A', ethnicity: 'Martian' }, M.ethnicity],
    ['an ethnicity that is no text', { name: 'A', ethnicity: ['Korean'] }, M.ethnicity],
    ['an odd band', { name: 'A', breastSize: '33C' }, M.breastSize],
    ['a band too big', { name: 'A', breastSize: '42C' }, M.breastSize],
    ['an unknown cup', { name: 'A', breastSize: '34G' }, M.breastSize],
    ['a cup alone', { name: 'A', breastSize: 'DD' }, M.breastSize],
    ['a size that is a number', { name: 'A', breastSize: 34 }, M.breastSize],
    ['age as words', { name: 'A', age: 'twenty' }, M.ageNumber],
    ['age as a boolean', { name: 'A', age: true }, M.ageNumber],
    ['age as an object', { name: 'A', age: { years: 20 } }, M.ageNumber],
    ['a fractional age', { name: 'A', age: 20.5 }, M.ageWhole],
    ['an age under 18', { name: 'A', age: 17 }, M.ageAdult],
    ['an age under 18 as text', { name: 'A', age: '16' }, M.ageAdult],
    ['a negative age', { name: 'A', age: -20 }, M.ageAdult],
    ['an age over 120', { name: 'A', age: 121 }, M.ageMax],
    ['a huge height', { name: 'A', height: 'x'.repeat(51) }, M.height],
    ['a height that is a number', { name: 'A', height: 170 }, M.height],
    ['a huge description', { name: 'A', description: 'x'.repeat(2001) }, M.description],
    ['a javascript: image', { name: 'A', image: 'javascript:alert(1)' }, M.image],
    ['a data: image', { name: 'A', image: 'data:image/png;base64,AAAA' }, M.image],
    ['a file: image', { name: 'A', image: 'file:///etc/passwd' }, M.image],
    ['a relative image', { name: 'A', image: '/media/1' }, M.image],
    ['a huge image URL', { name: 'A', image: `https://example.test/${'x'.repeat(2000)}` }, M.urlTooLong],
    ['a profilePicture that is text', { name: 'A', profilePicture: 'https://example.test/p.jpg' }, M.profilePicture],
    ['a javascript: profilePicture', { name: 'A', profilePicture: { url: 'javascript:alert(1)' } }, M.profilePicture],
    ['tags as a number', { name: 'A', tags: 5 }, M.tags],
    ['tags with a number', { name: 'A', tags: ['a', 5] }, M.tags],
    ['a huge tag', { name: 'A', tags: ['x'.repeat(51)] }, M.tagTooLong],
    ['too many tags', { name: 'A', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, M.tooManyTags],
    ['links as text', { name: 'A', links: 'https://example.test' }, M.links],
    ['a link that is text', { name: 'A', links: ['https://example.test'] }, M.links],
    ['a link whose URL is not text', { name: 'A', links: [{ name: 'Site', url: 42 }] }, M.linkUrl],
    ['a javascript: link', { name: 'A', links: [{ name: 'x', url: 'javascript:alert(1)' }] }, M.linkUrl],
    ['a data: link', { name: 'A', links: [{ name: 'x', url: 'data:text/html,<script>alert(1)</script>' }] }, M.linkUrl],
    ['a relative link', { name: 'A', links: [{ name: 'x', url: 'onlyfans.com/mia' }] }, M.linkUrl],
    ['a link name that is a number', { name: 'A', links: [{ name: 7, url: 'https://example.test' }] }, M.linkName],
    ['a huge link name', { name: 'A', links: [{ name: 'x'.repeat(101), url: 'https://example.test' }] }, M.linkName],
    ['too many links', { name: 'A', links: Array.from({ length: 51 }, (_, i) => ({ name: `l${i}`, url: `https://example.test/${i}` })) }, M.tooManyLinks],
    ['favorite as text', { name: 'A', favorite: 'yes' }, M.favorite],
    ['isFavorite as a number', { name: 'A', isFavorite: 1 }, M.favorite],
  ];

  test.each(refused)('POST with %s: 400 "%s"', async (_label, body, message) => {
    const before = await snapshot();
    const res = await call('/api/models', ann, 'POST', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await snapshot()).toEqual(before);
  });

  test.each(refused.filter(([label]) => label !== 'no name'))('PUT with %s: 400, the model unchanged', async (_label, body, message) => {
    const id = await newModel(t.database.db, ann.user._id, { name: 'Stays', age: 40 });
    const before = await snapshot();
    const res = await call(`/api/models/${id}`, ann, 'PUT', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await snapshot()).toEqual(before);
  });

  test('a link row whose URL is left blank is dropped, not refused (on create and change)', async () => {
    const res = await call('/api/models', ann, 'POST', {
      name: 'A',
      links: [{ name: 'Site' }, { name: 'Blank', url: '   ' }, { name: '', url: '' }, { name: 'Real', url: 'https://example.test/a' }, { url: null }],
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Model;
    expect(made.links).toEqual([{ name: 'Real', url: 'https://example.test/a' }]);
    const changed = await call(`/api/models/${made._id}`, ann, 'PUT', { links: [{ name: 'Later', url: '' }] });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Model).links).toEqual([]);
  });

  test('ages at the edges, as numbers or numeric text, and every valid size', async () => {
    expect((await create(ann, { name: 'Eighteen', age: 18 })).age).toBe(18);
    expect((await create(ann, { name: 'Old', age: ' 120 ' })).age).toBe(120);
    for (const size of ['28A', '30B', '32C', '34D', '36DD', '38E', '40F'])
      expect((await create(ann, { name: `Size ${size}`, breastSize: size })).breastSize).toBe(size);
  });

  test('wrong content type 415, broken JSON and non-objects 400, an oversized body 413; nothing stored', async () => {
    const before = await snapshot();
    const headers = (type: string) => ({ 'x-site-token': ann.siteToken, authorization: `Bearer ${ann.token}`, 'content-type': type });
    const form = await t.request('/api/models', { method: 'POST', headers: headers('application/x-www-form-urlencoded'), body: 'name=A' });
    expect(form.status).toBe(415);
    const broken = await t.request('/api/models', { method: 'POST', headers: headers('application/json'), body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'The request body is not valid JSON' });
    for (const body of ['[]', '"Mia"', 'null', '42']) {
      const res = await t.request('/api/models', { method: 'POST', headers: headers('application/json'), body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'The request body must be a JSON object' });
    }
    const huge = await call('/api/models', ann, 'POST', { name: 'A', description: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  test('unknown fields are ignored: an _id, an owner or timestamps sent in change nothing', async () => {
    const model = await create(ann, {
      name: 'Ignored Fields',
      _id: 'mine',
      id: 'mine',
      owner_id: bea.user._id,
      ownerId: bea.user._id,
      created: '2000-01-01T00:00:00Z',
      picture: 'https://tracker.example/p.png',
      extra: { deep: true },
    });
    expect(model._id).not.toBe('mine');
    expect(model.created).toBe(new Date(NOW).toISOString());
    expect(model.picture).toBeNull();
    expect((await call(`/api/models/${model._id}`, bea)).status).toBe(404);
    const row = await t.database.db.selectFrom('models').select('owner_id').where('id', '=', model._id).executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(ann.user._id);
  });

  test('HTML in a name is stored and answered as the text it is', async () => {
    const name = '<img src=x onerror=alert(1)><b>Bold</b>';
    const model = await create(ann, { name, tags: ['<script>'] });
    expect(model.name).toBe(name);
    expect(((await (await call(`/api/models/${model._id}`, ann)).json()) as Model).tags).toEqual(['<script>']);
  });

  test('bad ids are 404, never 500', async () => {
    for (const id of ['nope', 'x'.repeat(3000), encodeURIComponent("' or 1=1 --"), '%00', encodeURIComponent('../../users')]) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await call(`/api/models/${id}`, ann, method, method === 'PUT' ? { name: 'X' } : undefined);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'Model not found' });
      }
    }
  });
});

describe('owner isolation', () => {
  test("another user's model is 404 for read, change and delete, and never in any list, search, filter or sort", async () => {
    const secret = await create(ann, {
      name: 'Secret Sapphire',
      ethnicity: 'Korean',
      breastSize: '32B',
      age: 22,
      tags: ['sapphire'],
      description: 'sapphire',
      isFavorite: true,
      links: [{ name: 'X', url: 'https://x.com/sapphire' }],
    });
    const before = await snapshot();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call(`/api/models/${secret._id}`, bea, method, method === 'PUT' ? { name: 'Stolen', isFavorite: false } : undefined);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Model not found' });
    }
    expect(await snapshot()).toEqual(before);
    for (const query of [
      '',
      '?search=sapphire',
      '?ethnicity=Korean',
      '?breastSize=32B',
      '?breastSize=B',
      '?favorite=true',
      '?sort=age',
      '?sort=breastSize',
      '?sort=newest',
      '?sort=name&order=desc',
      '?limit=500',
    ]) {
      const { names, total } = await list(bea, query);
      expect(names).not.toContain('Secret Sapphire');
      expect(total).toBe(names.length);
    }
    const service = createModelsService({ db: t.database.db, clock: () => new Date(NOW) });
    expect((await service.favorites(bea.user._id, 10)).map((m) => m.name)).not.toContain('Secret Sapphire');
    expect((await service.modelLinks(bea.user._id)).map((l) => l.modelName)).not.toContain('Secret Sapphire');
    expect((await service.modelLinks(ann.user._id)).map((l) => l.modelName)).toContain('Secret Sapphire');
  });

  test('deleting a user deletes their models', async () => {
    const gone = await signedInUser(t.database.db, { username: 'leaver' }, NOW);
    await newModel(t.database.db, gone.user._id, { name: 'Leaver Model' });
    await t.database.db.deleteFrom('users').where('id', '=', gone.user._id).execute();
    const rows = await t.database.db.selectFrom('models').select('id').where('owner_id', '=', gone.user._id).execute();
    expect(rows).toEqual([]);
  });
});

describe('filters, sorts and paging (a fresh owner each)', () => {
  let cat: SignedIn;
  beforeAll(async () => {
    cat = await signedInUser(t.database.db, { username: 'cat' }, NOW);
    const db = t.database.db;
    const owner = cat.user._id;
    // Names chosen so the default order's tie-breaks show: same ethnicity, different names.
    await newModel(db, owner, { name: 'zoe', ethnicity: 'Other', breastSize: '30A', age: 40, createdAt: 1 });
    await newModel(db, owner, { name: 'Yuki', ethnicity: 'Japanese', breastSize: '34DD', age: 25, tags: ['Cosplay', 'petite'], createdAt: 2 });
    await newModel(db, owner, { name: 'Aiko', ethnicity: 'Japanese', breastSize: '32DD', age: 31, description: 'Loves COSPLAY events', createdAt: 3 });
    await newModel(db, owner, { name: 'Bree', ethnicity: 'White', breastSize: '36C', age: null, createdAt: 4 });
    await newModel(db, owner, { name: 'Nia', ethnicity: 'Black', breastSize: '28F', age: 22, createdAt: 5 });
    await newModel(db, owner, { name: 'Lin', ethnicity: 'Chinese', breastSize: '', age: 28, favorite: true, createdAt: 6 });
    await newModel(db, owner, { name: 'Anon', ethnicity: '', breastSize: '34B', age: 19, createdAt: 7 });
    await newModel(db, owner, { name: 'Eva', ethnicity: 'European', breastSize: '34E', age: 33, favorite: true, createdAt: 8 });
    await newModel(db, owner, { name: 'Hoa', ethnicity: 'Vietnamese', breastSize: '32D', age: 26, tags: ['100%_real'], createdAt: 9 });
    await newModel(db, owner, { name: 'Min', ethnicity: 'Korean', breastSize: '34A', age: 24, createdAt: 10 });
    await newModel(db, owner, { name: 'ada', ethnicity: 'Other', breastSize: '30C', age: 29, createdAt: 11 });
  });

  test('default: favourites first, then Chinese, Japanese, Korean, Vietnamese, European, White, Black, Other, empty; then name', async () => {
    const { names, total } = await list(cat);
    expect(names).toEqual(['Lin', 'Eva', 'Aiko', 'Yuki', 'Min', 'Hoa', 'Bree', 'Nia', 'ada', 'zoe', 'Anon']);
    expect(total).toBe(11);
    // sort=default says the same.
    expect((await list(cat, '?sort=default')).names).toEqual(names);
  });

  test('name, either way, ignoring case', async () => {
    expect((await list(cat, '?sort=name')).names).toEqual(['ada', 'Aiko', 'Anon', 'Bree', 'Eva', 'Hoa', 'Lin', 'Min', 'Nia', 'Yuki', 'zoe']);
    expect((await list(cat, '?sortBy=name&sortOrder=desc')).names).toEqual(['zoe', 'Yuki', 'Nia', 'Min', 'Lin', 'Hoa', 'Eva', 'Bree', 'Anon', 'Aiko', 'ada']);
  });

  test('age: youngest first (or oldest with order=desc); unknown ages last either way', async () => {
    expect((await list(cat, '?sort=age')).names).toEqual(['Anon', 'Nia', 'Min', 'Yuki', 'Hoa', 'Lin', 'ada', 'Aiko', 'Eva', 'zoe', 'Bree']);
    expect((await list(cat, '?sort=age&order=desc')).names).toEqual(['zoe', 'Eva', 'Aiko', 'ada', 'Lin', 'Hoa', 'Yuki', 'Min', 'Nia', 'Anon', 'Bree']);
  });

  test('breast size: cup A, B, C, D, DD, E, F, then band; no size last', async () => {
    expect((await list(cat, '?sort=breastSize')).names).toEqual(['zoe', 'Min', 'Anon', 'ada', 'Bree', 'Hoa', 'Aiko', 'Yuki', 'Eva', 'Nia', 'Lin']);
    expect((await list(cat, '?sort=breastSize&order=desc')).names).toEqual(['Nia', 'Eva', 'Yuki', 'Aiko', 'Hoa', 'Bree', 'ada', 'Anon', 'Min', 'zoe', 'Lin']);
  });

  test('newest first', async () => {
    expect((await list(cat, '?sort=newest')).names).toEqual(['ada', 'Min', 'Hoa', 'Eva', 'Anon', 'Lin', 'Nia', 'Bree', 'Aiko', 'Yuki', 'zoe']);
  });

  test('search covers name, tags and description, ignoring case, with % and _ taken literally', async () => {
    expect((await list(cat, '?search=cosplay')).names).toEqual(['Aiko', 'Yuki']);
    expect((await list(cat, '?search=YUK')).names).toEqual(['Yuki']);
    expect((await list(cat, '?search=PETITE')).names).toEqual(['Yuki']);
    expect((await list(cat, `?search=${encodeURIComponent('%_')}`)).names).toEqual(['Hoa']);
    expect((await list(cat, `?search=${encodeURIComponent('%')}`)).names).toEqual(['Hoa']);
    // The JSON punctuation of the stored tags is not searchable text.
    expect((await list(cat, `?search=${encodeURIComponent('","')}`)).names).toEqual([]);
    expect((await list(cat, '?search=nobody')).total).toBe(0);
  });

  test('ethnicity (N/A for none), breast size (a size or a cup), favourites, combined', async () => {
    expect((await list(cat, '?ethnicity=Japanese')).names).toEqual(['Aiko', 'Yuki']);
    expect((await list(cat, '?ethnicity=japanese')).names).toEqual(['Aiko', 'Yuki']);
    expect((await list(cat, '?ethnicity=N/A')).names).toEqual(['Anon']);
    expect((await list(cat, '?breastSize=34DD')).names).toEqual(['Yuki']);
    expect((await list(cat, '?breastSize=dd')).names).toEqual(['Aiko', 'Yuki']);
    expect((await list(cat, '?breastSize=A')).names).toEqual(['Min', 'zoe']);
    expect((await list(cat, '?favorite=true')).names).toEqual(['Lin', 'Eva']);
    expect((await list(cat, '?favorite=false')).total).toBe(9);
    expect((await list(cat, '?ethnicity=Japanese&breastSize=DD&search=cos&sort=age')).names).toEqual(['Yuki', 'Aiko']);
    expect((await list(cat, '?ethnicity=Korean&favorite=true')).names).toEqual([]);
  });

  test('limit and offset page the list; X-Total-Count is the filtered total', async () => {
    const first = await list(cat, '?limit=4');
    expect(first).toMatchObject({ names: ['Lin', 'Eva', 'Aiko', 'Yuki'], total: 11 });
    expect((await list(cat, '?limit=4&offset=8')).names).toEqual(['ada', 'zoe', 'Anon']);
    expect((await list(cat, '?limit=1&offset=1&ethnicity=Japanese')).names).toEqual(['Yuki']);
    expect((await list(cat, '?limit=1&offset=1&ethnicity=Japanese')).total).toBe(2);
    expect((await list(cat, '?offset=50')).names).toEqual([]);
  });

  test.each([
    ['?sort=password', 'sort must be one of default, name, age, breastSize, newest'],
    ['?order=up', 'order must be asc or desc'],
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=501', 'limit must be at most 500'],
    ['?limit=abc', 'limit must be a whole number'],
    ['?offset=-1', 'offset must be at least 0'],
    ['?ethnicity=Martian', 'ethnicity must be one of Japanese, Chinese, Korean, Vietnamese, European, White, Black, Other or N/A'],
    ['?breastSize=42Z', 'breastSize must be a size such as 34DD or a cup A, B, C, D, DD, E or F'],
    ['?favorite=maybe', 'favorite must be true or false'],
    [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('%s is refused: %s', async (query, message) => {
    const res = await call(`/api/models${query}`, cat);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });
});

describe('what Home, the profile and the links sync call', () => {
  test('favorites in the default order, capped; countFavorites; modelLinks with every link of every model', async () => {
    const dee = await signedInUser(t.database.db, { username: 'dee' }, NOW);
    const db = t.database.db;
    await newModel(db, dee.user._id, {
      name: 'Zed',
      ethnicity: 'Chinese',
      favorite: true,
      links: [
        { name: 'OF', url: 'https://onlyfans.com/zed' },
        { name: 'IG', url: 'https://instagram.com/zed' },
      ],
    });
    await newModel(db, dee.user._id, { name: 'Amy', ethnicity: 'Other', favorite: true });
    await newModel(db, dee.user._id, { name: 'Bo', ethnicity: 'Chinese', favorite: true, links: [{ name: 'Reddit', url: 'https://reddit.com/u/bo' }] });
    await newModel(db, dee.user._id, { name: 'Not Fav', ethnicity: 'Chinese', links: [{ name: 'X', url: 'https://x.com/notfav' }] });
    const service = createModelsService({ db, clock: () => new Date(NOW) });
    expect((await service.favorites(dee.user._id, 10)).map((m) => m.name)).toEqual(['Bo', 'Zed', 'Amy']);
    expect((await service.favorites(dee.user._id, 2)).map((m) => m.name)).toEqual(['Bo', 'Zed']);
    expect(await service.countFavorites(dee.user._id)).toBe(3);
    expect(await service.modelLinks(dee.user._id)).toEqual([
      { modelName: 'Bo', name: 'Reddit', url: 'https://reddit.com/u/bo' },
      { modelName: 'Not Fav', name: 'X', url: 'https://x.com/notfav' },
      { modelName: 'Zed', name: 'OF', url: 'https://onlyfans.com/zed' },
      { modelName: 'Zed', name: 'IG', url: 'https://instagram.com/zed' },
    ]);
    expect(await service.modelLinks(bea.user._id)).toEqual([]);
  });

  test('2,000 models: the default order and the filtered total come from SQL, page by page', async () => {
    const big = await signedInUser(t.database.db, { username: 'big' }, NOW);
    const ethnicities = ['Other', '', 'Japanese', 'Chinese', 'Black'];
    await manyModels(t.database.db, big.user._id, 2000, (i) => ({
      ethnicity: ethnicities[i % 5]!,
      favorite: i % 100 === 7,
      breastSize: i % 3 === 0 ? '34C' : '',
    }));
    const first = await list(big, '?limit=500');
    expect(first.total).toBe(2000);
    // 20 favourites lead; then Chinese before Japanese.
    expect(first.models.slice(0, 20).every((m) => m.favorite)).toBe(true);
    expect(first.models[20]!.ethnicity).toBe('Chinese');
    const last = await list(big, '?limit=10&offset=1990');
    expect(last.models.every((m) => m.ethnicity === '')).toBe(true);
    expect((await list(big, '?breastSize=34C&limit=1')).total).toBe(667);
    expect((await list(big, '?favorite=true&ethnicity=Black')).total).toBe(0);
    expect((await list(big, '?favorite=true')).total).toBe(20);
  });
});

describe('the /models page', () => {
  const page = async (as: SignedIn, query = '') => {
    const res = await t.request(`/models${query}`, { as });
    return { status: res.status, html: await res.text() };
  };

  test('signed out, it sends the visitor to sign in and back', async () => {
    const site = await t.enterSite();
    const res = await t.request('/models?ethnicity=Korean', { as: { siteToken: site } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent('/models?ethnicity=Korean')}`);
  });

  test('the first paint carries the filtered cards, the count and the filters, without JavaScript', async () => {
    const eve = await signedInUser(t.database.db, { username: 'eve' }, NOW);
    await newModel(t.database.db, eve.user._id, {
      name: 'Kana',
      ethnicity: 'Japanese',
      age: 24,
      height: '160 cm',
      tags: ['gravure'],
      description: 'Tokyo',
      links: [{ name: 'OnlyFans', url: 'https://onlyfans.com/kana' }],
    });
    await newModel(t.database.db, eve.user._id, { name: 'Soo', ethnicity: 'Korean', breastSize: '32B' });
    await newModel(t.database.db, eve.user._id, { name: '<b>Bold</b> & "Quoted"', ethnicity: 'White' });

    const all = await page(eve);
    expect(all.status).toBe(200);
    expect(all.html).toContain('<h1');
    expect(all.html).toContain('Showing 3 of 3 models');
    expect(all.html).toContain('data-island="Models"');
    // HTML in a name is text: escaped in the page and in the island's props.
    expect(all.html).not.toContain('<b>Bold</b>');
    expect(all.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; ');

    const japanese = await page(eve, '?ethnicity=Japanese');
    expect(japanese.html).toContain('Showing 1 of 3 models');
    expect(japanese.html).toContain('Kana');
    expect(japanese.html).not.toContain('>Soo<');
    expect(japanese.html).toMatch(/<option value="Japanese" selected="">Japanese<\/option>/);
    expect(japanese.html).toContain('160 cm');
    expect(japanese.html).toContain('href="https://onlyfans.com/kana" target="_blank" rel="noopener noreferrer"');
    expect(japanese.html).toContain('href="/models"');

    const soo = await page(eve, '?search=soo&breastSize=B&sort=name');
    expect(soo.html).toContain('Showing 1 of 3 models');
    expect(soo.html).toContain('>Unknown<');
    // Bob's page shows nothing of Eve's.
    expect((await page(bea)).html).not.toContain('Kana');
  });

  test('more models than a page holds: a pager of plain links', async () => {
    const fay = await signedInUser(t.database.db, { username: 'fay' }, NOW);
    await manyModels(t.database.db, fay.user._id, 50, () => ({}), 'Paged');
    const first = await page(fay);
    expect(first.html).toContain('Showing 50 of 50 models');
    expect(first.html).toContain('Page 1 of 2');
    expect(first.html).toContain('href="/models?page=2"');
    const second = await page(fay, '?page=2');
    expect(second.html).toContain('Paged 0049');
    expect(second.html).not.toContain('Paged 0000');
  });

  test('a bad filter in the address is a 400 page, not a 500', async () => {
    const res = await page(ann, '?sort=password');
    expect(res.status).toBe(400);
  });
});

describe('the avatar service (AVATAR_SERVICE_URL)', () => {
  const LINKS = [
    { name: 'Site', url: 'https://example.test/gigi' },
    { name: 'OF', url: 'https://onlyfans.com/gigi' },
  ];

  test("unset: no picture URL ever points at a third party by the hub's doing", async () => {
    const model = await create(ann, { name: 'Gigi Off', links: LINKS });
    expect(model.picture).toBeNull();
    const listed = await list(ann, '?search=Gigi%20Off');
    expect(listed.models[0]!.picture).toBeNull();
  });

  test('set: a model with a link on a known platform and no picture gets the templated URL; its own pictures come first', async () => {
    const withAvatars = await createTestApp({
      clock: () => new Date(NOW),
      env: { SITE_LOCKOUT_HOURS: '0', AVATAR_SERVICE_URL: 'https://avatars.example/{platform}/{username}' },
    });
    try {
      const gus = await signedInUser(withAvatars.database.db, { username: 'gus' }, NOW);
      const post = async (body: Record<string, unknown>) =>
        (await (await withAvatars.request('/api/models', { method: 'POST', as: gus, json: body })).json()) as Model;
      // The picture is the hub's own address; its hash names the source it serves.
      const pictureOf = (model: Model, source: string) => expect(model.picture).toBe(pictureAddress(model._id, source));
      pictureOf(await post({ name: 'Linked', links: LINKS }), 'https://avatars.example/onlyfans/gigi');
      expect((await post({ name: 'Unknown Platform', links: [LINKS[0]] })).picture).toBeNull();
      pictureOf(await post({ name: 'Own Image', links: LINKS, image: 'https://img.example.test/own.jpg' }), 'https://img.example.test/own.jpg');
      pictureOf(
        await post({
          name: 'Own Profile Picture',
          links: LINKS,
          image: 'https://img.example.test/own.jpg',
          profilePicture: { url: 'https://img.example.test/pp.jpg' },
        }),
        'https://img.example.test/pp.jpg',
      );
    } finally {
      await withAvatars.close();
    }
  });
});

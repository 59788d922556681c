// What the browser keeps of an unfinished upload: a fingerprint of the file and its fields (never
// its name), the upload's address, for a week at most, and nothing when storage is refused.
import { afterEach, expect, setSystemTime, test } from 'bun:test';
import { savedUploads, uploadFingerprint } from './uploads.ts';

const file = (name = 'Holiday clip.mp4', size = 3, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });
const fields = { gallery: 'gallery' as const, tags: ['beach'] };

afterEach(() => {
  setSystemTime();
  localStorage.clear();
});

test('the same file with the same fields has one fingerprint; another name, size, date, gallery, title or tag another', () => {
  const one = uploadFingerprint(file(), fields);
  expect(uploadFingerprint(file(), { ...fields })).toBe(one);
  const others = [
    uploadFingerprint(file('Other.mp4'), fields),
    uploadFingerprint(file(undefined, 4), fields),
    uploadFingerprint(file(undefined, undefined, 1_700_000_000_001), fields),
    uploadFingerprint(file(), { ...fields, gallery: 'premium' }),
    uploadFingerprint(file(), { ...fields, title: 'Sea' }),
    uploadFingerprint(file(), { ...fields, tags: ['beach', 'sun'] }),
    uploadFingerprint(file(), { ...fields, modelId: 'm1' }),
  ];
  expect(new Set([one, ...others]).size).toBe(others.length + 1);
});

test('kept by fingerprint, without the file name; forgotten by address; gone after a week', () => {
  const fingerprint = uploadFingerprint(file(), fields);
  savedUploads.set(fingerprint, '/api/uploads/abc');
  expect(savedUploads.get(fingerprint)).toBe('/api/uploads/abc');
  expect(JSON.stringify(localStorage)).not.toContain('Holiday');
  savedUploads.forgetUrl('/api/uploads/abc');
  expect(savedUploads.get(fingerprint)).toBeUndefined();
  expect(localStorage.getItem('hub:unfinished-uploads')).toBeNull();

  savedUploads.set(fingerprint, '/api/uploads/def');
  setSystemTime(new Date(Date.now() + 7 * 24 * 3_600_000 + 1));
  expect(savedUploads.get(fingerprint)).toBeUndefined();
});

test('storage that is garbage or refuses writes breaks nothing', () => {
  localStorage.setItem('hub:unfinished-uploads', '{not json');
  expect(savedUploads.get('x')).toBeUndefined();
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = () => {
    throw new Error('QuotaExceededError');
  };
  try {
    expect(() => savedUploads.set('x', '/api/uploads/x')).not.toThrow();
  } finally {
    Storage.prototype.setItem = setItem;
  }
});

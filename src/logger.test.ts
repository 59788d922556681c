import { expect, test } from 'bun:test';
import { createLogger, formatLine } from './logger.ts';

test('a line is time, level, message, then key=value pairs, quoting values that need it', () => {
  const line = formatLine('info', 'request', { method: 'GET', path: '/a b', status: 200, skipped: undefined }, new Date('2030-01-02T03:04:05.006Z'));
  expect(line).toBe('2030-01-02T03:04:05.006Z INFO  request method=GET path="/a b" status=200');
});

test('values cannot forge a second log line', () => {
  const line = formatLine('warn', 'x', { path: '/evil\n2030-01-01T00:00:00.000Z INFO  fake' });
  expect(line.split('\n')).toHaveLength(1);
  expect(line).toContain('path="/evil\\n2030');
});

test('levels below the threshold are dropped; silent drops everything', () => {
  const lines: string[] = [];
  const logger = createLogger('warn', (l) => lines.push(l));
  logger.debug('d');
  logger.info('i');
  logger.warn('w');
  logger.error('e');
  expect(lines.map((l) => l.split(' ')[1])).toEqual(['WARN', 'ERROR']);
  const quiet: string[] = [];
  createLogger('silent', (l) => quiet.push(l)).error('nothing');
  expect(quiet).toEqual([]);
});

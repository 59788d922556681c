// A small levelled logger writing one line per event: time, level, message, then key=value pairs.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, string | number | boolean | undefined | null>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
}

function formatValue(value: string | number | boolean): string {
  const text = String(value);
  return /^[\w./:@+,-]*$/.test(text) && text !== '' ? text : JSON.stringify(text);
}

export function formatLine(level: Exclude<LogLevel, 'silent'>, message: string, fields: Fields = {}, now = new Date()): string {
  const pairs = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${formatValue(v as string | number | boolean)}`);
  return [now.toISOString(), level.toUpperCase().padEnd(5), message, ...pairs].join(' ');
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const threshold = ORDER[level];
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields?: Fields): void => {
      if (ORDER[lvl] >= threshold) write(formatLine(lvl, message, fields));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');

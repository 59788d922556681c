// Sends a request exactly as written over a socket (fetch would fix up Host and the path), and
// reads the whole answer. For tests of malformed requests against a real Bun.serve.

import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(port: number, text: string, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(text.slice(0, 60))}`));
    }, timeoutMs);
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** A GET with the given Host line (or none when null), closing the connection after the answer. */
export function rawGet(port: number, path: string, host: string | null, version = 'HTTP/1.1'): Promise<RawAnswer> {
  const hostLine = host === null ? '' : `Host: ${host}\r\n`;
  return rawRequest(port, `GET ${path} ${version}\r\n${hostLine}Connection: close\r\n\r\n`);
}

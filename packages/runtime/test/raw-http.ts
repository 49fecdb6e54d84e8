/**
 * One request written byte for byte on a fresh TCP connection, and the answer as it came: for what
 * `inject` cannot send (it skips Node's HTTP parser), such as an overlong URL or a broken request line.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first answer on the connection, read until the server closes it (or `Connection: close` was sent). */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      if (headers['content-length'] === undefined) return reject(new Error(`no Content-Length: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
    socket.write(request);
  });
}

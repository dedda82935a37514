import { createServer, type Server, type Socket } from 'node:net';
import { createLogger } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/data-access/mailer.js';

/**
 * The SMTP transport against a minimal SMTP server of this test (node:net: greeting, EHLO, MAIL, RCPT, DATA, RSET,
 * NOOP, QUIT), counting the connections and the messages it takes.
 */
let server: Server;
let port: number;
const connections: Socket[] = [];
const messages: string[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    connections.push(socket);
    let buffer = '';
    let data: string[] | undefined;
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = undefined;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('the SMTP mailer', () => {
  it('when three mails are sent one after another, then they travel over one connection, each to its recipient', async () => {
    const mailer = createMailer({ from: 'Platform <noreply@platform.test>', smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', logger: createLogger({ service: 'test', level: 'silent' }) });
    try {
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
        await mailer.send({ to, subject: `Hello ${to}`, html: '<p>Hi</p>', text: 'Hi', template: 'welcome', fromName: 'Task Portal' });
      }
    } finally {
      mailer.close();
    }
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => /^To: (.*)$/m.exec(m)?.[1])).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(connections).toHaveLength(1);
  });
});

import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, the sink takes a message but never acknowledges it: the sender hangs mid-delivery. */
  stall: boolean;
  stop(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for suites that deliver mail over TCP. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sink = { received, stall: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (sink.stall) return; // never call back: the sender waits until it gives up or is killed
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  // A sender killed mid-exchange resets its connection; that is what some suites test, not a failure of the sink.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

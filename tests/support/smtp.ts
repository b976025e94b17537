import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** A message as the fake SMTP server received it. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP envelope. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The body, with the transfer encoding (quoted-printable, base64) undone. */
  text: string;
  raw: string;
}

/**
 * How the fake behaves: accept everything, refuse every recipient with a 550, or accept the
 * connection and never greet, nor answer a message on a connection already open (a pooled
 * one): the client's greeting or socket timeout must end the wait.
 */
export type FakeSmtpMode = "accept" | "reject" | "silent";

export interface FakeSmtp {
  /** For SMTP_URL: plain SMTP on loopback (the fake offers no STARTTLS). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  mode: FakeSmtpMode;
  /** The most messages whose DATA was in flight at one moment (SMTP conversations at once). */
  readonly maxInFlight: number;
  /** Messages whose DATA has arrived and whose answer is still to come (delayMs). */
  readonly inFlight: number;
  /** Whether a message to this address is in flight now (its DATA begun, no answer yet). */
  inFlightTo(address: string): boolean;
  /** The most messages to this address in flight at one moment. */
  maxInFlightTo(address: string): number;
  /**
   * Whether a message to this address has arrived whole and waits for its answer (delayMs): the
   * relay has it, whatever becomes of the sender now.
   */
  arrivedTo(address: string): boolean;
  /** Messages sent to this address. */
  to(address: string): ReceivedMail[];
  /**
   * Conversations the fake left unanswered ("silent": no greeting, or no answer to MAIL FROM)
   * that the sender then closed: its own timeout ended the wait.
   */
  readonly givenUp: number;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Enough MIME for single-part text messages: unfold headers, undo the transfer encoding. */
export function parseMail(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

const address = (a: SMTPServerAddress | false) => (a ? a.address : "");

/** An in-process SMTP server on a free loopback port that records what it receives. */
/** `port`: listen there again (a server restarted on the address the app was given). */
/** `delayMs`: each message is accepted that long after its data ended, as a relay across a network. */
export async function startFakeSmtp(port = 0, options: { delayMs?: number } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const fake = { mode: "accept" as FakeSmtpMode, inFlight: 0, maxInFlight: 0, givenUp: 0 };
  const unanswered = new Set<string>();
  const flying = new Map<string, number>();
  const mostFlying = new Map<string, number>();
  const arrived = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(session, callback) {
      // Never calling back means never greeting.
      if (fake.mode !== "silent") callback();
      else unanswered.add(session.id);
    },
    onMailFrom(_address, session, callback) {
      // A pooled connection greeted before the server went silent: no answer either.
      if (fake.mode !== "silent") callback();
      else unanswered.add(session.id);
    },
    onClose(session) {
      if (unanswered.delete(session.id)) fake.givenUp += 1;
    },
    onRcptTo(rcpt, _session, callback) {
      if (fake.mode === "reject") {
        const error = Object.assign(new Error(`Mailbox ${rcpt.address} unavailable`), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      for (const r of recipients) {
        flying.set(r, (flying.get(r) ?? 0) + 1);
        mostFlying.set(r, Math.max(mostFlying.get(r) ?? 0, flying.get(r) ?? 0));
      }
      fake.inFlight += 1;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on(
        "end",
        () =>
          void (async () => {
            for (const r of recipients) arrived.set(r, (arrived.get(r) ?? 0) + 1);
            if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
            for (const r of recipients) arrived.set(r, (arrived.get(r) ?? 1) - 1);
            fake.inFlight -= 1;
            for (const r of recipients) flying.set(r, (flying.get(r) ?? 1) - 1);
            const raw = Buffer.concat(chunks).toString("utf8");
            messages.push({
              envelopeFrom: address(session.envelope.mailFrom),
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
              ...parseMail(raw),
            });
            callback();
          })(),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  server.on("error", () => {
    // A client that gave up mid-conversation (the timeout case) is not a test failure.
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    get mode() {
      return fake.mode;
    },
    set mode(mode: FakeSmtpMode) {
      fake.mode = mode;
    },
    get maxInFlight() {
      return fake.maxInFlight;
    },
    get inFlight() {
      return fake.inFlight;
    },
    get givenUp() {
      return fake.givenUp;
    },
    inFlightTo: (addr) => (flying.get(addr) ?? 0) > 0,
    maxInFlightTo: (addr) => mostFlying.get(addr) ?? 0,
    arrivedTo: (addr) => (arrived.get(addr) ?? 0) > 0,
    to: (addr) => messages.filter((m) => m.envelopeTo.includes(addr)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

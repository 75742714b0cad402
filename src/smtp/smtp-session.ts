// One SMTP session over one socket (RFC 5321 §4.1, §4.3.2; PIPELINING of RFC 2920; STARTTLS of RFC 3207):
// reads command lines and DATA, answers in order, and asks its hooks what to do at connect, RCPT and the
// end of DATA. Replies made in one turn of reading go out in one write. P49 says why this is ours and not
// smtp-server's: no greeting pause, and about half its CPU per session.
import type { Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import { DotUnstuffer } from './dot-unstuffing.js';
import { parseCommandLine, parseMailFrom, parseRcptTo } from './smtp-command.js';
import { releaseChunk } from './release-chunk.js';
import {
  formatReply,
  MAX_COMMAND_LINE_BYTES,
  MAX_UNRECOGNISED_COMMANDS,
  protocol,
  replies,
  type SmtpReply,
} from './replies.js';

export interface SessionInfo {
  readonly id: string;
  /** The client's address; an IPv4-mapped IPv6 address as IPv4. */
  readonly remoteAddress: string;
  /** The name given at HELO or EHLO, null before. */
  readonly heloName: string | null;
  readonly secure: boolean;
}

/** What a session does while a message's data is read: pause and resume the reading (the intake gate), or
 * end the session with a reply (a sender too slow). */
export interface DataControl {
  pause(): void;
  resume(): void;
  close(reply: SmtpReply): void;
}

/** One message's data as it arrives. */
export interface MessageSink {
  /** Takes the next bytes; true when the sink keeps a view of `chunk` after the call (a copy is not one). */
  add(chunk: Buffer): boolean;
  /** The data ended: the reply to it (250 only after the durable commit, D10). */
  end(): Promise<SmtpReply>;
  /** The session ended first: nothing is stored. */
  abort(): void;
}

export interface SessionHooks {
  /** A reply refuses the session (421) instead of the greeting. */
  admit(session: SessionInfo): SmtpReply | null;
  closed(session: SessionInfo): void;
  /** A new transaction with this sender ('' for the null sender). */
  mailFrom(session: SessionInfo, sender: string): void;
  /** 250 takes the recipient; any other reply refuses it (a 421 ends the session). */
  rcptTo(session: SessionInfo, address: string): SmtpReply | Promise<SmtpReply>;
  /** The data of the transaction's message starts. */
  data(session: SessionInfo, control: DataControl): MessageSink;
  /** The idle timeout now (shorter when most connection slots are taken, D25). */
  idleTimeoutMs(): number;
  /** Unexpected failures of a hook. */
  failed(error: unknown): void;
}

export interface SessionOptions {
  id: string;
  hostname: string;
  /** For STARTTLS; null when no certificate is configured (STARTTLS is then not offered). */
  tls: (() => SecureContext) | null;
  hooks: SessionHooks;
}

const LF = 0x0a;
const CR = 0x0d;
/** Commands buffered behind a pending reply before reading stops until they are answered. */
const BACKLOG_BYTES = 64 * 1024;
const HTTP_REQUEST = /^(OPTIONS|GET|HEAD|POST|PUT|DELETE|TRACE|CONNECT|PATCH) \S+ HTTP\/\d/i;

type Mode = 'command' | 'data' | 'closed';

export class SmtpSession implements SessionInfo {
  readonly id: string;
  readonly remoteAddress: string;
  heloName: string | null = null;
  secure = false;

  #socket: Socket;
  readonly #raw: Socket;
  readonly #options: SessionOptions;
  #mode: Mode = 'command';
  /** Bytes read in command mode and not yet taken as commands. */
  #pending: Buffer | null = null;
  /** A hook is working on a command (RCPT) or on the end of DATA: later commands wait for its reply. */
  #busy = false;
  #out = '';
  #sender: string | null = null;
  #recipients = 0;
  #unrecognised = 0;
  #data: { unstuffer: DotUnstuffer; sink: MessageSink } | null = null;
  #gatePaused = false;
  #backlogPaused = false;
  #timeoutMs = 0;
  /** Ending: no more commands are read; the socket ends once the replies are written. */
  #ending = false;
  /** The server is shutting down: the session ends at its next command or once its message is answered. */
  #draining = false;

  constructor(socket: Socket, options: SessionOptions) {
    this.#raw = socket;
    this.#socket = socket;
    this.#options = options;
    this.id = options.id;
    const remote = socket.remoteAddress ?? '';
    this.remoteAddress = remote.startsWith('::ffff:') && remote.includes('.') ? remote.slice(7) : remote;
  }

  /** Greets the client, or refuses it, at once: no pause to catch clients that talk first (P49). */
  start(): void {
    const socket = this.#raw;
    socket.on('close', () => this.#closed());
    this.#listen(socket);
    const refusal = this.#options.hooks.admit(this);
    if (refusal !== null) return this.#end(refusal);
    this.#armTimeout();
    this.#send(protocol.greeting(this.#options.hostname));
    this.#flush();
  }

  /** The server is closing: an idle session is told 421 now, a busy one when its reply is written. */
  drain(): void {
    this.#draining = true;
    if (this.#mode === 'command' && !this.#busy && !this.#ending) this.#end(protocol.shuttingDown);
  }

  /** The server's grace period is over: 421 and closed, unless a hook is about to answer (a delivery,
   * stopped short of its commit by then, answers 421 itself, and the session ends after it). */
  abort(): void {
    this.#draining = true;
    if (this.#mode === 'closed' || this.#busy) return;
    if (this.#ending) return void this.#socket.destroy();
    this.#end(protocol.shuttingDown);
  }

  /** Closed at once, replies or not (the last resort of a shutdown). */
  destroy(): void {
    this.#socket.destroy();
    this.#raw.destroy();
  }

  #listen(socket: Socket): void {
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('timeout', () => this.#timedOut());
    socket.on('error', () => socket.destroy());
  }

  #armTimeout(): void {
    const ms = this.#options.hooks.idleTimeoutMs();
    if (ms === this.#timeoutMs) return;
    this.#timeoutMs = ms;
    this.#socket.setTimeout(ms);
  }

  #timedOut(): void {
    if (this.#ending) return void this.#socket.destroy();
    // Quiet because the server is still answering (a recipient check, a delivery): the wait is ours.
    if (this.#busy) return;
    this.#end(protocol.idleTimeout);
  }

  #send(reply: SmtpReply): void {
    this.#out += formatReply(reply);
  }

  #flush(): void {
    if (this.#out === '' || this.#mode === 'closed') return;
    this.#socket.write(this.#out);
    this.#out = '';
  }

  /** Writes the reply and what was waiting before it, and ends the session. */
  #end(reply: SmtpReply): void {
    if (this.#ending || this.#mode === 'closed') return;
    this.#ending = true;
    this.#send(reply);
    const out = this.#out;
    this.#out = '';
    this.#pending = null;
    this.#abortData();
    this.#socket.end(out);
  }

  #read(chunk: Buffer): void {
    if (this.#ending || this.#mode === 'closed') return;
    if (this.#mode === 'data') return this.#readData(chunk);
    this.#pending = this.#pending === null ? chunk : Buffer.concat([this.#pending, chunk]);
    this.#answer();
    if (this.#busy && !this.#backlogPaused && (this.#pending?.length ?? 0) > BACKLOG_BYTES) {
      this.#backlogPaused = true;
      this.#socket.pause();
    }
  }

  /** Answers the complete command lines read so far, in order, until one waits for a hook. */
  #answer(): void {
    while (!this.#busy && !this.#ending && this.#mode === 'command' && this.#pending !== null) {
      const pending = this.#pending;
      const lf = pending.indexOf(LF);
      if (lf < 0) {
        if (pending.length > MAX_COMMAND_LINE_BYTES) this.#end(protocol.lineTooLong);
        break;
      }
      if (lf > MAX_COMMAND_LINE_BYTES) {
        this.#end(protocol.lineTooLong);
        break;
      }
      const end = lf > 0 && pending[lf - 1] === CR ? lf - 1 : lf;
      const line = pending.toString('utf8', 0, end);
      this.#pending = lf + 1 < pending.length ? pending.subarray(lf + 1) : null;
      this.#command(line);
    }
    if (this.#draining && !this.#busy && this.#mode === 'command') return this.#end(protocol.shuttingDown);
    this.#flush();
    if (!this.#busy && this.#backlogPaused) {
      this.#backlogPaused = false;
      this.#resumeIfFree();
    }
  }

  #command(line: string): void {
    if (this.#draining) return this.#end(protocol.shuttingDown);
    this.#armTimeout();
    const { verb, arg } = parseCommandLine(line);
    switch (verb) {
      case 'EHLO':
      case 'HELO':
        return this.#hello(verb, arg);
      case 'MAIL':
        return this.#mail(arg);
      case 'RCPT':
        return this.#rcpt(arg);
      case 'DATA':
        return this.#startData(arg);
      case 'RSET':
        this.#resetTransaction();
        return this.#send(protocol.ok);
      case 'NOOP':
        return this.#send(protocol.ok);
      case 'QUIT':
        return this.#end(protocol.bye);
      case 'VRFY':
        return this.#send(protocol.vrfy);
      case 'HELP':
        return this.#send(protocol.help);
      case 'STARTTLS':
        return this.#startTls(arg);
      case 'AUTH':
        return this.#send(protocol.noAuth);
      default:
        if (HTTP_REQUEST.test(line)) return this.#end(protocol.notSmtp);
        this.#unrecognised += 1;
        if (this.#unrecognised >= MAX_UNRECOGNISED_COMMANDS) return this.#end(protocol.tooManyUnrecognised);
        return this.#send(protocol.unrecognised);
    }
  }

  #hello(verb: 'EHLO' | 'HELO', arg: string): void {
    const name = arg.split(/\s+/)[0] ?? '';
    if (name === '') return this.#send(protocol.heloSyntax);
    // RFC 5321 §4.1.4: a new EHLO resets the transaction.
    this.#resetTransaction();
    this.heloName = name;
    const host = this.#options.hostname;
    this.#send(
      verb === 'EHLO'
        ? protocol.ehlo(host, this.remoteAddress, !this.secure && this.#options.tls !== null)
        : protocol.helo(host),
    );
  }

  #mail(arg: string): void {
    if (this.heloName === null) return this.#send(protocol.heloFirst);
    if (this.#sender !== null) return this.#send(protocol.nestedMail);
    const parsed = parseMailFrom(arg);
    if ('refusal' in parsed) return this.#send(parsed.refusal);
    this.#sender = parsed.address;
    this.#recipients = 0;
    this.#options.hooks.mailFrom(this, parsed.address);
    this.#send(protocol.senderOk);
  }

  #rcpt(arg: string): void {
    if (this.heloName === null) return this.#send(protocol.heloFirst);
    if (this.#sender === null) return this.#send(protocol.mailFirst);
    const parsed = parseRcptTo(arg);
    if ('refusal' in parsed) return this.#send(parsed.refusal);
    let verdict: SmtpReply | Promise<SmtpReply>;
    try {
      verdict = this.#options.hooks.rcptTo(this, parsed.address);
    } catch (error) {
      this.#options.hooks.failed(error);
      return this.#send(replies.internalError);
    }
    if (!(verdict instanceof Promise)) return this.#recipientReply(verdict);
    this.#busy = true;
    verdict
      .catch((error: unknown) => {
        this.#options.hooks.failed(error);
        return replies.internalError as SmtpReply;
      })
      .then((reply) => {
        this.#busy = false;
        if (this.#mode === 'closed' || this.#ending) return;
        this.#recipientReply(reply);
        this.#answer();
      });
  }

  #recipientReply(reply: SmtpReply): void {
    if (reply.code === 421) return this.#end(reply);
    if (reply.code >= 200 && reply.code < 300) this.#recipients += 1;
    this.#send(reply);
  }

  #startData(arg: string): void {
    if (arg !== '') return this.#send(protocol.noArguments);
    if (this.heloName === null) return this.#send(protocol.heloFirst);
    if (this.#sender === null) return this.#send(protocol.mailFirst);
    if (this.#recipients === 0) return this.#send(protocol.rcptFirst);
    // The controls act only while this message's data is being read.
    const reading = () => this.#data?.sink === sink;
    const sink: MessageSink = this.#options.hooks.data(this, {
      pause: () => {
        if (!reading()) return;
        this.#gatePaused = true;
        this.#socket.pause();
      },
      resume: () => {
        if (!reading()) return;
        this.#gatePaused = false;
        this.#resumeIfFree();
      },
      close: (reply) => {
        if (reading()) this.#end(reply);
      },
    });
    this.#data = { unstuffer: new DotUnstuffer(), sink };
    this.#mode = 'data';
    this.#send(protocol.startData);
    this.#flush();
    // Bytes that came with the DATA command (a client that did not wait for the 354) are the message's.
    const early = this.#pending;
    this.#pending = null;
    if (early !== null) this.#readData(early);
  }

  #readData(chunk: Buffer): void {
    const data = this.#data!;
    const { parts, end } = data.unstuffer.push(chunk);
    let kept = false;
    for (const part of parts) kept = data.sink.add(part) || kept;
    if (end < 0) {
      if (!kept) releaseChunk(chunk);
      return;
    }
    this.#data = null;
    this.#mode = 'command';
    if (this.#gatePaused) {
      this.#gatePaused = false;
      this.#resumeIfFree();
    }
    this.#pending = end < chunk.length ? chunk.subarray(end) : null;
    this.#busy = true;
    data.sink
      .end()
      .catch((error: unknown) => {
        this.#options.hooks.failed(error);
        return replies.internalError as SmtpReply;
      })
      .then((reply) => {
        this.#busy = false;
        this.#resetTransaction();
        if (this.#mode === 'closed' || this.#ending) return;
        if (reply.code === 421) return this.#end(reply);
        this.#send(reply);
        this.#answer();
      });
  }

  #startTls(arg: string): void {
    if (arg !== '') return this.#send(protocol.noArguments);
    if (this.secure) return this.#send(protocol.tlsActive);
    let context: SecureContext;
    try {
      if (this.#options.tls === null) return this.#send(protocol.tlsUnavailable);
      context = this.#options.tls();
    } catch (error) {
      this.#options.hooks.failed(error);
      return this.#send(protocol.tlsUnavailable);
    }
    this.#send(protocol.startTls);
    this.#flush();
    // RFC 3207 §4.2: whatever came in plaintext after STARTTLS is dropped unanswered (command injection),
    // and the session starts over: no HELO name, no transaction.
    this.#pending = null;
    this.#resetTransaction();
    this.heloName = null;
    const plain = this.#socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('timeout');
    plain.setTimeout(0);
    const secure = new TLSSocket(plain, { isServer: true, secureContext: context });
    this.#socket = secure;
    this.secure = true;
    secure.on('close', () => this.#closed());
    this.#timeoutMs = 0;
    this.#listen(secure);
    this.#armTimeout();
  }

  #resetTransaction(): void {
    this.#sender = null;
    this.#recipients = 0;
  }

  #abortData(): void {
    const data = this.#data;
    this.#data = null;
    data?.sink.abort();
  }

  #resumeIfFree(): void {
    if (!this.#gatePaused && !this.#backlogPaused && this.#mode !== 'closed') this.#socket.resume();
  }

  #closed(): void {
    if (this.#mode === 'closed') return;
    this.#abortData();
    this.#mode = 'closed';
    this.#pending = null;
    this.#options.hooks.closed(this);
  }
}

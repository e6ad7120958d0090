import type { Connection } from 'ssh2';

/** SSH disconnect reasons (RFC 4253 11.1) the table ends a connection with. */
export const BY_APPLICATION = 11;
export const TOO_MANY_CONNECTIONS = 12;
export const NO_MORE_AUTH_METHODS = 14;

/** The parts of ssh2's Connection (1.17) that send a packet; its own disconnect() sends no description. */
interface Internals {
  _sock?: { end(): unknown; writable?: boolean };
  _protocol?: {
    _packetRW?: { write?: { allocStartKEX: number; alloc(len: number, kex: boolean): Buffer; finalize(packet: Buffer, kex: boolean): Buffer } };
    _cipher?: { encrypt(packet: Buffer): unknown };
  };
}

/**
 * Ends `client` with an SSH disconnect that says why, which OpenSSH shows ("Received disconnect from ...: 12: the
 * table is full ..."); ssh2's end() says nothing. Should ssh2's internals differ, it ends as end() does.
 */
export function disconnect(client: Connection, reason: number, text: string): void {
  const { _sock: sock, _protocol: proto } = client as unknown as Internals;
  const rw = proto?._packetRW?.write;
  if (sock === undefined || proto?._cipher === undefined || rw === undefined || sock.writable === false) {
    client.end();
    return;
  }
  const description = Buffer.from(text.slice(0, 200));
  let p = rw.allocStartKEX;
  const packet = rw.alloc(1 + 4 + 4 + description.length + 4, true);
  packet[p] = 1; // SSH_MSG_DISCONNECT
  packet.writeUInt32BE(reason, (p += 1));
  packet.writeUInt32BE(description.length, (p += 4));
  description.copy(packet, (p += 4));
  packet.writeUInt32BE(0, p + description.length);
  proto._cipher.encrypt(rw.finalize(packet, true));
  sock.end();
}

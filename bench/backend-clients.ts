import { execFileSync } from 'node:child_process';

// Which process each PostgreSQL backend serves, for the tools that split the server's work by
// client (bench/pg-by-client.ts, bench/switches-by-process.ts). The embedded server is reached over
// a Unix socket, so a backend and its client are the two ends of one: `ss -xpn` (iproute2) names
// both ends' processes.

/** Each backend's client process, from the two ends of every Unix socket (`ss -xpn`). */
export function clientOfBackends(): Map<number, number> {
  const ownerOf = new Map<string, number>();
  const peerOf = new Map<string, string>();
  for (const line of execFileSync('ss', ['-xpn'], { encoding: 'utf8' }).split('\n')) {
    const match = /\s(\d+)\s+\S+\s+(\d+)\s+users:\(\("[^"]*",pid=(\d+)/.exec(line);
    // A socket held by several processes is one they inherited (the server's standard streams,
    // shared by every backend it forks), never a client's connection: pairing it would name the
    // process that started the server as the client of whichever backend ss lists first.
    if (!match || line.includes('),(')) continue;
    ownerOf.set(match[1]!, Number(match[3]));
    peerOf.set(match[1]!, match[2]!);
  }
  const clients = new Map<number, number>();
  for (const [inode, owner] of ownerOf) {
    const peer = ownerOf.get(peerOf.get(inode)!);
    if (peer !== undefined && peer !== owner) clients.set(owner, peer);
  }
  return clients;
}

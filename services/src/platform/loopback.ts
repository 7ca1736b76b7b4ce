import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8 and ::1 (BlockList also matches the IPv4-mapped form ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const plain = address?.replace(/^\[(.*)\]$/, '$1');
  const family = plain ? isIP(plain) : 0;
  return family !== 0 && LOOPBACK.check(plain!, family === 6 ? 'ipv6' : 'ipv4');
}

/** A listen address (HOST) that only this machine can reach. */
export const isLoopbackHost = (host: string): boolean => host.toLowerCase() === 'localhost' || isLoopbackAddress(host);

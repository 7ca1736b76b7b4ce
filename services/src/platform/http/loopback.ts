import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../loopback';
import { problem, sendProblem } from './problem';

/**
 * onRequest hook of a development tool (the dev mailbox, the local OpenID provider): only a client on this
 * machine gets an answer. The TCP peer decides, never X-Forwarded-For, which any client can write.
 */
export function loopbackOnly(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isLoopbackAddress(request.socket.remoteAddress)) return done();
  // The same answer as a route that does not exist: nothing tells a remote client the tool is here.
  sendProblem(reply, problem(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
}

import { createHash, createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { Knex } from 'knex';
import { RoleSchema, type Role } from '@verba/contracts';
import { CSRF_COOKIE, type AuthUser } from '../../../platform/http/routes';

/**
 * Sessions: a short-lived JWT in an httpOnly cookie (checked without a database round trip) plus a
 * refresh token that is rotated on use. A refresh token presented after it was rotated away (outside a
 * short grace for parallel requests) revokes the session: someone else has a copy.
 */
export const ACCESS_COOKIE = 'verba_session';
export const REFRESH_COOKIE = 'verba_refresh';
const ACCESS_TTL_S = 5 * 60;
const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const ROTATION_GRACE_MS = 30_000;
const REVOCATION_CACHE_MS = 5_000;

export async function migrateSessions(db: Knex): Promise<void> {
  await db.raw(`
    create table if not exists identity_sessions (
      id uuid primary key,
      user_id uuid not null,
      refresh_hash text not null,
      previous_hash text,
      rotated_at timestamptz,
      expires_at timestamptz not null,
      revoked boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index if not exists identity_sessions_user on identity_sessions (user_id)`);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const sameHash = (a: Buffer, hex: string | null) => !!hex && timingSafeEqual(a, Buffer.from(hex, 'hex'));

export interface SessionOptions {
  db: Knex;
  jwtKey: Buffer;
  secureCookies: boolean;
  /** The role of a user as the read model has it now (undefined for a deleted user). */
  roleOf(userId: string): Promise<Role | undefined>;
}

export class Sessions {
  private readonly liveCache = new Map<string, { live: boolean; until: number }>();
  /** Verified access tokens until they expire: a signature check per request is most of a read's cost. */
  private readonly verified = new Map<string, { user: AuthUser; exp: number }>();
  private readonly key: KeyObject;
  private readonly csrfKey: Buffer;
  private readonly csrfTokens = new Map<string, string>();

  constructor(private readonly o: SessionOptions) {
    this.key = createSecretKey(o.jwtKey);
    this.csrfKey = createHmac('sha256', o.jwtKey).update('verba csrf token').digest();
  }

  /** The session's CSRF token: an HMAC of its id, so it needs no storage and fits no other session. */
  csrfToken(sessionId: string): string {
    let token = this.csrfTokens.get(sessionId);
    if (!token) {
      token = createHmac('sha256', this.csrfKey).update(sessionId).digest('base64url');
      if (this.csrfTokens.size >= 50_000) this.csrfTokens.clear();
      this.csrfTokens.set(sessionId, token);
    }
    return token;
  }

  /** Starts a session and sets its three cookies (access, refresh, CSRF). */
  async start(reply: FastifyReply, userId: string, role: Role): Promise<void> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await this.o.db('identity_sessions').insert({
      id,
      user_id: userId,
      refresh_hash: sha256(secret).toString('hex'),
      expires_at: new Date(Date.now() + REFRESH_TTL_MS),
    });
    await this.setCookies(reply, { id: userId, role, sessionId: id }, `${id}.${secret}`);
    this.setCsrfCookie(reply, id);
  }

  async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | undefined> {
    const user = await this.caller(request, reply);
    // A browser holding no token or another one (a cookie issued before tokens were bound to sessions) gets this session's.
    if (user && request.cookies[CSRF_COOKIE] !== this.csrfToken(user.sessionId)) this.setCsrfCookie(reply, user.sessionId);
    return user;
  }

  private async caller(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | undefined> {
    const access = request.cookies[ACCESS_COOKIE];
    if (access) {
      const user = await this.verifyAccess(access);
      if (user && (await this.isLive(user.sessionId))) return user;
    }
    const refresh = request.cookies[REFRESH_COOKIE];
    return refresh ? this.rotate(refresh, reply) : undefined;
  }

  private setCsrfCookie(reply: FastifyReply, sessionId: string): void {
    reply.setCookie(CSRF_COOKIE, this.csrfToken(sessionId), {
      path: '/',
      sameSite: 'lax',
      secure: this.o.secureCookies,
      httpOnly: false, // the app reads it to echo it in the CSRF header
      maxAge: REFRESH_TTL_MS / 1000,
    });
  }

  async end(reply: FastifyReply, sessionId: string): Promise<void> {
    await this.o.db('identity_sessions').where({ id: sessionId }).update({ revoked: true });
    this.liveCache.delete(sessionId);
    this.clearCookies(reply);
  }

  async endAll(userId: string): Promise<void> {
    const ids: string[] = await this.o.db('identity_sessions').where({ user_id: userId }).pluck('id');
    await this.o.db('identity_sessions').where({ user_id: userId }).delete();
    for (const id of ids) this.liveCache.delete(id);
  }

  clearCookies(reply: FastifyReply): void {
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }

  private async verifyAccess(token: string): Promise<AuthUser | undefined> {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known.user;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = RoleSchema.safeParse(payload['role']);
      if (!payload.sub || typeof payload['sid'] !== 'string' || !role.success || !payload.exp) return undefined;
      const user = { id: payload.sub, role: role.data, sessionId: payload['sid'] };
      if (this.verified.size >= 50_000) this.verified.clear();
      this.verified.set(token, { user, exp: payload.exp * 1000 });
      return user;
    } catch {
      return undefined;
    }
  }

  /** Sign-out and account deletion end sessions at once, not only when the access token expires. */
  private async isLive(sessionId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.liveCache.get(sessionId);
    if (cached && cached.until > now) return cached.live;
    const row = await this.o.db('identity_sessions').where({ id: sessionId }).first('revoked', 'expires_at');
    const live = !!row && !row.revoked && new Date(row.expires_at).getTime() > now;
    if (this.liveCache.size > 50_000) this.liveCache.clear();
    this.liveCache.set(sessionId, { live, until: now + REVOCATION_CACHE_MS });
    return live;
  }

  private async rotate(cookie: string, reply: FastifyReply): Promise<AuthUser | undefined> {
    const [id, secret] = cookie.split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const row = await this.o.db('identity_sessions').where({ id }).first();
    if (!row || row.revoked || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
    const presented = sha256(secret);
    const role = await this.o.roleOf(row.user_id);
    if (!role) return undefined;
    const user: AuthUser = { id: row.user_id, role, sessionId: id };

    if (sameHash(presented, row.refresh_hash)) {
      const next = randomBytes(32).toString('base64url');
      const updated = await this.o
        .db('identity_sessions')
        .where({ id, refresh_hash: row.refresh_hash })
        .update({ refresh_hash: sha256(next).toString('hex'), previous_hash: row.refresh_hash, rotated_at: new Date() });
      if (updated === 1) {
        await this.setCookies(reply, user, `${id}.${next}`);
        return user;
      }
      // A parallel request rotated it first: fall through to the grace check.
    }
    const fresh = await this.o.db('identity_sessions').where({ id }).first();
    const withinGrace = fresh?.rotated_at && Date.now() - new Date(fresh.rotated_at).getTime() < ROTATION_GRACE_MS;
    if (fresh && withinGrace && sameHash(presented, fresh.previous_hash)) {
      await this.setAccessCookie(reply, user);
      return user;
    }
    await this.o.db('identity_sessions').where({ id }).update({ revoked: true });
    this.liveCache.delete(id);
    return undefined;
  }

  private async setCookies(reply: FastifyReply, user: AuthUser, refreshToken: string): Promise<void> {
    await this.setAccessCookie(reply, user);
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.o.secureCookies,
      maxAge: REFRESH_TTL_MS / 1000,
    });
  }

  private async setAccessCookie(reply: FastifyReply, user: AuthUser): Promise<void> {
    const token = await new SignJWT({ role: user.role, sid: user.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TTL_S}s`)
      .sign(this.key);
    reply.setCookie(ACCESS_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.o.secureCookies,
      maxAge: ACCESS_TTL_S,
    });
  }
}

/**
 * Every learner route of the contracts route table has a caller in the shell or a fragment (issue 21: a
 * capability a learner cannot reach does not exist for them), except the reviewed allow-list, each with its
 * reason. A route that loses its last caller, or an allow-listed one that gains one, fails here.
 */
import { describe, expect, it } from 'vitest';
import { contractRoutes } from '../../test-support/security/route-table';
import { isLearnerRoute, routeCallers, routesCalledBy } from '../../test-support/security/route-callers';
import { ROUTES_WITHOUT_CALLERS } from '../../test-support/security/routes-without-callers';

describe('learner routes and their callers in the browser source', () => {
  const callers = routeCallers();

  it('every learner route has a caller, but for the reviewed allow-list', () => {
    const uncalled = contractRoutes.filter((r) => isLearnerRoute(r.route) && callers.get(r.key)!.length === 0).map((r) => r.key);
    expect(uncalled.sort()).toEqual(Object.keys(ROUTES_WITHOUT_CALLERS).sort());
  });

  it('names only learner routes of the table in the allow-list, each with a reason', () => {
    const learner = new Set(contractRoutes.filter((r) => isLearnerRoute(r.route)).map((r) => r.key));
    for (const [key, reason] of Object.entries(ROUTES_WITHOUT_CALLERS)) {
      expect(learner.has(key), key).toBe(true);
      expect(reason.length, key).toBeGreaterThan(10);
    }
  });

  it('recognizes the ways the browser calls a route', () => {
    // A route object imported from the contracts (typed client, useRouteQuery, useCommand); a type import is no call.
    expect(routesCalledBy("import { flashcardsInfo, type Flashcard } from '@verba/contracts/http';")).toEqual(['GET /api/flashcards/info']);
    expect(routesCalledBy("import type { recordTime } from '@verba/contracts/http';")).toEqual([]);
    // The shell's schema-free send: method before the path, holes for parameters, the query ignored.
    expect(routesCalledBy("client.send('DELETE', `/api/forum/posts/${postId}`)")).toEqual(['DELETE /api/forum/posts/:postId']);
    expect(routesCalledBy("client.send('GET', `/api/premium/get-prices${currency ? `?currency=${currency}` : ''}`)")).toEqual([
      'GET /api/premium/get-prices',
    ]);
    // The first load's schema-free references, under their own name or an alias.
    expect(routesCalledBy("import { firstLoadRoutes as routes } from '@verba/contracts/http';\ncallRef(routes.signIn, { body });")).toEqual(
      ['POST /api/sign-in'],
    );
    // fetch with its method after the path; a link or an image is a GET.
    expect(routesCalledBy("fetch('/api/tts', { method: 'POST', body })")).toEqual(['POST /api/tts']);
    expect(routesCalledBy('<img src={`/api/user/avatar?v=${stamp}`} />')).toEqual(['GET /api/user/avatar']);
    // Marking cached paths stale calls nothing.
    expect(routesCalledBy("void invalidatePaths(['/api/flashcards', '/api/practice']);")).toEqual([]);
  });

  it('finds the callers of routes the fragments are known to call', () => {
    expect(callers.get('PATCH /api/dictionary/word')).toContain('mfe-learn/src/features/chapter/api/words-api.ts');
    expect(callers.get('POST /api/user/onboarding')).toContain('shell/src/onboarding/onboarding-api.ts');
  });
});
